// Search with the API down, in real Chromium over the built sample site
// (docs/pages.md, "Search results"; search.staticIndex "fallback", the
// default): every request to /api/ is refused, a reader searches from the
// header, and the results come from the static index the build published under
// /pagefind/, in the same layout as live results (heading, category tabs,
// three cards then a list, the pagination window) with the index notice.
//
// The refused live search is the one console error such a page may show
// (Chromium logs every failed load as "Failed to load resource"). The test
// records each console error with the URL it is about and expects exactly one
// per refused search request, instead of loosening the harness's rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { INDEX_NOTICE } from '../../src/app/pages/search/index.tsx';
import { partOf } from '../../src/emit/search-parts.ts';
import { browserSession } from './harness.ts';

const session = browserSession();

interface ApiDown {
  page: Page;
  /** Everything the harness would count: console errors, page errors, hydration warnings. */
  problems: string[];
  /** Console errors with the URL each is about. */
  consoleErrors: { text: string; url: string }[];
  /** Paths of the /api/ requests that were refused. */
  refused: string[];
  /** Paths of the static index's files that were loaded. */
  indexLoads: string[];
}

/** A page of the site with every /api/ request refused, as when the content service is down. */
async function openWithApiDown(path: string): Promise<ApiDown> {
  const refused: string[] = [];
  const consoleErrors: { text: string; url: string }[] = [];
  const indexLoads: string[] = [];
  const { page, problems } = await session.open(path, {
    async prepare({ page, context }) {
      await context.route('**/api/**', (route) => {
        refused.push(new URL(route.request().url()).pathname);
        return route.abort('connectionrefused');
      });
      page.on('console', (msg: ConsoleMessage) => {
        if (msg.type() === 'error') consoleErrors.push({ text: msg.text(), url: msg.location().url });
      });
      page.on('requestfinished', (req) => {
        const p = new URL(req.url()).pathname;
        if (p.startsWith('/pagefind/')) indexLoads.push(p);
      });
    },
  });
  return { page, problems, consoleErrors, refused, indexLoads };
}

/** The console errors beyond one "Failed to load resource" per refused search request: must be none. */
function unexpectedErrors(o: ApiDown): string[] {
  const searches = o.refused.filter((p) => p.startsWith('/api/post/search/'));
  expect(searches.length, 'the live search was tried').toBeGreaterThan(0);
  expect(o.refused.filter((p) => !p.startsWith('/api/post/search/')), 'no other live request on these pages').toEqual([]);
  const failedLoads = o.consoleErrors.filter((e) => /^Failed to load resource: net::ERR_CONNECTION_REFUSED$/.test(e.text) && new URL(e.url).pathname.startsWith('/api/post/search/'));
  expect(failedLoads).toHaveLength(searches.length);
  const rest = [...o.problems];
  for (const e of failedLoads) rest.splice(rest.indexOf(`console.error: ${e.text}`), 1);
  return rest;
}

interface Listed {
  title: string;
  cat: string;
  name: string;
}

/** The published articles, from the built site's mirror of the topic listings (every page of each category). */
function publishedArticles(): Listed[] {
  const dir = join(inject('outDir'), 'data', 'post', 'topic');
  const byId = new Map<number, Listed>();
  for (const f of readdirSync(dir).filter((x) => /^[a-z-]+@limit=10,page=\d+\.json$/.test(x))) {
    const env = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    for (const p of env.body.posts.postData) byId.set(p.id, { title: p.post_title, cat: p.cat_slug, name: p.post_name });
  }
  return [...byId.values()].sort((a, b) => (a.title < b.title ? -1 : 1));
}

const words = (title: string) => [...new Set(title.toLowerCase().match(/[a-z]{5,}/g) ?? [])];

