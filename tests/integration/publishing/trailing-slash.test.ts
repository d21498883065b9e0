// A sample build with site.trailingSlash "always" (decision 117): canonical and og:url, JSON-LD,
// internal links, sitemap and feed URLs all name pages with their slash, and two builds of one
// snapshot write byte-identical trees.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, treeHashes } from '../../helpers/files.ts';
import { buildInto, tempDir } from '../../helpers/pressroom.ts';
import type { TempDir } from '../../helpers/temp.ts';

const SITE = 'https://news.example';
const ALWAYS = { PRESSROOM_TRAILING_SLASH: 'always' };
let a: TempDir;
let b: TempDir;

beforeAll(async () => {
  a = await tempDir('pressroom-slash-a-');
  b = await tempDir('pressroom-slash-b-');
  await buildInto(a.dir, { sample: { posts: 60 }, siteUrl: SITE, hosts: 'cloudflare,nginx', env: ALWAYS, handleSignals: false });
  // The second build renders the saved snapshot again: the same input, so the same bytes.
  await buildInto(b.dir, { fromSnapshot: join(a.dir, '.pressroom', 'snapshot'), siteUrl: SITE, hosts: 'cloudflare,nginx', env: ALWAYS, handleSignals: false });
});
afterAll(async () => {
  await a?.cleanup();
  await b?.cleanup();
});

const out = () => join(a.dir, 'out');
const read = (f: string) => readFile(join(out(), f), 'utf8');
/** A page URL path (not a file: no dot in its last segment), as links and canonicals name it. */
const isPagePath = (p: string) => !/\.[^/]*$/.test(p) && !p.startsWith('/api/') && !p.startsWith('/uploads/');

describe('site.trailingSlash "always"', () => {
  it('writes every page as x/index.html, even with cloudflare among the hosts', async () => {
    const files = await listFiles(out());
    expect(files).toContain('about/index.html');
    expect(files.filter((f) => f.endsWith('.html') && !f.endsWith('index.html')).sort()).toEqual(['404.html', '_shell/preview.html', '_shell/search.html']);
  });

  it('gives every page a canonical, og:url and JSON-LD URL ending in /', async () => {
    const pages = (await listFiles(out())).filter((f) => f.endsWith('index.html') && !f.startsWith('_shell/'));
    expect(pages.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const f of pages) {
      const html = await read(f);
      const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? '';
      const expected = f === 'index.html' ? `${SITE}/` : `${SITE}/${f.slice(0, -'index.html'.length)}`;
      // A past event's canonical is its /events/ page (docs/decisions/0016-one-canonical-url-per-event.md).
      const want = f.startsWith('past-events/') && f !== 'past-events/index.html' ? expected.replace('/past-events/', '/events/') : expected;
      if (decodeURI(canonical) !== want) problems.push(`${f}: canonical ${canonical}`);
      if (!html.includes(`<meta property="og:url" content="${canonical}">`)) problems.push(`${f}: og:url`);
      for (const m of html.matchAll(/"(?:url|item|@id)":"(https:\/\/news\.example[^"]*)"/g)) {
        const p = new URL(m[1]).pathname;
        if (isPagePath(p) && !p.endsWith('/')) problems.push(`${f}: JSON-LD ${m[1]}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('links every page with its slash (router links and plain hrefs)', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const f of ['index.html', 'about/index.html', 'sitemap/index.html', 'events/index.html', 'author/index.html']) {
      for (const m of (await read(f)).matchAll(/<a [^>]*href="(\/[^"#?]*)[^"]*"/g)) {
        checked += 1;
        if (isPagePath(m[1]) && !m[1].endsWith('/')) problems.push(`${f}: ${m[1]}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('lists page URLs with their slash in the sitemaps and the feeds', async () => {
    const files = await listFiles(out());
    const locs = (await Promise.all(files.filter((f) => f.startsWith('sitemaps/') && f.endsWith('.xml')).map(read))).flatMap((x) => [...x.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(locs.length).toBeGreaterThan(50);
    expect(locs.filter((u) => isPagePath(new URL(u).pathname) && !u.endsWith('/'))).toEqual([]);
    const rss = await read('feed.xml');
    const links = [...rss.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((u) => !u.endsWith('/'))).toEqual([]);
  });

  it('writes the same bytes on a second build of the same snapshot', async () => {
    const [x, y] = await Promise.all([treeHashes(out()), treeHashes(join(b.dir, 'out'))]);
    expect(Object.keys(x).length).toBeGreaterThan(100);
    expect(y).toEqual(x);
  });
});
