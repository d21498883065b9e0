// Listings, author pages and search in real Chromium over the built sample site
// (docs/pages.md, "Topic listing", "Author page", "Search results"): a topic listing to
// page 2 and back (the page number kept in localStorage and restored after a
// reload), an author page and its page 2, a search from the header with results
// and with none. Every page fails the test on console errors, page errors or
// hydration warnings (./harness.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserSession, waitHydrated } from './harness.ts';

const session = browserSession();
const { open } = session;

const titles = (page: Page) => page.locator('.listing-page :is(.post-card-title, .post-row-title) a').allTextContents();
const currentPage = (page: Page) => page.locator('.pagination [aria-current="page"]').textContent();

/** An author whose posts span at least two pages, read from the built site's mirror. */
function authorWithPages(): string {
  const out = inject('outDir');
  const authors = readdirSync(join(out, 'author'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  for (const name of authors) {
    const file = join(out, 'data', 'author', 'posts', `${name}@limit=10,page=1.json`);
    try {
      const env = JSON.parse(readFileSync(file, 'utf8'));
      if (env.body?.authorPosts?.pagination?.totalPages >= 2) return name;
    } catch {
      // not a mirrored author: try the next
    }
  }
  throw new Error('the sample site has no author with two pages of posts');
}

describe('topic listing', () => {
  it('goes to page 2 and back; a reload restores the stored page after hydration', async () => {
    const { page, problems } = await open('/topic/news');
    await expect(page.locator('h1').textContent()).resolves.toBe('News');
    await expect(page.locator('.filter-label').textContent()).resolves.toBe('Filter :');
    expect(await page.locator('.listing-cards .post-card').count()).toBe(3);
    const first = await titles(page);
    expect(first.length).toBeGreaterThan(3);
    expect(await currentPage(page)).toBe('1');
    await expect(page.locator('.pagination [aria-label="Previous page"]').getAttribute('aria-disabled')).resolves.toBe('true');

    await page.click('.pagination [aria-label="Page 2"]');
    await page.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '2');
    const second = await titles(page);
    expect(second).not.toEqual(first);
    expect(await page.evaluate(() => localStorage.getItem('currentPage'))).toBe('2');

    await page.reload({ waitUntil: 'load' });
    await waitHydrated(page);
    await page.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '2');
    expect(await titles(page)).toEqual(second);

    await page.click('.pagination [aria-label="Previous page"]');
    await page.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '1');
    expect(await titles(page)).toEqual(first);
    expect(problems).toEqual([]);
  });

  it('opens the More menu of the filter strip and follows a sub-category tab', async () => {
    const { page, problems } = await open('/topic/news');
    const more = page.locator('.filter-more-button');
    await more.click();
    await expect(more.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(await page.locator('.filter-menu').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('.filter-menu').isVisible()).toBe(false);
    const tab = page.locator('.filter-tabs > li > a').first();
    const href = await tab.getAttribute('href');
    await tab.click();
    // The tab's listing (highlighted as current), or /no-posts when it is empty.
    await page.waitForFunction(
      (h) => document.querySelector(`.filter-tabs a[href="${h}"][aria-current="page"]`) !== null || (location.pathname === '/no-posts' && document.querySelector('h1')?.textContent === 'No Posts Available'),
      href,
    );
    expect(problems).toEqual([]);
  });
});

describe('author page', () => {
  it('shows the author and goes to page 2 of their posts', async () => {
    const name = authorWithPages();
    const { page, problems } = await open(`/author/${name}`);
    expect((await page.locator('h1').textContent())?.trim()).not.toBe('');
    expect(await page.locator('.author-photo img').getAttribute('alt')).toBeTruthy();
    const first = await titles(page);
    await page.click('.pagination [aria-label="Page 2"]');
    await page.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '2');
    const second = await titles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
    expect(problems).toEqual([]);
  });
});

describe('search from the header', () => {
  async function searchFromHeader(page: Page, term: string) {
    const box = page.locator('form[role="search"] input:visible').first();
    await box.fill(term);
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === `/search/all/${encodeURIComponent(term)}`);
  }

  it('finds posts for a word of a listed title', async () => {
    const { page, problems } = await open('/topic/news');
    const title = (await titles(page))[0];
    const term = title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? title.split(/\s+/)[0];
    await searchFromHeader(page, term);
    await page.waitForFunction((t) => document.querySelector('h1')?.textContent === `Search Result : ${t}`, term);
    await page.waitForSelector('.search-page .post-card');
    expect((await titles(page)).some((t) => t.toLowerCase().includes(term.toLowerCase()))).toBe(true);
    expect(problems).toEqual([]);
  });

  it("says 'No Result For Your Search' when nothing matches", async () => {
    const { page, problems } = await open('/');
    await searchFromHeader(page, 'zzqxjvnothing');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'No Result For Your Search');
    expect(await titles(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('renders a search URL opened directly (the prerendered shell)', async () => {
    const { page, problems } = await open('/search/all/zzqxjvnothing');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'No Result For Your Search');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(problems).toEqual([]);
  });
});
