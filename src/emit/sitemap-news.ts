// The Google News sitemap `sitemaps/news.xml` (docs/deploying.md, "Sitemaps"): articles of the last
// two days by the build clock, at most 1,000, newest first. The article kind marks recent articles
// (from ctx.now); the window is re-checked here so a stale plan cannot leak old stories.
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { SitemapEntry } from '../plan/types.ts';
import type { Slot } from '../runtime/kept.ts';
import { notedChange } from '../lists/list-change.ts';
import { lowerBound } from '../lists/sorted.ts';

export const NEWS_SITEMAP_FILE = 'sitemaps/news.xml';
export const NEWS_MAX_URLS = 1000;
export const NEWS_WINDOW_MS = 2 * 86_400_000;

export interface NewsSite {
  name: string;
  language: string;
}

/** The entries that belong in the news sitemap, newest first, at most 1,000. */
export function newsEntries(entries: readonly SitemapEntry[], now: string): (SitemapEntry & { news: NonNullable<SitemapEntry['news']> })[] {
  const t = Date.parse(now);
  const seen = new Set<string>();
  return entries
    .filter((e): e is SitemapEntry & { news: NonNullable<SitemapEntry['news']> } => {
      if (!e.news) return false;
      const d = Date.parse(e.news.publicationDate);
      return Number.isFinite(d) && d <= t && t - d <= NEWS_WINDOW_MS;
    })
    .sort((a, b) => Date.parse(b.news.publicationDate) - Date.parse(a.news.publicationDate) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    // A URL once, at its newest date: Google rejects a news sitemap listing a URL twice.
    .filter((e) => !seen.has(e.url) && !!seen.add(e.url))
    .slice(0, NEWS_MAX_URLS);
}

/** Google's language codes are ISO 639 (2-3 letters) or zh-cn / zh-tw. */
export function newsLanguage(language: string): string {
  const l = language.toLowerCase();
  return l === 'zh-cn' || l === 'zh-tw' ? l : l.split(/[-_]/)[0];
}

/** The news sitemap, or null when none is in the window (the package refuses an empty sitemap). */
export async function renderNewsSitemap(entries: readonly SitemapEntry[], site: NewsSite, now: string, kept?: Slot<KeptNews>): Promise<{ path: string; contents: string } | null> {
  const items: SitemapItemLoose[] = newsEntries(withNews(entries, kept), now).map((e) => ({
    url: e.url,
    news: {
      publication: { name: site.name, language: newsLanguage(site.language) },
      publication_date: new Date(e.news.publicationDate).toISOString(),
      title: e.news.title,
    },
  }));
  if (items.length === 0) return null;
  const stream = new SitemapStream({ xmlns: { news: true, image: false, video: false, xhtml: false } });
  const done = streamToPromise(stream);
  Readable.from(items, { objectMode: true }).pipe(stream);
  return { path: NEWS_SITEMAP_FILE, contents: (await done).toString('utf8') };
}

/** The entries that carry news, in their order, with the list they came from and each one's place there (./kept.ts news). */
export interface KeptNews {
  entries: readonly SitemapEntry[];
  news: SitemapEntry[];
  places: number[];
}

/** The entries that carry news, in their order: brought up to date from the session's `kept` answer when it has one. */
export function withNews(entries: readonly SitemapEntry[], kept?: Slot<KeptNews>): readonly SitemapEntry[] {
  const last = kept?.take();
  const prior = last && (last.entries === entries ? last : patched(last, entries));
  const made = prior ?? walked(entries);
  kept?.keep(made);
  return made.news;
}

function walked(entries: readonly SitemapEntry[]): KeptNews {
  const news: SitemapEntry[] = [];
  const places: number[] = [];
  entries.forEach((e, i) => {
    if (e.news) (news.push(e), places.push(i));
  });
  return { entries, news, places };
}

/** The last answer with the noted places' entries replaced; undefined when the notes do not lead from the last list to this one. */
function patched(last: KeptNews, entries: readonly SitemapEntry[]): KeptNews | undefined {
  const change = notedChange(last.entries, entries);
  if (!change) return undefined;
  const news = last.news.slice();
  const places = last.places.slice();
  for (const p of change.places) {
    const at = lowerBound(places, p, (a, b) => a - b);
    const had = places[at] === p;
    if (entries[p].news) {
      if (had) news[at] = entries[p];
      else (news.splice(at, 0, entries[p]), places.splice(at, 0, p));
    } else if (had) (news.splice(at, 1), places.splice(at, 1));
  }
  return { entries, news, places };
}
