// A whole build with no API configured (the newcomer's default: the embedded
// sample API on a free port; small corpus, fixed clock): the exact sorted list
// of emitted files, computed from the HTTP answers of an identical sample API
// started by the test, key fragments of each page kind, and builds from the
// saved snapshot giving byte-identical output.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient } from '../../../src/bundle/index.ts';
import { loadConfig } from '../../../src/config/load.ts';
import type { BuildReport } from '../../../src/pipeline/index.ts';
import type { SampleApi } from '../../../src/sample-api/index.ts';
import { listFiles, treeHashes } from '../../helpers/files.ts';
import { buildInto, startTestApi, tempDir } from '../../helpers/pressroom.ts';
import { expectedSite, httpGet } from './expected.ts';

const ROOT = join(import.meta.dirname, '../../..');
const POSTS = 80;
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let report: BuildReport;
let out: string;
let expected: Awaited<ReturnType<typeof expectedSite>>;

beforeAll(async () => {
  api = await startTestApi({ posts: POSTS });
  tmp = await tempDir('pressroom-build-');
  out = join(tmp.dir, 'out');
  report = await buildInto(tmp.dir, { sample: { posts: POSTS } });
  expected = await expectedSite(httpGet(api.url));
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

const read = (f: string) => readFile(join(out, f), 'utf8');

describe('pressroom build against the sample API', () => {
  it('emits exactly the expected files', async () => {
    const bundle = (await bundleClient({ minify: true })).files.map((f) => f.path);
    const hostFiles = (await listFiles(out)).filter((f) => !f.endsWith('.html') && !f.startsWith('data/') && !bundle.includes(f));
    // the site-level outputs this issue owns must be among them
    for (const f of ['_redirects', '_headers', 'pressroom-manifest.json', 'robots.txt', 'sitemap.xml', 'sitemaps/sitemap-0.xml']) expect(hostFiles).toContain(f);
    // The sample configuration names Netlify only: no other host's files, and server snippets never inside out/.
    for (const f of ['vercel.json', '.htaccess', 'Caddyfile.pressroom']) expect(hostFiles).not.toContain(f);
    expect(hostFiles.filter((f) => f.startsWith('nginx/') || f.startsWith('s3/'))).toEqual([]);
    const htmlFromRedirectHosts = (await listFiles(out)).filter((f) => f.endsWith('.html') && !expected.pages.includes(f));
    const all = [...expected.pages, ...expected.mirror, ...bundle, ...hostFiles, ...htmlFromRedirectHosts].sort();
    expect(await listFiles(out)).toEqual(all);
    // HTML beyond the pages may only be host redirect pages (GitHub Pages meta refresh), never a stray route
    for (const f of htmlFromRedirectHosts) expect(await read(f)).toMatch(/http-equiv="refresh"/i);
    expect(report.pages).toBe(expected.pages.length);
    expect(report.routes).toBe(expected.pages.length);
  });

  it('renders each page kind with its key content', async () => {
    const a = expected.articles[0];
    const article = await read(`${a.cat}/${a.name}/index.html`);
    expect(article).toContain(`<link rel="canonical" href="https://devdispatch.example/${a.cat}/${a.name}"`);
    expect(article).toContain('<meta property="og:type" content="article"');
    expect(article).toContain('application/ld+json');
    expect(await read('topic/news/index.html')).toMatch(/<h1[^>]*>News/);
    expect(await read('404.html')).toContain('Error 404 - Not Found');
    expect(await read('index.html')).toContain('<title>DevDispatch - Technology news for developers and marketers</title>');
    expect(await read('events/index.html')).toMatch(/<h1[^>]*>Events/);
    for (const f of ['about/index.html', 'contact-us/index.html', 'privacy-policy/index.html', 'sitemap/index.html']) expect(await read(f)).toMatch(/<h1/);
    // a routed page loads the app's entry; an article, hydrated as islands, the islands entry (docs/decisions/0062-article-islands.md)
    expect(await read('index.html')).toMatch(/<script type="module" src="\/assets\/entry-[A-Za-z0-9]+\.js"><\/script>/);
    expect(article).toMatch(/<script type="module" src="\/assets\/islands-[A-Za-z0-9]+\.js"><\/script>/);
  });

  it('gives every page exactly one h1, the run-time shells and the 404 page included', async () => {
    expect(expected.pages).toEqual(expect.arrayContaining(['_shell/search.html', '_shell/preview.html', '404.html']));
    const counts = await Promise.all(expected.pages.map(async (f) => [f, ((await read(f)).match(/<h1[\s>]/g) ?? []).length] as const));
    expect(counts.filter(([, n]) => n !== 1)).toEqual([]);
  });

  it('carries each article body once: in the markup, not in the embedded data (an article embeds no query state); the mirror has it whole', async () => {
    const articles = expected.pages.filter((f) => /^news\/[^/]+\/index\.html$/.test(f)).slice(0, 10);
    expect(articles.length).toBe(10);
    for (const f of articles) {
      const html = await read(f);
      const data = JSON.parse(/<script[^>]*id="__PRESSROOM_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]);
      expect(Object.keys(data).sort(), f).toEqual(['config', 'kind', 'path', 'shell']);
      expect(data.kind, f).toBe('article');
      const mirror = JSON.parse(await read(`data/post/postdetails${f.replace(/\/index\.html$/, '').replace(/^/, '/')}.json`));
      const body: string = mirror.body.result[0].post_content;
      expect(body.length, f).toBeGreaterThan(200);
      // The body is in the page once: its first paragraph occurs in the page as often as in the body.
      const first = /<p>[^<]{20,}/.exec(body)![0];
      expect(html.split(first).length, f).toBe(body.split(first).length);
    }
  });

  it('hydrates an article as islands: each interactive part marked with its props, and none of the routed app, router or query cache loaded', async () => {
    const f = expected.pages.find((p) => /^news\/[^/]+\/index\.html$/.test(p))!;
    const html = await read(f);
    const islands = [...html.matchAll(/<div class="island" data-island="([a-z-]+)"/g)].map((m) => m[1]);
    expect(islands.sort()).toEqual(['ad', 'ad', 'footer', 'header', 'more-from', 'related', 'scroll-top', 'share', 'toc', 'view-count']);
    const share = /data-island="share" data-props="([^"]*)"/.exec(html)![1].replaceAll('&quot;', '"');
    expect(JSON.parse(share)).toMatchObject({ path: `/${f.replace(/\/index\.html$/, '')}`, instagram: false });
    const scripts = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload"[^>]* href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const home = await read('index.html');
    const routed = [...home.matchAll(/<(?:script type="module" src|link rel="modulepreload"[^>]* href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(scripts.filter((u) => routed.includes(u))).toEqual([]);
    for (const u of scripts) {
      const js = await read(u.slice(1));
      // Messages only react-router's and @tanstack/react-query's code carries.
      expect(js, u).not.toContain('inside another <Router>');
      expect(js, u).not.toContain('No QueryClient set');
    }
    // The routed app still has both.
    const routedJs = (await Promise.all(routed.map((u) => read(u.slice(1))))).join('\n');
    expect(routedJs).toContain('inside another <Router>');
    expect(routedJs).toContain('No QueryClient set');
  });

  it("carries the static pages' copy only in the page that shows it: not in an article's embedded data", async () => {
    const config = loadConfig({ file: join(ROOT, 'config/site.json'), env: {} });
    const dataOf = (html: string) => JSON.parse(/<script[^>]*id="__PRESSROOM_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]);
    // Texts of each copy: the about intro, a privacy paragraph, the site map's availability, the two forms' intros.
    const texts = [config.about.intro[0], config.privacy.sections[0].paragraphs[0], config.sitemapPage.availability!, config.pages.contact.intro, config.pages.optOut.intro];
    for (const t of texts) expect(t.length, t).toBeGreaterThan(20);
    const articles = expected.pages.filter((f) => /^news\/[^/]+\/index\.html$/.test(f)).slice(0, 10);
    for (const f of [...articles, 'index.html', 'topic/news/index.html', '404.html']) {
      const data = dataOf(await read(f));
      expect(data.copy, f).toBeUndefined();
      for (const key of ['about', 'privacy', 'sitemapPage', 'pages']) expect(data.config, f).not.toHaveProperty(key);
      const json = JSON.stringify(data);
      for (const t of texts) expect(json.includes(JSON.stringify(t).slice(1, -1)), `${f}: ${t}`).toBe(false);
    }
    const own: [string, string, unknown][] = [
      ['about/index.html', 'about', config.about],
      ['privacy-policy/index.html', 'privacy-policy', config.privacy],
      ['sitemap/index.html', 'sitemap-page', config.sitemapPage],
      ['contact-us/index.html', 'contact', config.pages.contact],
      ['opt-out-form/index.html', 'opt-out-form', config.pages.optOut],
    ];
    for (const [f, kind, copy] of own) {
      const html = await read(f);
      expect(dataOf(html).copy, f).toEqual({ [kind]: JSON.parse(JSON.stringify(copy)) });
      expect(html, f).toMatch(/<h1/);
    }
    // Every word is in the markup too, for readers without JavaScript.
    expect(await read('about/index.html')).toContain(config.about.intro[0]);
  });

  it('carries no header panel data in any page; the panels are in the mirror', async () => {
    const panels = ['/api/post/latestPost', '/api/post/leadership', '/api/post/featured'];
    for (const f of expected.pages) {
      const html = await read(f);
      const m = /<script[^>]*id="__PRESSROOM_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html);
      if (!m) continue;
      const keys = (JSON.parse(m[1]).state?.queries ?? []).map((q: { queryKey: string[] }) => q.queryKey[1]);
      expect(keys.filter((k: string) => panels.includes(k)), f).toEqual([]);
    }
    for (const p of panels) expect(JSON.parse(await read(`data${p.replace('/api', '')}.json`)).status).toBe(200);
  });

  it('writes sitemaps, robots, redirects and the mirror in the published forms', async () => {
    const a = expected.articles[0];
    expect(await read('sitemaps/sitemap-0.xml')).toContain(`<loc>https://devdispatch.example/${a.cat}/${a.name}</loc>`);
    expect(await read('robots.txt')).toContain('Sitemap: https://devdispatch.example/sitemap.xml');
    const redirects = await read('_redirects');
    for (const r of api.corpus.redirects) expect(redirects).toContain(`${r.current_url} ${r.redirect_url} ${r.status}`);
    expect(redirects).toContain('/search/* /_shell/search.html 200');
    const mirror = JSON.parse(await read('data/post/topic/news@limit=10,page=1.json'));
    expect(mirror.status).toBe(200);
    expect(mirror.body.posts.pagination.page).toBe(1);
    const manifest = JSON.parse(await read('pressroom-manifest.json'));
    expect(manifest.source).toEqual({ kind: 'embedded-sample', seed: 1, posts: POSTS, today: '2026-01-15T12:00:00.000Z', corpus: 'normal' });
    expect(report.requests).toBeGreaterThan(expected.mirror.length - 1);
    expect(report.timings).toMatchObject({ crawl: expect.any(Number), plan: expect.any(Number), bundle: expect.any(Number), render: expect.any(Number), emit: expect.any(Number) });
  });

  it('gives byte-identical output when built twice from the saved snapshot', async () => {
    const snapshot = join(tmp.dir, '.pressroom', 'snapshot');
    const a = await tempDir('pressroom-det-a-');
    const b = await tempDir('pressroom-det-b-');
    try {
      await buildInto(a.dir, { fromSnapshot: snapshot });
      await buildInto(b.dir, { fromSnapshot: snapshot });
      const ha = await treeHashes(join(a.dir, 'out'));
      expect(await treeHashes(join(b.dir, 'out'))).toEqual(ha);
      // and the snapshot re-render equals the crawled build
      expect(ha).toEqual(await treeHashes(out));
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
  });
});
