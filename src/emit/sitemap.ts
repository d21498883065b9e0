// Sitemaps with the `sitemap` package (docs/deploying.md, "Sitemaps"): an index
// `sitemap.xml` listing shards `sitemaps/sitemap-N.xml` of at most 2,000 URLs,
// absolute URLs in the canonical form, real lastmod only (a route without a
// known date has none), image and Google News entries where the route has them.
//
// 2,000 as WordPress core's sitemaps split (the protocol allows 50,000 a file):
// an edited story changes its entry's lastmod, so its shard is written, hashed
// and published again on every publish. A shard of 45,000 entries (megabytes at
// 50,000 posts) made that cost grow with the site (docs/decisions.md, 78).
//
// Gotcha of the `sitemap` package: an index stream must be read to the end or
// `finish` never fires; every stream here is consumed by streamToPromise.
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { absoluteUrl, withBase } from '../site/paths.ts';
import type { SitemapEntry } from '../plan/types.ts';
import { keepsForNextBuild } from '../core/resident.ts';
import { contentId, type ContentId } from './writer.ts';
import { notedPlaces } from '../core/list-change.ts';

export const SITEMAP_SHARD_LIMIT = 2_000;
export const SITEMAP_INDEX_FILE = 'sitemap.xml';
export const shardFile = (n: number) => `sitemaps/sitemap-${n}.xml`;

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

// The XML of each entry's <url> element, kept with the entry object. The sitemap package writes
// a shard as its header, one element per item (each a function of that item alone) and the
// closing tag; entries are kept per route between builds (src/plan/index.ts), so a process that
// publishes again and again (pressroom watch) renders only the changed entries through the
// package and joins the kept elements for the rest (a changed shard then costs its joining and
// hashing, not the package's rendering of every entry).
const CLOSE_TAG = '</urlset>';
const ELEMENTS = new WeakMap<SitemapEntry, { site: string; xml: string }>();
// The last call's whole list and its shards by position: a shard whose range holds the same
// entries (by reference) keeps its text, id and lastmod. When the list was patched from the last
// one (src/core/list-change.ts notes: a story's publish replaces its route's entry), the shards
// to render again are read from the noted places; otherwise each shard's range is compared.
// Either way only a changed shard is sliced out, so an unchanged sitemap of 50,000 entries costs
// no copy and no walk on a publish (both were about 2 ms a story at 50,000 posts; decision 89).
interface KeptShard {
  contents: string;
  id: ContentId;
  lastmod: string | undefined;
}
let last: { site: string; limit: number; entries: readonly SitemapEntry[]; shards: KeptShard[] } | undefined;

