// Reader behaviours that only show in a real browser, over the built sample
// site (docs/pages.md): the article's "More from" and Related Content fade in
// on scroll; the subscribe popup's text is readable (WCAG AA); a topic page
// whose next page fails stays as it was; the event detail's staggered
// `loaded` class runs after the first paint; Back to a topic page shows the
// stored page; a tag whose data file answers 500 goes to /404. Every wait is
// on an event or a DOM state (page.waitForFunction), never on time.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserSession, WIDTHS } from './harness.ts';

const session = browserSession();
const { open } = session;

/** The first route directory under out/{dir} (sorted, so the choice is stable). */
function firstRoute(dir: string): string {
  const name = readdirSync(join(inject('outDir'), dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()[0];
  return `/${dir}/${name}`;
}

/** The failed load of a resource a test made answer 500 is expected; anything else is a problem. */
const unexpected = (problems: string[]) => problems.filter((p) => !/Failed to load resource: the server responded with a status of 500/.test(p));

/** Marks the window, so a later check can tell a client navigation (mark kept) from a document load. */
const mark = (page: Page) => page.evaluate(() => void ((window as { pressroomTestMark?: boolean }).pressroomTestMark = true));
const marked = (page: Page) => page.evaluate(() => (window as { pressroomTestMark?: boolean }).pressroomTestMark === true);

describe('article: "More from" and Related Content fade in on scroll', () => {
  it('are hidden below the fold once hydrated and revealed in steps when scrolled to', async () => {
    // At 375 px both lists are far below the fold (under the article's body).
    const { page, problems } = await open(firstRoute('news'), { width: WIDTHS.mobile });
    const lists = ['.side-list .side-item', '.more-from .post-card']; // in page order
    // The islands render the lists after hydration; the fade-in must then hide them until they come into view.
    await page.waitForFunction(
      (sels) => sels.every((s) => document.querySelectorAll(s).length > 0 && [...document.querySelectorAll(s)].every((el) => el.classList.contains('reveal-out'))),
      lists,
    );
    // Both start below the fold (the test would prove nothing otherwise).
    expect(await page.evaluate((sels) => sels.map((s) => document.querySelector(s)!.getBoundingClientRect().top >= window.innerHeight), lists)).toEqual([true, true]);
    // Record how many items of each list are shown at each class change.
    await page.evaluate((sels) => {
      const w = window as { revealSteps?: Record<string, number[]> };
      w.revealSteps = {};
      for (const s of sels) {
        const steps: number[] = (w.revealSteps[s] = []);
        const items = [...document.querySelectorAll(s)];
        new MutationObserver(() => steps.push(items.filter((el) => el.classList.contains('reveal-in')).length)).observe(items[0].parentElement!, { attributes: true, subtree: true, attributeFilter: ['class'] });
      }
    }, lists);
    for (const sel of lists) {
      await page.locator(sel).first().scrollIntoViewIfNeeded();
      await page.waitForFunction((s) => [...document.querySelectorAll(s)].every((el) => el.classList.contains('reveal-in')), sel);
      const steps = await page.evaluate((s) => (window as { revealSteps?: Record<string, number[]> }).revealSteps?.[s] ?? [], sel);
      // Progressive: the shown count never goes back, and reaches every item in at most 5 steps.
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
      expect(steps.at(-1)).toBe(await page.locator(sel).count());
      expect(new Set(steps.filter((n) => n > 0)).size).toBeLessThanOrEqual(5);
    }
    expect(problems).toEqual([]);
  });
});

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/** WCAG contrast ratio of two colours. */
function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('subscribe popup', () => {
  it('its label, field and note are readable on the popup: contrast of at least 4.5:1', async () => {
    const { page, problems } = await open('/');
    await page.click('.btn-subscribe');
    await page.waitForSelector('.modal-root.is-shown .modal-form label');
    // Each text's computed colour against the background it is painted on: the
    // nearest ancestor's background colours, composited down to an opaque one.
    const pairs = await page.evaluate(() => {
      const rgba = (s: string) => (s.match(/[\d.]+/g) ?? []).map(Number).concat([1]).slice(0, 4);
      const backdrop = (el: Element | null): number[] => {
        const layers: number[][] = [];
        for (let e = el; e; e = e.parentElement) {
          const c = rgba(getComputedStyle(e).backgroundColor);
          if (c[3] > 0) layers.push(c);
          if (c[3] === 1) break;
        }
        let out = [255, 255, 255];
        for (const [r, g, b, a] of layers.reverse()) out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a)];
        return out;
      };
      return ['.modal-form label', '.modal-field-row input', '.modal-note'].map((sel) => {
        const el = document.querySelector(sel)!;
        return { sel, color: rgba(getComputedStyle(el).color).slice(0, 3), background: backdrop(el) };
      });
    });
    for (const { sel, color, background } of pairs) {
      expect(contrast(color, background), `${sel}: rgb(${color}) on rgb(${background.map(Math.round)})`).toBeGreaterThanOrEqual(4.5);
    }
    expect(problems).toEqual([]);
  });
});

