// docs/deploying.md, "Page metadata", "Sitemaps" and "Feeds", over one real build of the sample site (embedded sample
// API, small corpus, fixed clock): the JSON-LD of each page kind parses and has
// the required properties (NewsArticle + BreadcrumbList on an article,
// BreadcrumbList on topic and tag pages, Organization + WebSite with a
// SearchAction on home, Event on an event detail); the feeds parse with a feed
// parser; every <link rel="alternate"> on home, topic, tag and author pages
// names a feed file that exists in out/; and the sitemaps validate against the
// sitemap XSDs with xmllint.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.ts';
import type { BuildReport } from '../../../src/pipeline/index.ts';
import { outputFileFor } from '../../../src/site/paths.ts';
import { listFiles } from '../../helpers/files.ts';
import { buildInto, ROOT, tempDir } from '../../helpers/pressroom.ts';

const POSTS = 60;
const XSD = resolve(import.meta.dirname, '../../fixtures/xsd');
const config = loadConfig({ file: join(ROOT, 'config/site.json'), env: {} });
const SITE = config.site.url;

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let report: BuildReport;
let files: string[];

beforeAll(async () => {
  tmp = await tempDir('pressroom-publishing-');
  out = join(tmp.dir, 'out');
  report = await buildInto(tmp.dir, { sample: { posts: POSTS } });
  files = await listFiles(out);
});
afterAll(async () => {
  await tmp?.cleanup();
});

type Ld = Record<string, any>;
interface Page {
  file: string;
  ld: Ld[];
  alternates: { type: string; href: string; title: string }[];
}

async function page(file: string): Promise<Page> {
  const doc = new JSDOM(await readFile(join(out, file), 'utf8')).window.document;
  const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Ld);
  const alternates = [...doc.querySelectorAll('link[rel="alternate"]')]
    .filter((l) => /feed|rss|atom/.test(l.getAttribute('type') ?? ''))
    .map((l) => ({ type: l.getAttribute('type')!, href: l.getAttribute('href')!, title: l.getAttribute('title') ?? '' }));
  return { file, ld, alternates };
}

const ofType = (p: Page, type: string) => p.ld.filter((x) => x['@type'] === type);
/** The first page file matching `re` (sorted, so the pick is stable). */
function first(re: RegExp): string {
  const f = files.find((x) => re.test(x));
  if (!f) throw new Error(`the sample build has no page matching ${re}`);
  return f;
}

function expectBreadcrumb(p: Page, names: string[]): void {
  const [bc] = ofType(p, 'BreadcrumbList');
  expect(bc, `${p.file}: BreadcrumbList`).toBeTruthy();
  expect(bc['@context']).toBe('https://schema.org');
  const items = bc.itemListElement as Ld[];
  expect(items.map((i) => i.position)).toEqual(names.map((_, i) => i + 1));
  expect(items[0]).toMatchObject({ '@type': 'ListItem', name: names[0], item: `${SITE}/` });
  for (const [i, n] of names.entries()) if (n !== '*') expect(items[i].name).toBe(n);
  for (const i of items) expect(i.item).toMatch(new RegExp(`^${SITE}/`));
}

/** Every alternate names one of the three feed types and a file that exists in out/. */
function expectFeedLinks(p: Page, folder: string): void {
  expect(p.alternates.map((a) => a.type).sort(), `${p.file}: alternates`).toEqual(['application/atom+xml', 'application/feed+json', 'application/rss+xml']);
  for (const a of p.alternates) {
    expect(a.href.startsWith(folder), `${a.href} in ${folder}`).toBe(true);
    expect(existsSync(join(out, decodeURIComponent(a.href))), `${p.file} links ${a.href}, which must exist in out/`).toBe(true);
    expect(a.title).toMatch(new RegExp(`^${config.site.name}`));
  }
}

