// site.trailingSlash "always" in real Chromium (docs/decisions/0117-trailing-slash-and-page-files.md):
// the sample built with PRESSROOM_TRAILING_SLASH=always and served by `pressroom serve`, both through
// the CLI. Pages hydrate with no hydration warning or console error at their /x/ URL, links carry the
// slash, and a client-side navigation lands on the slashed URL without a redirect or a page load.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleApi, type SampleApi } from '../../src/sample-api/index.ts';
import { spawnCli, type CliRun } from '../helpers/pressroom.ts';
import { useTempDir } from '../helpers/temp.ts';
import { BUILD_NOW } from './global-setup.ts';
import { browserSession } from './harness.ts';

const tmp = useTempDir('pressroom-browser-slash-');
let api: SampleApi;
let serve: CliRun;
let origin: string;

beforeAll(async () => {
  api = await startSampleApi({ port: 0, today: BUILD_NOW, dataDir: join(tmp.dir, 'api-data') });
  const out = join(tmp.dir, 'out');
  const build = spawnCli(['build', '--api', api.url, '--out', out, '--now', BUILD_NOW, '--hosts', 'netlify', '--quiet'], { PRESSROOM_TRAILING_SLASH: 'always' });
  const built = await build.exit;
  expect(built.code, build.stderr()).toBe(0);
  serve = spawnCli(['serve', '--out', out, '--port', '0', '--api-proxy', api.url]);
  const home = await new Promise<string>((ok, fail) => {
    const look = () => {
      const line = /^(http:\/\/\S+)\n/m.exec(serve.stdout());
      if (line) ok(line[1]);
    };
    serve.child.stdout!.on('data', look);
    void serve.exit.then(() => fail(new Error(`serve ended: ${serve.stderr()}`)));
    look();
  });
  origin = new URL(home).origin;
});

afterAll(async () => {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill('SIGTERM');
    await serve.exit;
  }
  await api?.close();
});

const session = browserSession({ closeAfter: 'test' });

/** Opens `path`, recording every same-origin answer that is a redirect. */
async function open(path: string) {
  const redirects: string[] = [];
  const opened = await session.open(`${origin}${path}`, {
    prepare({ page }) {
      page.on('response', (res) => {
        if (new URL(res.url()).origin === origin && res.status() >= 300 && res.status() < 400) redirects.push(`${res.status()} ${new URL(res.url()).pathname}`);
      });
    },
  });
  return { ...opened, redirects };
}

describe('site.trailingSlash "always" in the browser', () => {
  it('hydrates the home page with every internal page link ending in /', async () => {
    const { page, problems, redirects } = await open('/');
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(20);
    expect(hrefs.filter((h) => !/\.[^/]*$/.test(h.split(/[?#]/)[0]) && !h.split(/[?#]/)[0].endsWith('/'))).toEqual([]);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/$/);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(redirects).toEqual([]);
  });

  it('follows an article link client-side to its slashed URL, then a topic link, with no redirect and no hydration problem', async () => {
    const { page, problems, redirects } = await open('/');
    const link = page.locator('.home-lead-title a').first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/[^/]+\/[^/]+\/$/);
    const title = (await link.textContent())!.trim();
    await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
    await link.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.waitForFunction((t) => document.querySelector('h1.article-title')?.textContent === t, title);
    const author = await page.locator('.article-byline a').first().getAttribute('href');
    expect(author).toMatch(/^\/author\/[^/]+\/$/);
    await page.locator('.article-byline a').first().click();
    await page.waitForURL((u) => u.pathname === author);
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(redirects).toEqual([]);
  });

  it('hydrates an article and a listing opened at their slashed URLs, and sends the slashless form there (301)', async () => {
    const home = await open('/');
    const href = (await home.page.locator('.home-lead-title a').first().getAttribute('href'))!;
    for (const path of [href, '/topic/news/']) {
      const { page, problems, redirects } = await open(path);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      expect(redirects, path).toEqual([]);
    }
    const bare = await open(href.slice(0, -1));
    expect(new URL(bare.page.url()).pathname).toBe(href);
    expect(bare.redirects).toEqual([`301 ${href.slice(0, -1)}`]);
  });
});
