// docs/deploying.md, "Feeds" and "Sitemaps": feeds parse with a feed parser, JSON Feed 1.1 has its
// required fields, the sitemaps (index, shards with image entries, news)
// validate against the sitemap XSDs with xmllint, _headers and serve agree.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { renderFeeds } from '../../../../src/emit/feeds/index.ts';
import { renderHeaders } from '../../../../src/emit/headers.ts';
import { newsEntries, renderNewsSitemap } from '../../../../src/emit/sitemap-news.ts';
import { renderSitemaps } from '../../../../src/emit/sitemap.ts';
import type { PlannedRoute, SitemapEntry } from '../../../../src/plan/types.ts';
import { headersFor, parseHeadersFile } from '../../../../src/serve/headers.ts';
import { feedLinksFor } from '../../../../src/site/feeds.ts';
import { useTempDir } from '../../../helpers/temp.ts';

const XSD = resolve(import.meta.dirname, '../../../fixtures/xsd');
const NOW = '2026-11-22T12:00:00.000Z';
const site = { name: 'DevDispatch', newsTitle: 'DevDispatch News', securityTitle: 'DevDispatch IT Security News', title: 'DevDispatch - News', description: 'Tech news', language: 'en', logo: '/assets/logo.svg', url: 'https://devdispatch.example' };

const posts = [
  { id: 1, post_name: 'first', cat_slug: 'news', cat_name: 'News', subcat_slug: 'ai', subcat_name: 'AI', author_name: 'ada', post_author_id: 7, post_title: '<img src=x onerror=alert(1)> Tom & "Jerry" ]]> end', post_date: '2026-11-22T09:00:00.000Z', banner_img: '/uploads/a.jpg', meta_description: null, post_content: '<p>Body &amp; more</p>' },
  { id: 2, post_name: 'second', cat_slug: 'news', cat_name: 'News', subcat_slug: null, subcat_name: null, author_name: 'ada', post_author_id: 7, post_title: 'Second\u0007 story', post_date: '2026-11-19T09:00:00.000Z', banner_img: null, meta_description: 'Short excerpt', post_content: '' },
];
const routes = posts.map((p) => ({ kind: 'article', path: `/${p.cat_slug}/${p.post_name}`, params: { cat_slug: p.cat_slug, post_name: p.post_name }, deps: [], sitemap: null, record: String(p.id), file: `${p.cat_slug}/${p.post_name}/index.html` })) as PlannedRoute[];
const bodies = new Map<string, unknown>([
  ...posts.map((p) => [`/api/post/postdetails/${p.cat_slug}/${p.post_name}`, { result: [p] }] as [string, unknown]),
  ['/api/author/7', { result: [{ author_id: 7, author_name: 'ada', author_display_name: 'Ada L.', author_description: null, author_photo: null }] }],
]);
const feeds = renderFeeds({ routes, lookup: (p) => bodies.get(p), siteUrl: site.url, imageHost: '', site, items: 20 });
const file = (p: string) => feeds.find((f) => f.path === p)!.contents;

