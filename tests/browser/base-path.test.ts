// A site under a base path in real Chromium (docs/deploying.md, "GitHub Pages
// project sites"): the sample built with `pressroom build --base-path /project`
// and served by `pressroom serve --base /project`, both through the CLI. A page
// hydrates with no console error or hydration warning, every request it makes
// stays under /project/ and succeeds, an internal link is followed client-side
// to the right page, a listing's second page is read from the data mirror
// under the prefix, and search reaches the live API under it, or with the API
// down the static index published under it.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleApi, type SampleApi } from '../../src/sample-api/index.ts';
import { spawnCli, type CliRun } from '../helpers/pressroom.ts';
import { useTempDir } from '../helpers/temp.ts';
import { BUILD_NOW } from './global-setup.ts';
import { browserSession } from './harness.ts';

const BASE = '/project';

const tmp = useTempDir('pressroom-browser-base-');
let api: SampleApi;
let serve: CliRun;
let origin: string;

beforeAll(async () => {
  api = await startSampleApi({ port: 0, today: BUILD_NOW, dataDir: join(tmp.dir, 'api-data') });
  const out = join(tmp.dir, 'out');
  // gitlab: a host that serves project sites under their path, and writes the _redirects serve reads.
  const build = spawnCli(['build', '--api', api.url, '--out', out, '--now', BUILD_NOW, '--base-path', BASE, '--hosts', 'gitlab', '--quiet']);
  const built = await build.exit;
  expect(built.code, build.stderr()).toBe(0);
  serve = spawnCli(['serve', '--out', out, '--port', '0', '--base', BASE, '--api-proxy', api.url]);
  // serve prints the site's home, http://127.0.0.1:PORT/project/, once it listens.
  const home = await new Promise<string>((ok, fail) => {
    const look = () => {
      const line = /^(http:\/\/\S+)\n/m.exec(serve.stdout());
      if (line) ok(line[1]);
    };
    serve.child.stdout!.on('data', look);
    void serve.exit.then(() => fail(new Error(`serve ended: ${serve.stderr()}`)));
    look();
  });
  expect(home).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/project\/$/);
  origin = new URL(home).origin;
});

afterAll(async () => {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill('SIGTERM');
    await serve.exit;
  }
  await api?.close();
});

// Registered after the hooks above: the browser is launched once the site is served, and closed before serve and the API stop.
const session = browserSession();

interface Opened {
  page: Page;
  problems: string[];
  /** Same-origin requests, as paths with their query. */
  requests: string[];
}

/**
 * Opens `path` under the base path, watching for console errors, hydration
 * warnings, and requests that leave the prefix or fail. `apiDown`: every /api/
 * request is refused, as when the content service is down.
 */
async function open(path: string, opts: { apiDown?: boolean } = {}): Promise<Opened> {
  const requests: string[] = [];
  const { page, problems } = await session.open(`${origin}${BASE}${path}`, {
    async prepare({ page, context, problems }) {
      if (opts.apiDown) await context.route('**/api/**', (route) => route.abort('connectionrefused'));
      page.on('request', (req) => {
        const u = new URL(req.url());
        if (u.origin !== origin) return;
        requests.push(`${u.pathname}${u.search}`);
        if (!u.pathname.startsWith(`${BASE}/`)) problems.push(`request outside ${BASE}/: ${u.pathname}`);
      });
      page.on('response', (res) => {
        if (new URL(res.url()).origin === origin && res.status() >= 400) problems.push(`${res.status()} for ${new URL(res.url()).pathname}`);
      });
      page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
    },
  });
  return { page, problems, requests };
}

describe('a site served under /project', () => {
  it('hydrates the home page, with every asset, preload and image under the prefix', async () => {
    const { page, problems, requests } = await open('/');
    expect(await page.locator('a.logo').getAttribute('href')).toBe(`${BASE}/`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://devdispatch.example/project/');
    const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((ls) => ls.map((l) => l.getAttribute('href')));
    expect(preloads.length).toBeGreaterThan(3);
    for (const href of preloads) expect(href).toMatch(/^\/project\/assets\//);
    // The page loaded its scripts, stylesheet and images from under the prefix.
    expect(requests.filter((r) => r.startsWith(`${BASE}/assets/`) && r.endsWith('.js')).length).toBeGreaterThan(3);
    expect(requests.some((r) => r.startsWith(`${BASE}/uploads/`))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  it('follows an internal link client-side and lands on the right article', async () => {
    const { page, problems } = await open('/');
    const link = page.locator('.home-lead-title a').first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/project\/[^/]+\/[^/]+$/);
    const title = (await link.textContent())!.trim();
    // A marker on window survives only a client-side navigation, not a page load.
    await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
    await link.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.waitForFunction((t) => document.querySelector('h1.article-title')?.textContent === t, title);
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
    // The article's own links carry the prefix too (the router's basename).
    const authorHref = await page.locator('.article-byline a').first().getAttribute('href');
    expect(authorHref).toMatch(/^\/project\/author\//);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  it('reads the second page of a listing from the data mirror under the prefix', async () => {
    const { page, problems, requests } = await open('/topic/news');
    const titles = () => page.locator('.listing-page :is(.post-card-title, .post-row-title) a').allTextContents();
    const first = await titles();
    expect(first.length).toBeGreaterThan(3);
    // The link a reader without JavaScript follows is page 2's own route, under the prefix (docs/decisions/0105-listing-page-routes.md).
    expect(await page.locator('.pagination [aria-label="Page 2"]').getAttribute('href')).toBe('/project/topic/news/page/2');
    await page.click('.pagination [aria-label="Page 2"]');
    await page.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '2');
    const second = await titles();
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
    expect(requests.some((r) => r.startsWith(`${BASE}/data/post/topic/news`) && r.includes('page=2'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('searches the live API through the proxy under the prefix', async () => {
    const { page, problems, requests } = await open('/search/all/zzqxjvnothing');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'No Result For Your Search');
    expect(requests.some((r) => r.startsWith(`${BASE}/api/`))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('searches the static index under the prefix when the API is refused', async () => {
    const { page, problems, requests } = await open('/search/all/security', { apiDown: true });
    await page.waitForSelector('.search-index-notice');
    // Pagefind's script, worker, WebAssembly and index files all come from /project/pagefind/ (its entry file with a cache-busting query),
    // and so do the index's other parts (src/emit/search-parts.ts), whichever part a shown result is in.
    for (const f of ['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind', 'index/', 'pressroom-parts.json']) {
      expect(requests.some((r) => r.startsWith(`${BASE}/pagefind/${f}`)), f).toBe(true);
    }
    expect(requests.some((r) => r.startsWith(`${BASE}/pagefind/parts/1/pagefind-entry.json`)), 'a second part').toBe(true);
    expect(requests.some((r) => new RegExp(`^${BASE}/pagefind/(parts/\\d+/)?fragment/`).test(r)), 'fragment/').toBe(true);
    // The results link to the articles under the prefix.
    const hrefs = await page.locator('.search-page :is(.post-card-title, .post-row-title) a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const h of hrefs) expect(h).toMatch(/^\/project\/[^/]+\/[^/]+$/);
    // The one expected failure, named exactly: the refused live search and Chromium's console line for it.
    const search = requests.find((r) => r.startsWith(`${BASE}/api/post/search/`))!;
    expect(search).toBeDefined();
    expect(problems.sort()).toEqual([`console.error: Failed to load resource: net::ERR_CONNECTION_REFUSED`, `request failed: ${origin}${search} net::ERR_CONNECTION_REFUSED`].sort());
  });
});