const titles = (page: Page) => page.locator('.listing-page :is(.post-card-title, .post-row-title) a').allTextContents();
const currentPage = (page: Page) => page.locator('.pagination [aria-current="page"]').textContent();
const onPage = (page: Page, n: number) => page.waitForFunction((want) => document.querySelector('.pagination [aria-current="page"]')?.textContent === want, String(n));

describe('topic listing', () => {
  it('a next page that fails to load is logged and the page stays as it was, with its pagination', async () => {
    const { page, problems } = await open('/topic/news');
    const first = await titles(page);
    expect(await currentPage(page)).toBe('1');
    await page.route('**/data/post/topic/news@limit=10,page=2.json', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }));
    const logged = page.waitForEvent('console', (m) => m.type() === 'log' && /Error fetching topic posts/.test(m.text()));
    await page.locator('.pagination [aria-label="Page 2"]').click();
    await logged;
    await onPage(page, 1);
    expect(await titles(page)).toEqual(first);
    expect(await page.getByText('No Posts Available').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('currentPage'))).not.toBe('2');

    // Not stuck: once the file answers again, page 2 opens.
    await page.unroute('**/data/post/topic/news@limit=10,page=2.json');
    await page.locator('.pagination [aria-label="Page 2"]').click();
    await onPage(page, 2);
    expect(await titles(page)).not.toEqual(first);
    expect(unexpected(problems)).toEqual([]);
  });

  it('Back from an author page (client navigation) shows the stored page 2 again', async () => {
    const { page, problems } = await open('/topic/news');
    await page.locator('.pagination [aria-label="Page 2"]').click();
    await onPage(page, 2);
    const second = await titles(page);
    expect(await page.evaluate(() => localStorage.getItem('currentPage'))).toBe('2');
    await mark(page);
    const author = page.locator('.listing-page a[href^="/author/"]').first();
    const href = (await author.getAttribute('href'))!;
    await author.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.waitForSelector('.author-page');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/topic/news');
    await onPage(page, 2);
    expect(await titles(page)).toEqual(second);
    expect(await marked(page)).toBe(true); // the app navigated: no document load
    expect(problems).toEqual([]);
  });
});

describe('event detail: the staggered loaded class', () => {
  /** Records, from the document's start, whether each block of the event already had `loaded` when first seen, and the order `loaded` came in. */
  const recordBlocks = () => {
    const w = window as { blocksSeen?: boolean[]; loadedOrder?: number[] };
    const seen = new Map<Element, boolean>();
    w.blocksSeen = [];
    w.loadedOrder = [];
    const check = () => {
      const blocks = [...document.querySelectorAll('.event-detail-main > .reveal')];
      blocks.forEach((el, i) => {
        if (!seen.has(el)) {
          seen.set(el, el.classList.contains('loaded'));
          w.blocksSeen!.push(el.classList.contains('loaded'));
        } else if (el.classList.contains('loaded') && !seen.get(el)) {
          seen.set(el, true);
          w.loadedOrder!.push(i);
        }
      });
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  };
  const allLoaded = (page: Page) => page.waitForFunction(() => {
    const blocks = [...document.querySelectorAll('.event-detail-main > .reveal')];
    return blocks.length > 0 && blocks.every((el) => el.classList.contains('loaded'));
  }, undefined);

  async function expectStagger(page: Page) {
    await allLoaded(page);
    const { seen, order } = await page.evaluate(() => ({ seen: (window as { blocksSeen?: boolean[] }).blocksSeen ?? [], order: (window as { loadedOrder?: number[] }).loadedOrder ?? [] }));
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((had) => !had), 'no block is loaded at first paint').toBe(true);
    expect(order.length).toBe(seen.length);
    expect(order).toEqual([...order].sort((a, b) => a - b)); // block by block, top down
  }

  it('is on no block at first paint and comes block by block after hydration (direct load)', async () => {
    const path = firstRoute('events');
    const html = await (await fetch(new URL(path, inject('siteUrl')))).text();
    expect(html).toContain('event-detail-main');
    expect(/class="[^"]*\bloaded\b/.test(html), 'a block is loaded in the HTML').toBe(false);
    const { page } = await open(path, {
      async prepare({ page }) {
        await page.addInitScript(recordBlocks);
      },
    });
    await expectStagger(page);
  });

  it('runs alike after a client navigation from the events list', async () => {
    const { page, problems } = await open('/events');
    await mark(page);
    await page.evaluate(recordBlocks);
    const card = page.locator('.event-card a').first();
    const href = (await card.getAttribute('href'))!;
    await card.click();
    await page.waitForURL((u) => u.pathname === href);
    await expectStagger(page);
    expect(await marked(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('tag page', () => {
  it('goes to /404 when its data file answers 500 on a client navigation, as for an API 500', async () => {
    const { page, problems } = await open('/sitemap');
    const link = page.locator('a[href^="/tag/"]').first();
    const href = (await link.getAttribute('href'))!;
    const slug = href.slice('/tag/'.length);
    await page.route(`**/data/post/tag/${slug}.json`, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }));
    await mark(page);
    await link.click();
    await page.waitForURL((u) => u.pathname === '/404');
    await page.waitForSelector('.not-found');
    expect(await marked(page)).toBe(true);
    expect(await page.getByText('No Posts Available').count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
  });
});