/** Title words and how many published titles hold each. */
function titleWordCounts(articles: Listed[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of articles) for (const w of words(a.title)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

async function searchFromHeader(page: Page, term: string) {
  const box = page.locator('form[role="search"] input:visible').first();
  await box.fill(term);
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === `/search/all/${encodeURIComponent(term)}`);
}

const resultTitles = (page: Page) => page.locator('.search-page :is(.post-card-title, .post-row-title) a').allTextContents();
const resultLinks = (page: Page) => page.locator('.search-page :is(.post-card-title, .post-row-title) a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

describe('search with the API down', () => {
  it('finds an article by a word of its title in the static index, with the tabs, the cards and the notice', async () => {
    const articles = publishedArticles();
    const counts = titleWordCounts(articles);
    // A word that only one title holds: that article must be among the first results.
    const known = articles.find((a) => words(a.title).some((w) => counts.get(w) === 1))!;
    expect(known, 'the sample has a title with a word of its own').toBeDefined();
    const term = words(known.title).find((w) => counts.get(w) === 1)!;

    const o = await openWithApiDown('/');
    await searchFromHeader(o.page, term);
    await o.page.waitForSelector('.search-index-notice');
    expect(await o.page.locator('.search-index-notice').textContent()).toBe(INDEX_NOTICE.fallback);
    expect(await o.page.locator('h1').textContent()).toBe(`Search Result : ${term}`);
    expect(await o.page.locator('[role="alert"]').count()).toBe(0);
    const titles = await resultTitles(o.page);
    expect(titles).toContain(known.title);
    expect(await resultLinks(o.page)).toContain(`/${known.cat}/${known.name}`);
    // Cards first (at most three), the rest as list rows: the live layout.
    const cards = await o.page.locator('.search-page .listing-cards .post-card').count();
    expect(cards).toBe(Math.min(3, titles.length));
    expect(await o.page.locator('.search-page .listing-list .post-row').count()).toBe(titles.length - cards);
    // The tabs: 'All' (current) and the categories, as for live results.
    expect(await o.page.locator('.search-page a[aria-current="page"]').textContent()).toBe('All');

    // A category tab filters the index on the article's category.
    await o.page.locator(`.search-page a[href="/search/${known.cat}/${term}"]`).first().click();
    await o.page.waitForURL((u) => u.pathname === `/search/${known.cat}/${term}`);
    await o.page.waitForFunction((href) => [...document.querySelectorAll('.search-page .post-card-title a')].some((a) => a.getAttribute('href') === href), `/${known.cat}/${known.name}`);
    for (const href of await resultLinks(o.page)) expect(href!.startsWith(`/${known.cat}/`)).toBe(true);
    expect(await o.page.locator('.search-index-notice').textContent()).toBe(INDEX_NOTICE.fallback);

    // Pagefind's script, its WebAssembly and index files came from the site; none of them is in the bundle.
    expect(o.indexLoads).toContain('/pagefind/pagefind.js');
    expect(o.indexLoads.some((p) => p.endsWith('.pf_fragment'))).toBe(true);
    expect(unexpectedErrors(o)).toEqual([]);
  });

  it('pages through many index results with the pagination window', async () => {
    const counts = titleWordCounts(publishedArticles());
    // The title word most titles share: more than one page of results.
    const [term, titled] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    expect(titled).toBeGreaterThan(10);

    const o = await openWithApiDown(`/search/all/${term}`);
    await o.page.waitForSelector('.search-index-notice');
    expect(await o.page.locator('h1').textContent()).toBe(`Search Result : ${term}`);
    expect(await o.page.locator('.search-page .listing-cards .post-card').count()).toBe(3);
    expect(await o.page.locator('.search-page .listing-list .post-row').count()).toBe(7);
    const first = await resultTitles(o.page);
    // The index is in parts (src/emit/search-parts.ts): each listed part was merged, and the results come from several.
    const listed = JSON.parse(readFileSync(join(inject('outDir'), 'pagefind', 'pressroom-parts.json'), 'utf8')).parts as string[];
    expect(listed.length).toBeGreaterThan(0);
    for (const part of listed) expect(o.indexLoads).toContain(`/pagefind/${part}pagefind-entry.json`);
    const from = new Set((await resultLinks(o.page)).map((href) => partOf(`${href!.slice(1)}/index.html`, listed.length + 1)));
    expect(from.size).toBeGreaterThan(1);
    expect(await o.page.locator('.pagination [aria-current="page"]').textContent()).toBe('1');
    expect(await o.page.locator('button[aria-label="Previous page"]').isDisabled()).toBe(true);

    await o.page.click('button[aria-label="Page 2"]');
    await o.page.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '2');
    await o.page.waitForFunction((before) => {
      const now = [...document.querySelectorAll('.search-page :is(.post-card-title, .post-row-title) a')].map((a) => a.textContent);
      return now.length > 0 && now.every((t) => !before.includes(t));
    }, first);
    expect(await o.page.locator('.search-index-notice').textContent()).toBe(INDEX_NOTICE.fallback);
    expect(unexpectedErrors(o)).toEqual([]);
  });
});