const tmp = useTempDir('pressroom-xsd-');
/** xmllint's answer for `xml` against `schema` (throws when it does not validate); the tests call it one at a time. */
function xmllint(schema: string, xml: string): string {
  writeFileSync(join(tmp.dir, 'doc.xml'), xml);
  return execFileSync('xmllint', ['--noout', '--schema', join(XSD, schema), join(tmp.dir, 'doc.xml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('feeds', () => {
  it('writes site, category, tag and author feeds in three formats', () => {
    expect(feeds.map((f) => f.path)).toEqual([
      'atom.xml', 'feed.json', 'feed.xml',
      'feeds/author/ada/atom.xml', 'feeds/author/ada/feed.json', 'feeds/author/ada/feed.xml',
      'feeds/category/news/atom.xml', 'feeds/category/news/feed.json', 'feeds/category/news/feed.xml',
      'feeds/tag/ai/atom.xml', 'feeds/tag/ai/feed.json', 'feeds/tag/ai/feed.xml',
    ]);
  });

  it('RSS and Atom parse, with stable ids, absolute links, excerpt, banner and the hostile title kept as text', async () => {
    const parser = new Parser();
    for (const path of ['feed.xml', 'atom.xml']) {
      const feed = await parser.parseString(file(path));
      expect(feed.items).toHaveLength(2);
      const [a, b] = feed.items;
      expect(a.link).toBe('https://devdispatch.example/news/first');
      expect(a.id ?? a.guid).toBe('tag:devdispatch.example,2026-11-22:post/1');
      // RSS: plain text in CDATA; Atom: type="html", so the markup arrives escaped (text, never an element).
      expect(a.title).toContain(path === 'feed.xml' ? '<img src=x onerror=alert(1)> Tom & "Jerry"' : '&lt;img src=x onerror=alert(1)&gt; Tom &amp; &quot;Jerry&quot;');
      expect(b.title).toBe('Second story');
      expect((a as Record<string, string>)['content:encoded'] ?? a.content).toContain('https://devdispatch.example/uploads/a.jpg');
      expect(b.contentSnippet ?? b.summary ?? b.content).toContain('Short excerpt');
    }
    expect(file('atom.xml')).not.toContain('<img src=x');
  });

  it('JSON Feed 1.1 with its required fields', () => {
    const json = JSON.parse(file('feed.json'));
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.title).toBeTruthy();
    expect(json.language).toBe('en');
    expect(json.author).toBeUndefined();
    for (const item of json.items) {
      expect(typeof item.id).toBe('string');
      expect(item.content_html ?? item.content_text).toBeTruthy();
      expect(item.authors).toEqual([{ name: 'Ada L.', url: 'https://devdispatch.example/author/ada' }]);
    }
    // JSON Feed 1.1: an item's `image` is a URL string (not the RSS enclosure object).
    expect(json.items[0].image).toBe('https://devdispatch.example/uploads/a.jpg');
  });

  it('caps the items, and updated is the newest item, not the wall clock', () => {
    const capped = renderFeeds({ routes, lookup: (p) => bodies.get(p), siteUrl: site.url, imageHost: '', site, items: 1 });
    expect(JSON.parse(capped.find((f) => f.path === 'feed.json')!.contents).items).toHaveLength(1);
    expect(file('atom.xml')).toContain('<updated>2026-11-22T09:00:00.000Z</updated>');
    expect(renderFeeds({ routes, lookup: (p) => bodies.get(p), siteUrl: site.url, imageHost: '', site, items: 20 })).toEqual(feeds);
  });

  it('a feed rendered again after a change shows the change; the others are the same text (kept between renders of one process)', () => {
    const edited = new Map(bodies);
    edited.set('/api/post/postdetails/news/second', { result: [{ ...posts[1], post_title: 'Second, edited' }] });
    const again = renderFeeds({ routes, lookup: (p) => edited.get(p), siteUrl: site.url, imageHost: '', site, items: 20 });
    const text = (p: string) => again.find((f) => f.path === p)!.contents;
    expect(text('feed.json')).toContain('Second, edited');
    expect(text('feed.json')).not.toEqual(file('feed.json'));
    // An empty feed's date comes from the data: the site's newest article's, else the Unix epoch; no clock.
    const lonely = { kind: 'tag', path: '/tag/lonely', params: { subcat: 'lonely' }, deps: [], sitemap: null, record: '/tag/lonely', file: 'tag/lonely/index.html' } as unknown as PlannedRoute;
    const withEmpty = renderFeeds({ routes: [...routes, lonely], lookup: (p) => bodies.get(p), siteUrl: site.url, imageHost: '', site, items: 20 });
    const text2 = (p: string) => withEmpty.find((f) => f.path === p)!.contents;
    expect(text2('feeds/tag/lonely/atom.xml')).toContain('<updated>2026-11-22T09:00:00.000Z</updated>');
    expect(text2('feeds/tag/lonely/atom.xml')).not.toContain('<entry>');
    expect(text2('feeds/tag/lonely/feed.xml')).toContain('<lastBuildDate>Sun, 22 Nov 2026 09:00:00 GMT</lastBuildDate>');
    const none = renderFeeds({ routes, lookup: () => undefined, siteUrl: site.url, imageHost: '', site, items: 20 }).find((f) => f.path === 'atom.xml')!.contents;
    expect(none).toContain('<updated>1970-01-01T00:00:00.000Z</updated>');
  });

  it('titles the news category and the security tag feeds with their section titles (src/app/lib/site-title.ts)', () => {
    const sec = { ...posts[0], id: 3, post_name: 'third', cat_slug: 'featured', cat_name: 'Featured', subcat_slug: 'cyber-security', subcat_name: 'Cyber Security' };
    const all = [...posts, sec];
    const r = all.map((p) => ({ ...routes[0], path: `/${p.cat_slug}/${p.post_name}`, params: { cat_slug: p.cat_slug, post_name: p.post_name }, record: String(p.id) })) as PlannedRoute[];
    const b = new Map(bodies);
    b.set('/api/post/postdetails/featured/third', { result: [sec] });
    const out = renderFeeds({ routes: r, lookup: (p) => b.get(p), siteUrl: site.url, imageHost: '', site, items: 20 });
    const title = (path: string) => JSON.parse(out.find((f) => f.path === path)!.contents).title;
    expect(title('feeds/category/news/feed.json')).toBe('DevDispatch News: News');
    expect(title('feeds/tag/cyber-security/feed.json')).toBe('DevDispatch IT Security News: Cyber Security');
    expect(title('feeds/category/featured/feed.json')).toBe('DevDispatch: Featured');
    expect(title('feeds/tag/ai/feed.json')).toBe('DevDispatch: AI');
    expect(title('feeds/author/ada/feed.json')).toBe('DevDispatch: Ada L.');
    expect(title('feed.json')).toBe(site.title);
    // The RSS channel title is the same text.
    expect(out.find((f) => f.path === 'feeds/tag/cyber-security/feed.xml')!.contents).toContain('DevDispatch IT Security News: Cyber Security');
  });

  it('pages link the feeds that exist', () => {
    const paths = new Set(feeds.map((f) => `/${f.path}`));
    for (const [kind, params] of [['home', {}], ['topic', { cat_slug: 'news' }], ['tag', { subcat: 'ai' }], ['author', { auther_name: 'ada' }]] as const) {
      const links = feedLinksFor(kind, params, 'DevDispatch');
      expect(links.map((l) => l.type)).toEqual(['application/rss+xml', 'application/atom+xml', 'application/feed+json']);
      for (const l of links) expect(paths).toContain(l.href);
    }
  });
});

describe('sitemaps validate against the XSDs (xmllint)', () => {
  const entries: SitemapEntry[] = [
    { url: 'https://devdispatch.example/news/first', lastmod: '2026-11-22T09:00:00.000Z', images: ['https://devdispatch.example/uploads/a.jpg'], news: { title: 'Tom & "Jerry" <3', publicationDate: '2026-11-22T09:00:00.000Z' } },
    { url: 'https://devdispatch.example/news/old', lastmod: '2026-11-01T09:00:00.000Z', images: [], news: { title: 'Old', publicationDate: '2026-11-01T09:00:00.000Z' } },
    { url: 'https://devdispatch.example/about?a=1&b=2', images: [] },
  ];
  it('index, shard with image entries, and the news sitemap: news markup in the news sitemap only', async () => {
    const news = (await renderNewsSitemap(entries, site, NOW))!;
    const files = await renderSitemaps(entries, { url: site.url }, 45_000, [news.path]);
    expect(files[0].contents).toContain('https://devdispatch.example/sitemaps/news.xml');
    xmllint('siteindex.xsd', files[0].contents);
    for (const f of files.slice(1)) xmllint('urlset-with-extensions.xsd', f.contents);
    xmllint('urlset-with-extensions.xsd', news.contents);
    const [, shard] = files;
    expect(shard.contents).toContain('<loc>https://devdispatch.example/news/first</loc>');
    expect(shard.contents).toContain('<image:loc>https://devdispatch.example/uploads/a.jpg</image:loc>');
    expect(shard.contents).not.toMatch(/news:|xmlns:news/);
    expect(news.contents).toContain('<loc>https://devdispatch.example/news/first</loc>');
    expect(news.contents).toContain('news:publication_date');
    expect(news.contents).not.toContain('/news/old');
  });
  it('no article in the two-day window: no news sitemap and none listed in the index (a quiet weekend must not fail the build)', async () => {
    expect(await renderNewsSitemap(entries, site, '2026-12-31T00:00:00.000Z')).toBeNull();
  });
  it('an invalid sitemap fails xmllint (the check can fail)', () => {
    expect(() => xmllint('urlset-with-extensions.xsd', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>x</lastmod></url></urlset>')).toThrow();
  });
  it('news: two days by the build clock, newest first, at most 1,000', () => {
    const many: SitemapEntry[] = Array.from({ length: 1200 }, (_, i) => ({ url: `https://s.example/${i}`, images: [], news: { title: `t${i}`, publicationDate: new Date(Date.parse(NOW) - i * 60_000).toISOString() } }));
    const picked = newsEntries([...many, { url: 'https://s.example/future', images: [], news: { title: 'f', publicationDate: '2026-11-23T00:00:00Z' } }], NOW);
    expect(picked).toHaveLength(1000);
    expect(picked[0].url).toBe('https://s.example/0');
    expect(newsEntries([{ url: 'https://s.example/x', images: [], news: { title: 'x', publicationDate: '2026-11-20T11:59:00Z' } }], NOW)).toHaveLength(0);
  });
  it('news: a URL listed twice is listed once, at its newest date', () => {
    const at = (h: number) => new Date(Date.parse(NOW) - h * 3_600_000).toISOString();
    const picked = newsEntries(
      [
        { url: 'https://s.example/a', images: [], news: { title: 'a old', publicationDate: at(5) } },
        { url: 'https://s.example/b', images: [], news: { title: 'b', publicationDate: at(3) } },
        { url: 'https://s.example/a', images: [], news: { title: 'a new', publicationDate: at(1) } },
      ],
      NOW,
    );
    expect(picked.map((e) => e.news.title)).toEqual(['a new', 'b']);
  });
});

describe('_headers', () => {
  it('hashed assets immutable, data revalidated, read back by serve the Netlify way', () => {
    const files = ['index.html', 'assets/entry-ZUON7Q7K.js', 'assets/styles-2K3OFPVM.css', 'assets/logo.svg', 'data/post/x.json', 'news/a/index.html'];
    const text = renderHeaders({ files, hosts: ['netlify'] }).contents;
    const rules = parseHeadersFile(text);
    expect(headersFor(rules, '/assets/entry-ZUON7Q7K.js')['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/assets/logo.svg')['cache-control']).toBeUndefined();
    expect(headersFor(rules, '/data/post/x.json')['cache-control']).toBe('max-age=0, must-revalidate');
    expect(headersFor(rules, '/news/a')['cache-control']).toBeUndefined();
  });
  it('Cloudflare: over 100 rules fails naming the host; switched off it does not', () => {
    const files = Array.from({ length: 101 }, (_, i) => `assets/c${i}-ABCDEFGH.js`);
    expect(() => renderHeaders({ files, hosts: ['cloudflare'] })).toThrow(/Cloudflare Pages allows at most 100/);
    expect(() => renderHeaders({ files, hosts: ['netlify'] })).not.toThrow();
  });
});
