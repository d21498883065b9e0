// One feed in three formats with the `feed` library (v5): RSS 2.0, Atom 1.0 and JSON Feed, whose
// version 1 output is post-processed to 1.1 (`version`, `language`, `authors` arrays).
//
// Escaping: Atom titles and summaries are typed "html", so text is HTML-escaped for Atom; RSS
// titles are CDATA, with `]]>` split so it cannot close the section. `updated`/lastBuildDate is the
// newest item's date or `emptyDate` (./index.ts): never a clock.
import { Feed, type Item } from 'feed';
import { escapeHtml } from '../../encoding/html.ts';
import { absoluteUrl } from '../../site/paths.ts';
import { feedPath, type FeedScope } from '../../site/feeds.ts';
import type { FeedArticle } from './model.ts';
import type { FeedsKept } from '../kept.ts';

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
  /** The date of the feed when it has no items, ISO-8601 (./index.ts renderFeeds: the site's newest article's). */
  emptyDate: string;
}

const cdataSafe = (s: string) => s.replace(/]]>/g, ']]&gt;');
const contentHtml = (a: FeedArticle) =>
  `${a.image ? `<p><img src="${escapeHtml(a.image.url)}" alt="${escapeHtml(a.title)}"></p>` : ''}<p>${escapeHtml(a.excerpt)}</p>`;

/** A feed's date: its newest item's, or `emptyDate` for a feed without items. */
const updatedOf = (meta: FeedMeta, articles: readonly FeedArticle[]): Date => articles[0]?.date ?? new Date(meta.emptyDate);

/** `updated`: the feed's date (given apart when `articles` are only some of the feed's items). */
function build(meta: FeedMeta, articles: readonly FeedArticle[], html: boolean, updated = updatedOf(meta, articles)): Feed {
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
    updated,
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

/** `fragments`: a session's items' kept elements (../kept.ts FeedsKept.fragments), none in a one-off build. */
export function rss(meta: FeedMeta, articles: readonly FeedArticle[], fragments?: FeedFragments): string {
  return `${xmlFeed(meta, articles, 'rss', fragments)}\n`;
}

export function atom(meta: FeedMeta, articles: readonly FeedArticle[], fragments?: FeedFragments): string {
  return `${xmlFeed(meta, articles, 'atom', fragments)}\n`;
}

/** JSON Feed 1.1. */
export function jsonFeed(meta: FeedMeta, articles: readonly FeedArticle[], fragments?: FeedFragments): string {
  const updated = updatedOf(meta, articles);
  const key = fragmentKey(meta);
  const missing = fragments ? articles.filter((a) => keptFragment(fragments, a, key, 'json') === undefined) : articles;
  // The feed's own fields come from any render: they do not depend on its items.
  const batch = missing.length || articles.length === 0 ? missing : articles.slice(0, 1);
  const v1 = JSON.parse(build(meta, batch, false, updated).json1()) as Record<string, unknown> & { items: Record<string, unknown>[] };
  const made = new Map(batch.map((a, i) => [a, jsonItem(meta, a, v1.items[i])]));
  if (fragments) for (const [a, text] of made) fragmentsOf(fragments, a, key).json = text;
  const { author: _a, items: _i, version: _v, ...top } = v1;
  const head = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', ...top, language: meta.language, items: [] }, null, 2);
  if (articles.length === 0) return `${head}\n`;
  // As JSON.stringify(feed, null, 2) prints the items (the last field): each one two levels in.
  const items = articles.map((a) => made.get(a) ?? keptFragment(fragments!, a, key, 'json')!);
  return `${head.slice(0, -'[]\n}'.length)}[\n${items.join(',\n')}\n  ]\n}\n`;
}

/** One item of a JSON Feed 1.1, from the item the feed package made (JSON Feed 1), printed as the feed prints its items. */
function jsonItem(meta: FeedMeta, a: FeedArticle, it: Record<string, unknown>): string {
  const { author: _author, ...rest } = it;
  const item = {
    ...rest,
    content_html: contentHtml(a),
    summary: a.excerpt,
    // JSON Feed 1.1: an item's `image` is the URL string; the feed package copies the enclosure object verbatim.
    ...(a.image ? { image: a.image.url } : {}),
    ...(a.author ? { authors: [{ name: a.author.name, url: a.author.url }] } : {}),
    language: meta.language,
  };
  return `    ${JSON.stringify(item, null, 2).replace(/\n/g, '\n    ')}`;
}

/** Each article's element in each format, for the site URL and language of `key` (../kept.ts FeedsKept.fragments). */
export interface FeedFragment {
  key: string;
  rss?: string;
  atom?: string;
  json?: string;
}
type FeedFragments = FeedsKept['fragments'];
const fragmentKey = (meta: FeedMeta) => `${meta.siteUrl}\0${meta.language}`;

/** An article's kept element in a format, when it was made for this site URL and language. */
function keptFragment(fragments: FeedFragments, a: FeedArticle, key: string, format: 'rss' | 'atom' | 'json'): string | undefined {
  const kept = fragments.get(a);
  return kept?.key === key ? kept[format] : undefined;
}

function fragmentsOf(fragments: FeedFragments, a: FeedArticle, key: string): FeedFragment {
  let kept = fragments.get(a);
  if (kept?.key !== key) fragments.set(a, (kept = { key }));
  return kept;
}

// Where the feed package puts each item (four-space indents): elements are cut out at these marks.
// A CDATA title can hold anything, so a cut is kept only when the elements tile the text exactly;
// otherwise the whole feed is rendered.
const ELEMENT = {
  rss: { open: '\n        <item>', close: '\n        </item>', end: '\n    </channel>\n</rss>' },
  atom: { open: '\n    <entry>', close: '\n    </entry>', end: '\n</feed>' },
} as const;

/** A feed's XML without the final newline: rendered whole in a one-off build, else its frame and its items' kept elements. */
function xmlFeed(meta: FeedMeta, articles: readonly FeedArticle[], format: 'rss' | 'atom', fragments: FeedFragments | undefined): string {
  const updated = updatedOf(meta, articles);
  const render = (list: readonly FeedArticle[]) => (format === 'rss' ? build(meta, list, false, updated).rss2() : build(meta, list, true, updated).atom1());
  if (!fragments || articles.length === 0) return render(articles);
  const key = fragmentKey(meta);
  const missing = articles.filter((a) => keptFragment(fragments, a, key, format) === undefined);
  // The frame comes from any render with an item (the feed's fields do not depend on which).
  const batch = missing.length ? missing : articles.slice(0, 1);
  const text = render(batch);
  const { open, close, end } = ELEMENT[format];
  const head = text.indexOf(open);
  const elements: string[] = [];
  let at = head;
  for (let i = 0; i < batch.length && at >= 0 && text.startsWith(open, at); i++) {
    const stop = text.indexOf(close, at + open.length);
    if (stop < 0) break;
    elements.push(text.slice(at, stop + close.length));
    at = stop + close.length;
  }
  if (head < 0 || elements.length !== batch.length || text.slice(at) !== end) return render(articles);
  batch.forEach((a, i) => (fragmentsOf(fragments, a, key)[format] = elements[i]));
  return text.slice(0, head) + articles.map((a) => keptFragment(fragments, a, key, format)!).join('') + end;
}