function sameRange(a: readonly SitemapEntry[], b: readonly SitemapEntry[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The index and its shards as {path, contents}, in a fixed order. */
/** `extra`: further sitemaps written elsewhere (sitemaps/news.xml), listed in the index after the shards. */
export async function renderSitemaps(entries: readonly SitemapEntry[], site: SitemapSite, limit = SITEMAP_SHARD_LIMIT, extra: readonly string[] = []): Promise<{ path: string; contents: string; id?: ContentId }[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`shard limit ${limit}`);
  const count = Math.max(1, Math.ceil(entries.length / limit));
  const files: { path: string; contents: string; id?: ContentId }[] = [];
  const index: { url: string; lastmod?: string }[] = [];
  const siteKey = JSON.stringify(site);
  const kept = last !== undefined && last.site === siteKey && last.limit === limit ? last : undefined;
  last = undefined;
  // The shards holding a noted place; undefined when the notes do not lead back to the last list.
  const noted = kept && kept.entries.length === entries.length ? notedPlaces(kept.entries, entries) : undefined;
  const touched = noted && new Set(noted.map((p) => Math.floor(p / limit)));
  const shards: KeptShard[] = [];
  for (let n = 0; n < count; n++) {
    const from = n * limit;
    const to = Math.min(entries.length, from + limit);
    const before = kept?.shards[n];
    const same = before !== undefined && (touched ? !touched.has(n) : Math.min(kept!.entries.length, from + limit) === to && sameRange(kept!.entries, entries, from, to));
    let shard: KeptShard;
    if (same) shard = before;
    else {
      const slice = entries.slice(from, to);
      const contents = await shardXml(slice, site, siteKey);
      // Its bytes' id, kept with the text: the writer carries an unchanged shard (megabytes) without encoding and hashing it.
      shard = { contents, id: contentId(contents), lastmod: slice.reduce<string | undefined>((max, e) => (e.lastmod && (!max || iso(e.lastmod) > iso(max)) ? e.lastmod : max), undefined) };
    }
    shards.push(shard);
    files.push({ path: shardFile(n), contents: shard.contents, id: shard.id });
    index.push({ url: absoluteUrl(site.url, `/${shardFile(n)}`), ...(shard.lastmod ? { lastmod: shard.lastmod } : {}) });
  }
  if (keepsForNextBuild()) last = { site: siteKey, limit, entries, shards };
  for (const path of extra) index.push({ url: absoluteUrl(site.url, `/${path}`) });
  files.unshift({ path: SITEMAP_INDEX_FILE, contents: await xml(new SitemapIndexStream(), index) });
  return files;
}

/** One shard's text: the entries without a kept element (at least one, for the header) rendered by the package, the rest joined. */
async function shardXml(shard: readonly SitemapEntry[], site: SitemapSite, siteKey: string): Promise<string> {
  const stream = () => new SitemapStream({ xmlns: { news: shard.some((e) => e.news), image: shard.some((e) => e.images.length > 0), video: false, xhtml: false } });
  if (shard.length === 0) return xml(stream(), []);
  // A one-off build keeps no elements (src/core/resident.ts): the package renders the shard.
  if (!keepsForNextBuild()) return xml(stream(), shard.map((e) => item(e, site)));
  const missing = shard.filter((e) => ELEMENTS.get(e)?.site !== siteKey);
  const batch = missing.length ? missing : [shard[0]];
  const text = await xml(stream(), batch.map((e) => item(e, site)));
  const head = text.indexOf('<url>');
  // Split at each element's end: text inside an element is escaped, so '</url>' only ends one.
  const elements: string[] = [];
  let at = head;
  for (let i = 0; i < batch.length && at >= 0 && text.startsWith('<url>', at); i++) {
    const end = text.indexOf('</url>', at);
    if (end < 0) break;
    elements.push(text.slice(at, end + '</url>'.length));
    at = end + '</url>'.length;
  }
  // Not the shape this relies on (a later version of the package): the package renders the whole shard.
  if (head < 0 || elements.length !== batch.length || text.slice(at) !== CLOSE_TAG) return xml(stream(), shard.map((e) => item(e, site)));
  batch.forEach((e, i) => ELEMENTS.set(e, { site: siteKey, xml: elements[i] }));
  return text.slice(0, head) + shard.map((e) => ELEMENTS.get(e)!.xml).join('') + CLOSE_TAG;
}

// A lastmod's instant, by its text: a changed shard compares every entry's lastmod, and parsing
// its dates again on each publish of a story was most of rendering that shard.
const ISO = new Map<string, string>();
function iso(d: string): string {
  let v = ISO.get(d);
  if (v === undefined) {
    if (ISO.size > 200_000) ISO.clear();
    ISO.set(d, (v = new Date(d).toISOString()));
  }
  return v;
}

/**
 * robots.txt with the absolute Sitemap line (docs/deploying.md, "Sitemaps").
 * Crawlers read it only at the origin's root; under a base path its rules name
 * the prefixed paths, so it can be copied or merged there as it is.
 */
export function robotsTxt(siteUrl: string, basePath = ''): string {
  const p = (path: string) => withBase(basePath, path);
  return ['User-agent: *', `Allow: ${p('/')}`, `Disallow: ${p('/preview/')}`, `Disallow: ${p('/_shell/')}`, '', `Sitemap: ${absoluteUrl(siteUrl, `/${SITEMAP_INDEX_FILE}`)}`, ''].join('\n');
}
