// One feed in three formats with the `feed` library (v5): RSS 2.0, Atom 1.0 and
// JSON Feed. `feed` v5 writes JSON Feed version 1 only, so its JSON is
// post-processed to 1.1 (jsonfeed.org/version/1.1): `version`, `language`,
// and `authors` arrays in place of the deprecated `author` objects.
//
// Escaping: Atom titles and summaries are typed "html" by the library, so text
// is HTML-escaped for Atom (a title "<img onerror>" stays text); RSS titles are
// text in CDATA; `]]>` inside any CDATA text is split so it cannot close the
// section early. Dates are the items' own; `updated`/lastBuildDate is the newest
// item's date, or the build clock for an empty feed — never the wall clock.
import { Feed, type Item } from 'feed';
import { escapeHtml } from '../../core/html.ts';
import { absoluteUrl } from '../../site/paths.ts';
import { feedPath, type FeedScope } from '../../site/feeds.ts';
import type { FeedArticle } from './model.ts';

export interface FeedMeta {
  scope: FeedScope;
  title: string;
  description: string;
  /** Absolute URL of the page the feed mirrors. */
  link: string;
  siteUrl: string;
  language: string;
  /** Absolute logo URL. */
  image: string;
  /** The build clock, ISO-8601. */
  now: string;
}

const cdataSafe = (s: string) => s.replace(/]]>/g, ']]&gt;');
const contentHtml = (a: FeedArticle) =>
  `${a.image ? `<p><img src="${escapeHtml(a.image.url)}" alt="${escapeHtml(a.title)}"></p>` : ''}<p>${escapeHtml(a.excerpt)}</p>`;

function build(meta: FeedMeta, articles: readonly FeedArticle[], html: boolean): Feed {
  const text = (s: string) => cdataSafe(html ? escapeHtml(s) : s);
  const abs = (p: string) => absoluteUrl(meta.siteUrl, p);
  const feed = new Feed({
    id: abs(feedPath(meta.scope, 'atom')),
    title: text(meta.title),
    description: text(meta.description),
    link: meta.link,
    language: meta.language,
    image: meta.image,
    favicon: meta.image,
    updated: articles[0]?.date ?? new Date(meta.now),
    generator: 'Pressroom',
    feedLinks: { rss: abs(feedPath(meta.scope, 'rss')), atom: abs(feedPath(meta.scope, 'atom')), json: abs(feedPath(meta.scope, 'json')) },
  });
  for (const a of articles) {
    const item: Item = {
      id: a.id,
      title: text(a.title),
      link: a.url,
      date: a.date,
      published: a.date,
      description: cdataSafe(escapeHtml(a.excerpt)),
      content: cdataSafe(contentHtml(a)),
      category: [{ name: text(a.category.name), term: a.category.slug, domain: abs(`/topic/${encodeURIComponent(a.category.slug)}`) }],
      ...(a.image ? { image: { url: a.image.url, type: a.image.type, length: 0 } } : {}),
      ...(a.author ? { author: [{ name: text(a.author.name), link: a.author.url }] } : {}),
    };
    feed.addItem(item);
  }
  return feed;
}

export function rss(meta: FeedMeta, articles: readonly FeedArticle[]): string {
  return `${build(meta, articles, false).rss2()}\n`;
}

export function atom(meta: FeedMeta, articles: readonly FeedArticle[]): string {
  return `${build(meta, articles, true).atom1()}\n`;
}

/** JSON Feed 1.1. */
export function jsonFeed(meta: FeedMeta, articles: readonly FeedArticle[]): string {
  const v1 = JSON.parse(build(meta, articles, false).json1()) as Record<string, unknown> & { items: Record<string, unknown>[] };
  const byId = new Map(articles.map((a) => [a.id, a]));
  const items = v1.items.map((it) => {
    const a = byId.get(it.id as string)!;
    const { author: _author, ...rest } = it;
    return {
      ...rest,
      content_html: contentHtml(a),
      summary: a.excerpt,
      // JSON Feed 1.1: an item's `image` is the URL string; the feed package copies the enclosure object verbatim.
      ...(a.image ? { image: a.image.url } : {}),
      ...(a.author ? { authors: [{ name: a.author.name, url: a.author.url }] } : {}),
      language: meta.language,
    };
  });
  const { author: _a, items: _i, version: _v, ...top } = v1;
  return `${JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', ...top, language: meta.language, items }, null, 2)}\n`;
}
