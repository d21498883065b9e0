// Sitemaps with the `sitemap` package (docs/deploying.md, "Sitemaps"): an index `sitemap.xml` listing
// shards `sitemaps/sitemap-N.xml` of at most 2,000 URLs, real lastmod only, image entries. Google
// News markup belongs to the news sitemap alone (./sitemap-news.ts, which keeps Google's two-day
// window and one entry per URL): here recent articles are plain URLs like every other page.
// 2,000 as WordPress splits (not the protocol's 50,000): an edit rewrites its shard each publish, and
// a huge shard made that cost grow with the site (docs/decisions/0068-kept-state.md).
// Gotcha: an index stream must be read to the end or `finish` never fires (streamToPromise here).
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { absoluteUrl, withBase } from '../site/paths.ts';
import type { SitemapEntry } from '../plan/types.ts';
import { contentId, type ContentId } from './writer.ts';
import { notedPlaces } from '../lists/list-change.ts';
import type { EmitKept } from './kept.ts';

export const SITEMAP_SHARD_LIMIT = 2_000;
export const SITEMAP_INDEX_FILE = 'sitemap.xml';
export const shardFile = (n: number) => `sitemaps/sitemap-${n}.xml`;

export interface SitemapSite {
  url: string;
}

function item(e: SitemapEntry): SitemapItemLoose {
  return {
    url: e.url,
    ...(e.lastmod ? { lastmod: e.lastmod } : {}),
    ...(e.changefreq ? { changefreq: e.changefreq as SitemapItemLoose['changefreq'] } : {}),
    ...(e.priority !== undefined ? { priority: e.priority } : {}),
    img: e.images.map((url) => ({ url })),
  };
}

async function xml(stream: SitemapStream | SitemapIndexStream, items: readonly unknown[]): Promise<string> {
  const done = streamToPromise(stream);
  Readable.from(items, { objectMode: true }).pipe(stream);
  return (await done).toString('utf8');
}

// A shard is a header, one element per item (a function of that item) and the closing tag: a session
// keeps each entry's element (./kept.ts sitemapElements) and renders only changed ones.
const CLOSE_TAG = '</urlset>';

/** A shard as rendered, with its bytes' id and its newest lastmod. */
export interface KeptShard {
  contents: string;
  id: ContentId;
  lastmod: string | undefined;
}

/** The last call's whole list and its shards by position (./kept.ts sitemapShards). */
export interface KeptShards {
  site: string;
  limit: number;
  entries: readonly SitemapEntry[];
  shards: KeptShard[];
}

/** What the sitemaps keep for the next build of a publish session. */
export type SitemapKept = Pick<EmitKept, 'sitemapElements' | 'sitemapShards' | 'lastmods'>;

