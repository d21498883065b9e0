// Ads come from the mirror after hydration (docs/decisions/0116-ads-from-the-mirror.md; docs/pages.md,
// "Shared shell", Ads), in Chromium: no ad is in a page's HTML; once hydrated each slot fills from
// data/advertisement/get_active.json with ads of its banner_type, linking to dest_url in a new tab
// with banner_name as the image's alt, and a rotating slot swaps its ad; the slot measures the same
// before and after it fills; a reader without JavaScript sees the empty slot; a failed read of the
// file leaves the slot empty with only a console.log (no console error from the app).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Ad } from '../../src/api/types.ts';
import { browserSession, siteUrl } from './harness.ts';

const session = browserSession({ closeAfter: 'test' });
const ADS_URL = '**/data/advertisement/get_active.json';

/** The active ads as the build mirrored them. */
function mirroredAds(): Ad[] {
  return JSON.parse(readFileSync(join(inject('outDir'), 'data', 'advertisement', 'get_active.json'), 'utf8')).body as Ad[];
}

/** An article page of the built site (an island document): the first folder of news/ with a page that is not a listing's. */
function anArticle(): string {
  const root = join(inject('outDir'), 'news');
  const name = readdirSync(root).find((d) => d !== 'page' && existsSync(join(root, d, 'index.html')));
  if (!name) throw new Error('no article under news/');
  return `/news/${name}`;
}

const slotBox = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { width: Math.round(r.width), height: Math.round(r.height) };
  });

/** Waits until every image in the slot has loaded (the box is compared with the image in it). */
const imagesLoaded = (page: Page, selector: string) =>
  page.waitForFunction((sel) => [...document.querySelectorAll(`${sel} img`)].every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0), selector);

describe('ad slots from the mirror', () => {
  it('no ad is in the HTML; after hydration the slots fill, link out in a new tab with banner_name as alt, and keep their size', async () => {
    const ads = mirroredAds();
    expect(ads.length).toBeGreaterThan(3);
    const path = anArticle();
    const html = await (await fetch(siteUrl(path))).text();
    expect(html).toContain('data-island="ad"');
    for (const ad of ads) expect(html).not.toContain(ad.dest_url);

    const side = 'aside.ad-slot-side';
    const noScript = await session.open(path, { waitHydrated: false, context: { javaScriptEnabled: false } });
    expect(await noScript.page.locator(`${side}[data-ad-state="loading"] .ad-space`).count()).toBe(1);
    expect(await noScript.page.locator(`${side} a`).count()).toBe(0);
    const before = await slotBox(noScript.page, side);

    const { page, problems } = await session.open(path);
    await page.waitForSelector(`${side}[data-ad-state="filled"]`);
    const link = page.locator(`${side} a.ad-banner`);
    const alt = await link.locator('img').getAttribute('alt');
    const shown = ads.find((a) => a.banner_name === alt);
    expect(shown?.banner_type).toBe('Post-1');
    expect(await link.getAttribute('href')).toBe(shown!.dest_url);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await page.locator(side).scrollIntoViewIfNeeded();
    await imagesLoaded(page, side);
    expect(await slotBox(page, side)).toEqual(before);
    expect(await page.locator(`${side}`).getAttribute('aria-label')).toBe('Advertisement beside the article');
    expect(problems).toEqual([]);
  });

  it('a rotating slot swaps its ad for the next of its type', async () => {
    const { page, problems } = await session.open('/');
    const slot = page.locator('.home-page aside.ad-slot-wide[data-ad-state="filled"]');
    await slot.waitFor();
    const rot = slot.locator('.ad-rotator');
    const footer = mirroredAds().filter((a) => a.banner_type === 'Footer-3');
    expect(Number(await rot.getAttribute('data-ad-count'))).toBe(footer.length);
    const first = await rot.locator('img').getAttribute('alt');
    expect(first).toBe(footer[0].banner_name);
    // The next ad comes after the first's duration_time and a 200 ms fade (unit-tested to the millisecond).
    await page.waitForFunction((alt) => document.querySelector('.home-page .ad-slot-wide .ad-rotator img')?.getAttribute('alt') !== alt, first, { timeout: 60_000 });
    expect(await rot.locator('img').getAttribute('alt')).toBe(footer[1].banner_name);
    expect(problems).toEqual([]);
  });

  it('a failed read of the ads file leaves every slot empty, with a console.log and no error from the app', async () => {
    const logged: string[] = [];
    const { page, problems } = await session.open('/', {
      waitHydrated: false,
      prepare: async ({ page }) => {
        page.on('console', (m) => m.type() === 'log' && logged.push(m.text()));
        await page.route(ADS_URL, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
      },
    });
    const failure = page.waitForEvent('console', (m) => m.type() === 'log' && m.text().startsWith('Ads failed to load'));
    await failure;
    await page.waitForSelector('.home-page aside.ad-slot-wide[data-ad-state="empty"]');
    expect(await page.locator('aside.ad-slot a, aside.ad-slot img').count()).toBe(0);
    expect(await page.locator('aside.ad-slot-wide[aria-busy]').count()).toBe(0);
    expect(logged.filter((t) => t.startsWith('Ads failed to load')).every((t) => t.includes('HTTP error! Status: 503'))).toBe(true);
    // Chromium itself reports the 503 as a failed resource; nothing else is an error.
    expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 503/.test(p))).toEqual([]);
  });
});