describe('JSON-LD of each page kind', () => {
  it('home: Organization (name, url, absolute logo) and WebSite with a SearchAction into /search/all/{term}', async () => {
    const home = await page('index.html');
    const [org] = ofType(home, 'Organization');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: config.site.name, url: `${SITE}/` });
    expect(org.logo).toBe(`${SITE}${config.site.logo}`);
    const [web] = ofType(home, 'WebSite');
    expect(web).toMatchObject({ name: config.site.name, url: `${SITE}/` });
    expect(web.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: `${SITE}/search/all/{search_term_string}`,
      'query-input': 'required name=search_term_string',
    });
  });

  it('article: NewsArticle (headline, image, dates, author Person with its page, publisher with logo) and BreadcrumbList', async () => {
    // The newest article with a banner, from the site feed (so the article and feed agree).
    const feed = JSON.parse(await readFile(join(out, 'feed.json'), 'utf8')) as { items: { url: string; image?: string }[] };
    const item = feed.items.find((i) => i.image);
    expect(item, 'the sample corpus has an article with a banner').toBeTruthy();
    const article = await page(outputFileFor(new URL(item!.url).pathname, 'folder'));
    const [na] = ofType(article, 'NewsArticle');
    expect(na, 'NewsArticle').toBeTruthy();
    expect(typeof na.headline).toBe('string');
    expect(na.headline.length).toBeGreaterThan(0);
    const images = [na.image].flat();
    expect(images.length).toBeGreaterThan(0);
    for (const i of images) expect(typeof i === 'string' ? i : i.url).toMatch(/^https?:\/\//);
    for (const d of [na.datePublished, na.dateModified]) expect(Number.isNaN(Date.parse(d)), `date ${d}`).toBe(false);
    expect(na.author).toMatchObject({ '@type': 'Person' });
    expect(na.author.name.length).toBeGreaterThan(0);
    expect(na.author.url).toMatch(new RegExp(`^${SITE}/author/[^/]+$`));
    expect(existsSync(join(out, outputFileFor(new URL(na.author.url).pathname, 'folder'))), 'the author URL is a page of the build').toBe(true);
    expect(na.publisher).toMatchObject({ '@type': 'Organization', name: config.site.name });
    expect([na.publisher.logo].flat().map((l: Ld | string) => (typeof l === 'string' ? l : l.url))[0]).toBe(`${SITE}${config.site.logo}`);
    expectBreadcrumb(article, ['Home', '*', na.headline]);
  });

  it('topic page: BreadcrumbList Home > category', async () => {
    const topic = await page(first(/^topic\/[^/]+\/index\.html$/));
    expectBreadcrumb(topic, ['Home', '*']);
  });

  it('tag page: BreadcrumbList Home > tag name', async () => {
    const file = first(/^tag\/[^/]+\/index\.html$/);
    const tag = await page(file);
    const h1 = new JSDOM(await readFile(join(out, file), 'utf8')).window.document.querySelector('h1')?.textContent;
    expectBreadcrumb(tag, ['Home', h1!]);
    expect(ofType(tag, 'BreadcrumbList')[0].itemListElement[1].item).toBe(`${SITE}/${file.replace(/\/index\.html$/, '')}`);
  });

  it('event detail: Event with name, start date and location', async () => {
    const ev = await page(first(/^events\/[^/]+\/index\.html$/));
    const [event] = ofType(ev, 'Event');
    expect(event, 'Event').toBeTruthy();
    expect(event['@context']).toBe('https://schema.org');
    expect(event.name.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(event.startDate))).toBe(false);
    expect(event.location).toBeTruthy();
  });
});