function sameRange(a: readonly SitemapEntry[], b: readonly SitemapEntry[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The index and shards as {path, contents} in a fixed order. `extra`: sitemaps written elsewhere,
 * listed after the shards. `kept`: the session's part, none in a one-off build.
 */
export async function renderSitemaps(entries: readonly SitemapEntry[], site: SitemapSite, limit = SITEMAP_SHARD_LIMIT, extra: readonly string[] = [], kept?: SitemapKept): Promise<{ path: string; contents: string; id?: ContentId }[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`shard limit ${limit}`);
  const count = Math.max(1, Math.ceil(entries.length / limit));
  const files: { path: string; contents: string; id?: ContentId }[] = [];
  const index: { url: string; lastmod?: string }[] = [];
  const siteKey = JSON.stringify(site);
  const last = kept?.sitemapShards.take();
  const prior = last !== undefined && last.site === siteKey && last.limit === limit ? last : undefined;
  const lastmods = kept?.lastmods ?? new Map<string, string>();
  // The shards holding a noted place; undefined when the notes do not lead back to the last list.
  const noted = prior && prior.entries.length === entries.length ? notedPlaces(prior.entries, entries) : undefined;
  const touched = noted && new Set(noted.map((p) => Math.floor(p / limit)));
  const shards: KeptShard[] = [];
  for (let n = 0; n < count; n++) {
    const from = n * limit;
    const to = Math.min(entries.length, from + limit);
    const before = prior?.shards[n];
    const same = before !== undefined && (touched ? !touched.has(n) : Math.min(prior!.entries.length, from + limit) === to && sameRange(prior!.entries, entries, from, to));
    let shard: KeptShard;
    if (same) shard = before;
    else {
      const slice = entries.slice(from, to);
      const contents = await shardXml(slice, siteKey, kept?.sitemapElements);
      // Its bytes' id, kept with the text: the writer carries an unchanged shard (megabytes) without encoding and hashing it.
      shard = { contents, id: contentId(contents), lastmod: slice.reduce<string | undefined>((max, e) => (e.lastmod && (!max || iso(e.lastmod, lastmods) > iso(max, lastmods)) ? e.lastmod : max), undefined) };
    }
    shards.push(shard);
    files.push({ path: shardFile(n), contents: shard.contents, id: shard.id });
    index.push({ url: absoluteUrl(site.url, `/${shardFile(n)}`), ...(shard.lastmod ? { lastmod: shard.lastmod } : {}) });
  }
  kept?.sitemapShards.keep({ site: siteKey, limit, entries, shards });
  for (const path of extra) index.push({ url: absoluteUrl(site.url, `/${path}`) });
  files.unshift({ path: SITEMAP_INDEX_FILE, contents: await xml(new SitemapIndexStream(), index) });
  return files;
}

/** One shard's text: the entries without a kept element (at least one, for the header) rendered by the package, the rest joined. */
async function shardXml(shard: readonly SitemapEntry[], siteKey: string, elements: SitemapKept['sitemapElements'] | undefined): Promise<string> {
  const stream = () => new SitemapStream({ xmlns: { news: false, image: shard.some((e) => e.images.length > 0), video: false, xhtml: false } });
  if (shard.length === 0) return xml(stream(), []);
  // A one-off build keeps no elements: the package renders the shard.
  if (!elements) return xml(stream(), shard.map((e) => item(e)));
  const missing = shard.filter((e) => elements.get(e)?.site !== siteKey);
  const batch = missing.length ? missing : [shard[0]];
  const text = await xml(stream(), batch.map((e) => item(e)));
  const head = text.indexOf('<url>');
  // Split at each element's end: text inside an element is escaped, so '</url>' only ends one.
  const cut: string[] = [];
  let at = head;
  for (let i = 0; i < batch.length && at >= 0 && text.startsWith('<url>', at); i++) {
    const end = text.indexOf('</url>', at);
    if (end < 0) break;
    cut.push(text.slice(at, end + '</url>'.length));
    at = end + '</url>'.length;
  }
  // Not the shape this relies on (a later version of the package): the package renders the whole shard.
  if (head < 0 || cut.length !== batch.length || text.slice(at) !== CLOSE_TAG) return xml(stream(), shard.map((e) => item(e)));
  batch.forEach((e, i) => elements.set(e, { site: siteKey, xml: cut[i] }));
  return text.slice(0, head) + shard.map((e) => elements.get(e)!.xml).join('') + CLOSE_TAG;
}

/** A lastmod's instant, by its text, remembered in `known` (./kept.ts lastmods in a session; one call's otherwise). */
function iso(d: string, known: Map<string, string>): string {
  let v = known.get(d);
  if (v === undefined) {
    if (known.size > 200_000) known.clear();
    known.set(d, (v = new Date(d).toISOString()));
  }
  return v;
}

/** robots.txt with the absolute Sitemap line; under a base path its rules name the prefixed paths. */
export function robotsTxt(siteUrl: string, basePath = ''): string {
  const p = (path: string) => withBase(basePath, path);
  return ['User-agent: *', `Allow: ${p('/')}`, `Disallow: ${p('/preview/')}`, `Disallow: ${p('/_shell/')}`, '', `Sitemap: ${absoluteUrl(siteUrl, `/${SITEMAP_INDEX_FILE}`)}`, ''].join('\n');
}
