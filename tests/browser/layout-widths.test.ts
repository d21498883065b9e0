// Boxes and fits at the desktop (1280 px) and mobile (375 px) widths, in real
// Chromium over the built sample site: the topic list's 500 px thumbnail, the
// article's and the preview's footer ad as a banner strip, no empty side-list
// box on a tag with one article, 'More from' without an orphan card, the
// event tabs on one row with every label whole, the share buttons of the topic, author and search
// listings, and no horizontal overflow on the pages measured. Every page fails
// the test on console errors, page errors or hydration warnings (./harness.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { generateCorpus } from '../../src/sample-api/index.ts';
import { BUILD_NOW } from './global-setup.ts';
import { browserSession, WIDTHS } from './harness.ts';

// Each test's pages close after it: two cores, many pages.
const { open } = browserSession({ closeAfter: 'test' });

/** The page is no wider than the viewport (nothing overflows sideways). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

type Box = { width: number; height: number };
const box = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el): Box => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height };
  });

/** The first prerendered news article of the build. */
function anArticle(): string {
  const name = readdirSync(join(inject('outDir'), 'news'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()[0];
  return `/news/${name}`;
}

/** How many 'More from' cards sit on each row, top to bottom, once the list has come from the mirror (it is read after hydration: docs/decisions/0054-article-side-lists-after-hydration.md). */
const moreFromRows = async (page: Page) => {
  await page.locator('.more-from-grid:not([aria-busy]) .post-card').first().waitFor();
  return page.locator('.more-from-grid .post-card').evaluateAll((cards) => {
    const rows = new Map<number, number>();
    for (const c of cards) {
      const top = Math.round(c.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
  });
};

/** A tag whose Articles section has exactly one post, read from the build's mirror. */
function aTagWithOneArticle(): string {
  const dir = join(inject('outDir'), 'data', 'post', 'tag');
  for (const file of readdirSync(dir).sort()) {
    const env = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (env.status === 200 && env.body?.posts?.featured?.length === 1) return `/tag/${file.replace(/\.json$/, '')}`;
  }
  throw new Error('the sample site has no tag with exactly one article');
}

/** The first author page of the build. */
function anAuthor(): string {
  const name = readdirSync(join(inject('outDir'), 'author'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()[0];
  return `/author/${name}`;
}

/** A draft the live preview call answers. */
function aDraftPreview(): string {
  const corpus = generateCorpus({ today: BUILD_NOW });
  const d = corpus.posts.find((p) => p.status === 'draft')!;
  return `/preview/${corpus.categories[d.cat].cat_slug}/${d.name}`;
}

/** The footer ad's image once it has loaded (it is lazy, below the fold). */
async function footerBanner(page: Page): Promise<Box> {
  const img = page.locator('.ad-slot-footer img').first();
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0) || new Promise((ok) => el.addEventListener('load', ok, { once: true })));
  return box(page, '.ad-slot-footer img');
}

for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
  describe(`at ${width} px`, () => {
    it('topic list: the thumbnail is 500 px wide, or the column width on a phone', async () => {
      const { page, problems } = await open('/topic/news', { width });
      const thumb = await box(page, '.listing-list .post-row-media img');
      const row = await box(page, '.listing-list .post-row');
      if (width === WIDTHS.desktop) expect(thumb.width).toBe(500);
      else expect(thumb.width).toBe(row.width);
      expect(thumb.height).toBeCloseTo((thumb.width * 2) / 3, 0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });

    for (const [what, path] of [['article', anArticle], ['preview', aDraftPreview]] as const) {
      it(`${what}: the footer ad is a 728x90 banner, scaled with its ratio on a phone`, async () => {
        const { page, problems } = await open(path(), { width });
        await page.waitForSelector('h1.article-title');
        const banner = await footerBanner(page);
        expect(banner.width).toBe(width === WIDTHS.desktop ? 728 : (await box(page, '.ad-slot-footer')).width);
        expect(banner.height).toBeCloseTo((banner.width * 90) / 728, 0);
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        expect(problems).toEqual([]);
      });
    }

    it('tag with one article: no empty side-list box', async () => {
      const { page, problems } = await open(aTagWithOneArticle(), { width });
      expect(await page.locator('#tag-articles .post-card').count()).toBe(1);
      expect(await page.locator('#tag-articles .side-list').count()).toBe(0);
      // No bordered side box anywhere on the page is left without rows.
      const boxes = await page.locator('.side-list, .side-panel').evaluateAll((els) => els.map((el) => el.querySelectorAll('li').length));
      expect(boxes.filter((rows) => rows === 0)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });

    it("article: 'More from' fills every row of its grid (no orphan card)", async () => {
      const { page, problems } = await open(anArticle(), { width });
      const rows = await moreFromRows(page);
      expect(rows.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
      expect(rows.every((n) => n === rows[0]), `cards per row: ${rows.join(', ')}`).toBe(true);
      if (width === WIDTHS.desktop) {
        expect(rows.length).toBe(1);
        // A tablet width between the two: two full rows of two for four cards.
        await page.setViewportSize({ width: 800, height: 900 });
        const tablet = await moreFromRows(page);
        expect(tablet.every((n) => n === tablet[0]), `cards per row at 800 px: ${tablet.join(', ')}`).toBe(true);
      } else {
        expect(rows.every((n) => n === 1)).toBe(true);
      }
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });

    it('events: the three tabs share one row, each label whole inside the strip (docs/decisions/0105-listing-page-routes.md)', async () => {
      const { page, problems } = await open('/events', { width });
      const tabs = page.locator('.event-tabs [role="tab"]');
      expect(await tabs.allTextContents()).toEqual(['All Events', 'Upcoming Events', 'Past Events']);
      const tops = await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      expect(new Set(tops).size).toBe(1);
      const strip = await box(page, '.event-tabs');
      expect(strip.height).toBeCloseTo((await box(page, '.event-tab')).height, 0);
      const inside = await tabs.evaluateAll((els) =>
        els.map((el) => {
          const s = el.parentElement!.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return r.left >= s.left - 0.5 && r.right <= s.right + 0.5 && el.scrollWidth <= el.clientWidth + 0.5;
        }),
      );
      expect(inside).toEqual([true, true, true]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });

    it('past events: the two buttons stay on one line', async () => {
      const { page, problems } = await open('/past-events', { width });
      const tops = await page.locator('.event-tabs .event-tab').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      expect(tops.length).toBe(2);
      expect(new Set(tops).size).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });

    for (const [what, path] of [['topic', () => '/topic/news'], ['author', anAuthor], ['search', () => '/search/all/cloud']] as const) {
      it(`${what} listing: Facebook, Twitter and LinkedIn share buttons of 27 px, sharing the listing's URL`, async () => {
        const url = path();
        const { page, problems } = await open(url, { width });
        const buttons = page.locator('.listing-page .share-buttons a');
        await buttons.first().waitFor();
        expect(await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(['Share on Facebook', 'Share on Twitter', 'Share on LinkedIn']);
        for (const b of await buttons.all()) {
          expect(await b.isVisible()).toBe(true);
          expect(await b.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([27, 27]);
        }
        // The click opens the share window (550x400 for Facebook) with this listing's URL.
        await page.evaluate(() => {
          (window as unknown as { opened: unknown[] }).opened = [];
          window.open = (...args: unknown[]) => ((window as unknown as { opened: unknown[] }).opened.push(args), null);
        });
        await buttons.first().click();
        const [[href, , features]] = (await page.evaluate(() => (window as unknown as { opened: unknown[] }).opened)) as [string, string, string][];
        expect(new URL(new URL(href).searchParams.get('u')!).pathname).toBe(url);
        expect(features).toMatch(/width=550,height=400/);
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        expect(problems).toEqual([]);
      });
    }
  });
}
