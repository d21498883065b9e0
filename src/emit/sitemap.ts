// Sitemaps with the `sitemap` package (docs/deploying.md, "Sitemaps"): an index
// `sitemap.xml` listing shards `sitemaps/sitemap-N.xml` of at most 45,000 URLs
// (the protocol allows 50,000; common practice splits at 45,000), absolute URLs
// in the canonical form, real lastmod only (a route without a known date has
// none), image and Google News entries where the route has them.
//
// Gotcha of the `sitemap` package: an index stream must be read to the end or
// `finish` never fires; every stream here is consumed by streamToPromise.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { absoluteUrl, withBase } from '../site/paths.ts';
import type { SitemapEntry } from '../plan/types.ts';

export const SITEMAP_SHARD_LIMIT = 45_000;
export const SITEMAP_INDEX_FILE = 'sitemap.xml';
export const shardFile = (n: number) => `sitemaps/sitemap-${n}.xml`;

/** Consecutive slices of at most `limit` entries (at least one shard, possibly empty). */
export function shardEntries<T>(entries: readonly T[], limit = SITEMAP_SHARD_LIMIT): T[][] {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`shard limit ${limit}`);
  const shards: T[][] = [];
  for (let i = 0; i < entries.length; i += limit) shards.push(entries.slice(i, i + limit));
  return shards.length ? shards : [[]];
}

export interface SitemapSite {
  url: string;
  name: string;
  language: string;
}

function item(e: SitemapEntry, site: SitemapSite): SitemapItemLoose {
  return {
    url: e.url,
    ...(e.lastmod ? { lastmod: e.lastmod } : {}),
    ...(e.changefreq ? { changefreq: e.changefreq as SitemapItemLoose['changefreq'] } : {}),
    ...(e.priority !== undefined ? { priority: e.priority } : {}),
    img: e.images.map((url) => ({ url })),
    ...(e.news
      ? { news: { publication: { name: site.name, language: site.language }, publication_date: e.news.publicationDate, title: e.news.title } }
      : {}),
  };
}

async function xml(stream: SitemapStream | SitemapIndexStream, items: readonly unknown[]): Promise<string> {
  const done = streamToPromise(stream);
  Readable.from(items, { objectMode: true }).pipe(stream);
  return (await done).toString('utf8');
}

/**
 * The shards the last call rendered, by the hash of their input: a process that
 * publishes again and again (pressroom watch) renders only the shards whose
 * entries changed. The sitemap package's streams took about 180 ms for the
 * 10,000 entries of an unchanged shard, hashing them takes a few; one set is kept.
 */
let lastShards = new Map<string, string>();
// The last call's shards by position, with their entry arrays: entries are kept per route
// between builds (src/plan/index.ts), so an unchanged shard is told by comparing references,
// without printing and hashing its entries.
let lastByPosition: { site: string; entries: readonly SitemapEntry[]; key: string; lastmod: string | undefined }[] = [];

const sameEntries = (a: readonly SitemapEntry[], b: readonly SitemapEntry[]) => a.length === b.length && a.every((e, i) => e === b[i]);

/** The index and its shards as {path, contents}, in a fixed order. */
/** `extra`: further sitemaps written elsewhere (sitemaps/news.xml), listed in the index after the shards. */
export async function renderSitemaps(entries: readonly SitemapEntry[], site: SitemapSite, limit = SITEMAP_SHARD_LIMIT, extra: readonly string[] = []): Promise<{ path: string; contents: string }[]> {
  const shards = shardEntries(entries, limit);
  const files: { path: string; contents: string }[] = [];
  const index: { url: string; lastmod?: string }[] = [];
  const rendered = new Map<string, string>();
  const siteKey = JSON.stringify(site);
  const byPosition: typeof lastByPosition = [];
  for (const [n, shard] of shards.entries()) {
    const last = lastByPosition[n];
    const same = last !== undefined && last.site === siteKey && sameEntries(last.entries, shard);
    const key = same ? last.key : createHash('sha256').update(JSON.stringify([site, shard])).digest('hex');
    let contents = lastShards.get(key);
    if (contents === undefined) {
      const hasNews = shard.some((e) => e.news);
      const hasImages = shard.some((e) => e.images.length > 0);
      const stream = new SitemapStream({ xmlns: { news: hasNews, image: hasImages, video: false, xhtml: false } });
      contents = await xml(stream, shard.map((e) => item(e, site)));
    }
    rendered.set(key, contents);
    files.push({ path: shardFile(n), contents });
    const lastmod = same ? last.lastmod : shard.reduce<string | undefined>((max, e) => (e.lastmod && (!max || iso(e.lastmod) > iso(max)) ? e.lastmod : max), undefined);
    byPosition.push({ site: siteKey, entries: shard, key, lastmod });
    index.push({ url: absoluteUrl(site.url, `/${shardFile(n)}`), ...(lastmod ? { lastmod } : {}) });
  }
  lastShards = rendered;
  lastByPosition = byPosition;
  for (const path of extra) index.push({ url: absoluteUrl(site.url, `/${path}`) });
  files.unshift({ path: SITEMAP_INDEX_FILE, contents: await xml(new SitemapIndexStream(), index) });
  return files;
}

const iso = (d: string) => new Date(d).toISOString();

/**
 * robots.txt with the absolute Sitemap line (docs/deploying.md, "Sitemaps").
 * Crawlers read it only at the origin's root; under a base path its rules name
 * the prefixed paths, so it can be copied or merged there as it is.
 */
export function robotsTxt(siteUrl: string, basePath = ''): string {
  const p = (path: string) => withBase(basePath, path);
  return ['User-agent: *', `Allow: ${p('/')}`, `Disallow: ${p('/preview/')}`, `Disallow: ${p('/_shell/')}`, '', `Sitemap: ${absoluteUrl(siteUrl, `/${SITEMAP_INDEX_FILE}`)}`, ''].join('\n');
}
