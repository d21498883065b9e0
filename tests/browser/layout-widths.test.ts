// Boxes and fits at the desktop (1280 px) and mobile (375 px) widths, in real
// Chromium over the built sample site: the topic list's 500 px thumbnail, and
// no horizontal overflow on the pages measured. Every page fails the test on
// console errors, page errors or hydration warnings (./harness.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, WIDTHS, type OpenedPage } from './harness.ts';

let browser: Browser;
const opened: OpenedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(opened.map((o) => o.close()));
  await browser?.close();
});

async function open(path: string, width: number): Promise<OpenedPage> {
  const o = await openPage(browser, path, { width });
  opened.push(o);
  return o;
}

/** The page is no wider than the viewport (nothing overflows sideways). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

type Box = { width: number; height: number };
const box = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el): Box => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height };
  });

for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
  describe(`at ${width} px`, () => {
    it('topic list: the thumbnail is 500 px wide, or the column width on a phone', async () => {
      const { page, problems } = await open('/topic/news', width);
      const thumb = await box(page, '.listing-list .post-row-media img');
      const row = await box(page, '.listing-list .post-row');
      if (width === WIDTHS.desktop) expect(thumb.width).toBe(500);
      else expect(thumb.width).toBe(row.width);
      expect(thumb.height).toBeCloseTo((thumb.width * 2) / 3, 0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });
  });
}
