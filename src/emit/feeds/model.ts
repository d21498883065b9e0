// Feed items from the snapshot (docs/deploying.md, "Feeds"): one per article route, derived here
// once as plain text and absolute URLs; ./render.ts only formats them.
import { ep } from '../../api/endpoints.ts';
import type { Author, Post } from '../../api/types.ts';
import { cutText, stripTags } from '../../encoding/html.ts';
import { byCodeUnits, lowerBound } from '../../lists/sorted.ts';
import { changedPlaces, mostChangedPlaces } from '../../lists/list-change.ts';
import type { PlannedRoute } from '../../plan/types.ts';
import { headOf, type PostHead } from '../../site/common.ts';
import type { SnapshotEntry, SnapshotView } from '../../site/types.ts';
import { absoluteUrl, pageAbsoluteUrl, paths, type TrailingSlash } from '../../site/paths.ts';
import { checkSlug } from '../../site/slug.ts';
import type { FeedsKept } from '../kept.ts';

export const EXCERPT_CHARS = 280;

export interface FeedArticle {
  /** Stable forever: a tag: URI from the host, the first publication day and the post id (survives slug renames). */
  id: string;
  url: string;
  title: string;
  excerpt: string;
  date: Date;
  image?: { url: string; type: string };
  category: { slug: string; name: string };
  tag?: { slug: string; name: string };
  author?: { slug: string; name: string; url: string };
}

export interface FeedSource {
  routes: readonly PlannedRoute[];
  /** The 2xx body of an API path in the snapshot. */
  lookup(apiPath: string): unknown;
  /**
   * The snapshot's entry of an API path, by which an item is kept so an unchanged post is not read
   * again (its body is parsed from the body store on each read); without it, items are kept by record.
   */
  entryOf?(apiPath: string): SnapshotEntry | undefined;
  /** The snapshot's state and the paths changed since a state (src/snapshot/snapshot-store.ts changesSince), when it can tell. */
  changes?: Pick<SnapshotView, 'state' | 'changesSince'>;
  siteUrl: string;
  /** site.trailingSlash: item and author links in the site's URL form (fixed for a session, like siteUrl). */
  trailingSlash?: TrailingSlash;
  imageHost: string;
}

// XML 1.0 forbids most C0 controls; CMS text must not make a feed unparsable.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const clean = (s: string) => s.replace(CONTROL, '');

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', svg: 'image/svg+xml' };