describe('feeds', () => {
  it('the pages link their feeds, and every linked file exists', async () => {
    expectFeedLinks(await page('index.html'), '/');
    const topics = files.filter((f) => /^topic\/[^/]+\/index\.html$/.test(f));
    const tags = files.filter((f) => /^tag\/[^/]+\/index\.html$/.test(f));
    const authors = files.filter((f) => /^author\/[^/]+\/index\.html$/.test(f));
    expect(topics.length * tags.length * authors.length).toBeGreaterThan(0);
    for (const f of topics) expectFeedLinks(await page(f), '/feeds/category/');
    for (const f of tags) expectFeedLinks(await page(f), '/feeds/tag/');
    for (const f of authors) expectFeedLinks(await page(f), '/feeds/author/');
    // A sub-category listing carries no category feed link (the category page does).
    const sub = files.find((f) => /^topic\/[^/]+\/[^/]+\/index\.html$/.test(f));
    if (sub) expect((await page(sub)).alternates).toEqual([]);
  });

  it('every RSS and Atom feed parses; the site feeds carry absolute links and the JSON Feed is 1.1', async () => {
    const parser = new Parser();
    const xml = files.filter((f) => /(^|\/)(feed|atom)\.xml$/.test(f));
    expect(xml).toContain('feed.xml');
    expect(xml).toContain('atom.xml');
    for (const f of xml) {
      const feed = await parser.parseString(await readFile(join(out, f), 'utf8'));
      for (const i of feed.items) expect(i.link, `${f}`).toMatch(new RegExp(`^${SITE}/`));
    }
    const site = await parser.parseString(await readFile(join(out, 'feed.xml'), 'utf8'));
    expect(site.items.length).toBeGreaterThan(0);
    expect(site.items.length).toBeLessThanOrEqual(config.feeds.items);
    const json = JSON.parse(await readFile(join(out, 'feed.json'), 'utf8'));
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    for (const i of json.items) {
      expect(i.url).toMatch(new RegExp(`^${SITE}/`));
      // JSON Feed 1.1: `image` is a URL string.
      if (i.image !== undefined) expect(i.image).toMatch(/^https?:\/\//);
    }
    expect(json.items.some((i: { image?: unknown }) => i.image !== undefined)).toBe(true);
  });
});

describe('sitemaps validate against the XSDs (xmllint)', () => {
  const hasXmllint = (() => {
    try {
      execFileSync('which', ['xmllint'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  if (!hasXmllint) console.warn('SKIPPED: sitemap XSD validation needs xmllint (Debian package libxml2-utils); .ci/run installs it');

  it.skipIf(!hasXmllint)('the index, every shard and the news sitemap', () => {
    const lint = (schema: string, file: string) => execFileSync('xmllint', ['--noout', '--schema', join(XSD, schema), join(out, file)], { stdio: ['ignore', 'pipe', 'pipe'] });
    lint('siteindex.xsd', 'sitemap.xml');
    const shards = files.filter((f) => /^sitemaps\/.+\.xml$/.test(f));
    expect(shards).toContain('sitemaps/news.xml');
    expect(shards.length).toBeGreaterThan(1);
    for (const f of shards) lint('urlset-with-extensions.xsd', f);
  });

  it('lists every URL once across the shards, and once in the news sitemap', async () => {
    const locs = async (f: string) => [...(await readFile(join(out, f), 'utf8')).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const shards = files.filter((f) => /^sitemaps\/sitemap-\d+\.xml$/.test(f));
    const all = (await Promise.all(shards.map(locs))).flat();
    expect(all.length).toBeGreaterThan(POSTS);
    expect(all.length - new Set(all).size).toBe(0);
    const news = await locs('sitemaps/news.xml');
    expect(news.length).toBeGreaterThan(0);
    expect(news.length - new Set(news).size).toBe(0);
    // Every news URL is a page of the site listed in the shards.
    for (const u of news) expect(all).toContain(u);
  });

  it('carries Google News markup in the news sitemap only: one <news:news> per URL there, none in the shards', async () => {
    const shards = files.filter((f) => /^sitemaps\/sitemap-\d+\.xml$/.test(f));
    const newsMarkup = async (f: string) => (await readFile(join(out, f), 'utf8')).match(/<news:\w+|xmlns:news/g) ?? [];
    for (const f of shards) expect(await newsMarkup(f), f).toEqual([]);
    const news = await readFile(join(out, 'sitemaps/news.xml'), 'utf8');
    const urls = news.match(/<url>/g)?.length ?? 0;
    expect(urls).toBeGreaterThan(0);
    expect(news.match(/<news:news>/g)?.length).toBe(urls);
  });
});