function imageOf(src: FeedSource, path: string | null): FeedArticle['image'] {
  if (!path) return undefined;
  let url: string;
  if (/^https?:\/\//i.test(path)) url = path;
  else if (path.startsWith('/') && !path.startsWith('//')) url = absoluteUrl(src.imageHost || src.siteUrl, path);
  else return undefined;
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  return { url, type: IMAGE_TYPES[ext] ?? 'image/jpeg' };
}

/** At most EXCERPT_CHARS, cut at a word boundary with an ellipsis when shortened. */
export function excerptOf(text: string): string {
  const cut = cutText(text, EXCERPT_CHARS);
  if (cut === text) return text;
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** An article's item with what it was made from (../kept.ts FeedsKept.items). */
export interface KeptItem {
  author: Author | undefined;
  authorPath: string;
  path: string;
  siteUrl: string;
  imageHost: string;
  item: FeedArticle;
}

/** Newest first; ties by URL (one per route, so none are equal) so equal snapshots give equal feeds. */
export const newestFirst = (a: FeedArticle, b: FeedArticle): number => b.date.getTime() - a.date.getTime() || byCodeUnits(a.url, b.url);

/** Every article newest first, and how it came from the answer of the call before. */
export interface FeedArticleIndex {
  /**
   * Every article, newest first. In a session this is the model's own list, patched in place by
   * the next call: read it before calling again.
   */
  readonly sorted: readonly FeedArticle[];
  /** One more on each call of a session (../kept.ts FeedsKept.generation); 0 without one. */
  readonly generation: number;
  /** What this call removed from and added to `sorted` since the call before (generation - 1); undefined when it was made anew. */
  readonly change: { readonly removed: readonly FeedArticle[]; readonly added: readonly FeedArticle[] } | undefined;
}
/** The last answer of a session, aligned with its routes (../kept.ts FeedsKept.articles). */
export type KeptArticles = Aligned & { sorted: FeedArticle[]; routes: readonly PlannedRoute[]; state: string; siteUrl: string; imageHost: string };

/** Every article's item, newest first (a new array). `kept`: the session's part, none in a one-off build. */
export function feedArticles(src: FeedSource, kept?: FeedsKept): readonly FeedArticle[] {
  const { sorted } = feedArticleIndex(src, kept);
  return kept ? sorted.slice() : sorted;
}

/** Every article's item, newest first, with what changed since the session's last call (FeedArticleIndex). */
export function feedArticleIndex(src: FeedSource, kept?: FeedsKept): FeedArticleIndex {
  const generation = kept ? ++kept.generation : 0;
  const host = new URL(src.siteUrl).hostname;
  const now = src.changes?.state;
  if (!kept || now === undefined) {
    kept?.articles.take();
    const out: FeedArticle[] = [];
    for (const r of src.routes) {
      const item = r.kind === 'article' ? articleOf(src, host, r, kept).item : null;
      if (item) out.push(item);
    }
    return { sorted: out.sort(newestFirst), generation, change: undefined };
  }
  // Taken while it is brought up to date in place: a failure on the way leaves none (the next call walks).
  const last = kept.articles.take();
  const changed = last && last.siteUrl === src.siteUrl && last.imageHost === src.imageHost && last.routes.length === src.routes.length ? src.changes!.changesSince?.(last.state) : undefined;
  const redone = last && changed ? redoneFrom(last, changed, src, host, kept) : undefined;
  const patched = redone && patchSorted(last!.sorted, redone.removed, redone.added);
  const made = redone ?? walked(src, host, kept);
  const sorted = patched ? last!.sorted : (made.items.filter((item) => item !== null) as FeedArticle[]).sort(newestFirst);
  kept.articles.keep({ ...made, sorted, routes: src.routes, state: now, siteUrl: src.siteUrl, imageHost: src.imageHost });
  return { sorted, generation, change: patched ? { removed: redone!.removed, added: redone!.added } : undefined };
}

/**
 * Patches `sorted` (newest first) in place: a replacement that sorts where its item was is put
 * there, others are taken out and inserted by binary search. False when a removed item is not
 * where the order puts it or an added one ties; `sorted` may then be half changed and is remade.
 */
function patchSorted(sorted: FeedArticle[], removed: readonly FeedArticle[], added: readonly FeedArticle[]): boolean {
  const gone = [...removed];
  const come: FeedArticle[] = [];
  for (const a of added) {
    const j = gone.findIndex((r) => newestFirst(r, a) === 0);
    if (j < 0) {
      come.push(a);
      continue;
    }
    const at = lowerBound(sorted, gone[j], newestFirst);
    if (sorted[at] !== gone[j]) return false;
    sorted[at] = a;
    gone.splice(j, 1);
  }
  for (const r of gone) {
    const at = lowerBound(sorted, r, newestFirst);
    if (sorted[at] !== r) return false;
    sorted.splice(at, 1);
  }
  for (const a of come) {
    const at = lowerBound(sorted, a, newestFirst);
    if (at < sorted.length && newestFirst(sorted[at], a) === 0) return false;
    sorted.splice(at, 0, a);
  }
  return true;
}

/** Per route: its item, the two paths it read ('' for none), and the routes reading each path. */
export type Aligned = { items: (FeedArticle | null)[]; details: string[]; authors: string[]; byPath: Map<string, number[]> };

/** Every route's item, with the paths each read. */
function walked(src: FeedSource, host: string, kept: FeedsKept): Aligned {
  const items: (FeedArticle | null)[] = [];
  const details: string[] = [];
  const authors: string[] = [];
  const byPath = new Map<string, number[]>();
  src.routes.forEach((r, i) => {
    const made = r.kind === 'article' ? articleOf(src, host, r, kept) : NONE;
    items.push(made.item);
    details.push(made.details);
    authors.push(made.authorPath);
    readBy(byPath, made.details, i);
    readBy(byPath, made.authorPath, i);
  });
  return { items, details, authors, byPath };
}

/**
 * The last answer with the items of replaced routes, or routes reading a changed path, made again,
 * and the items that went and came; undefined when that is many (a walk is then as cheap).
 */
function redoneFrom(last: KeptArticles, changed: ReadonlySet<string>, src: FeedSource, host: string, kept: FeedsKept): (Aligned & { removed: FeedArticle[]; added: FeedArticle[] }) | undefined {
  const { routes } = src;
  const replaced = changedPlaces(last.routes, routes);
  if (!replaced) return undefined;
  const redo = new Set(replaced);
  for (const path of changed) for (const i of last.byPath.get(path) ?? []) redo.add(i);
  if (redo.size > mostChangedPlaces(routes.length)) return undefined;
  // The kept arrays are the last answer's: changed in place, they are that answer no more (the kept one is replaced).
  const { items, details, authors, byPath } = last;
  const removed: FeedArticle[] = [];
  const added: FeedArticle[] = [];
  for (const i of redo) {
    const r = routes[i];
    const made = r.kind === 'article' ? articleOf(src, host, r, kept) : NONE;
    if (details[i] !== made.details) {
      unreadBy(byPath, details[i], i);
      readBy(byPath, made.details, i);
    }
    if (authors[i] !== made.authorPath) {
      unreadBy(byPath, authors[i], i);
      readBy(byPath, made.authorPath, i);
    }
    if (made.item !== items[i]) {
      if (items[i]) removed.push(items[i]!);
      if (made.item) added.push(made.item);
    }
    items[i] = made.item;
    details[i] = made.details;
    authors[i] = made.authorPath;
  }
  return { items, details, authors, byPath, removed, added };
}

const NONE = { item: null, details: '', authorPath: '' } as const;

function readBy(byPath: Map<string, number[]>, path: string, i: number): void {
  if (path === '') return;
  const at = byPath.get(path);
  if (at) at.push(i);
  else byPath.set(path, [i]);
}

function unreadBy(byPath: Map<string, number[]>, path: string, i: number): void {
  const at = byPath.get(path);
  const k = at?.indexOf(i) ?? -1;
  if (k >= 0) at!.splice(k, 1);
}

/** An article route's item (null: its post has no record or date), with the API paths it reads. */
function articleOf(src: FeedSource, host: string, r: PlannedRoute, kept: FeedsKept | undefined): { item: FeedArticle | null; details: string; authorPath: string } {
  let details = kept?.details.get(r);
  if (details === undefined) {
    details = ep.postDetails(r.params.cat_slug, r.params.post_name);
    kept?.details.set(r, details);
  }
  const entry = src.entryOf?.(details);
  let post: PostHead | undefined = entry ? undefined : postOf(src, details);
  const key = entry ?? post;
  if (!key) return { item: null, details, authorPath: '' };
  const had = kept?.items.get(key);
  if (had) {
    const author = (src.lookup(had.authorPath) as { result?: Author[] } | undefined)?.result?.[0];
    if (had.author === author && had.path === r.path && had.siteUrl === src.siteUrl && had.imageHost === src.imageHost) {
      return { item: had.item, details, authorPath: had.authorPath };
    }
  }
  post ??= headOf(entry);
  if (!post) return { item: null, details, authorPath: '' };
  const authorPath = ep.authorById(post.post_author_id);
  const author = (src.lookup(authorPath) as { result?: Author[] } | undefined)?.result?.[0];
  const whole = post;
  const item = feedArticle(src, host, r.path, post, author, entry ? () => (entry.body as { result?: Post[] } | null)?.result?.[0] : () => whole as Post);
  if (!item) return { item: null, details, authorPath };
  kept?.items.set(key, { author, authorPath, path: r.path, siteUrl: src.siteUrl, imageHost: src.imageHost, item });
  return { item, details, authorPath };
}

const postOf = (src: FeedSource, details: string): Post | undefined => (src.lookup(details) as { result?: Post[] } | undefined)?.result?.[0];

/**
 * An article's item from its record without the body. The excerpt (which needs the body unless
 * there is a meta description) is made when a feed first prints it: most articles are never
 * printed, and parsing every body read about 250 MB at 50,000 posts.
 */
function feedArticle(src: FeedSource, host: string, path: string, post: PostHead, author: Author | undefined, whole: () => Post | undefined): FeedArticle | null {
  const date = new Date(post.post_date);
  if (Number.isNaN(date.getTime())) return null;
  const authorSlug = author?.author_name ?? post.author_name;
  const described = post.meta_description?.trim();
  let excerpt = described ? clean(described) : undefined;
  return {
    id: `tag:${host},${date.toISOString().slice(0, 10)}:post/${post.id}`,
    url: pageAbsoluteUrl({ url: src.siteUrl, trailingSlash: src.trailingSlash }, path),
    title: clean(post.post_title),
    get excerpt() {
      return (excerpt ??= clean(excerptOf(stripTags(whole()?.post_content ?? ''))));
    },
    date,
    image: post.banner_img ? imageOf(src, post.banner_img) : undefined,
    category: { slug: post.cat_slug, name: clean(post.cat_name || post.cat_slug) },
    ...(post.subcat_slug && checkSlug(post.subcat_slug).ok ? { tag: { slug: post.subcat_slug, name: clean(post.subcat_name || post.subcat_slug) } } : {}),
    ...(authorSlug && checkSlug(authorSlug).ok
      ? { author: { slug: authorSlug, name: clean(author?.author_display_name || post.post_author || authorSlug), url: pageAbsoluteUrl({ url: src.siteUrl, trailingSlash: src.trailingSlash }, paths.author(authorSlug)) } }
      : {}),
  };
}
