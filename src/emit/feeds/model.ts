// Feed items from the snapshot (docs/deploying.md, "Feeds"): one per article route, with
// the post's details and its author record. Everything a feed shows is derived
// here once, as plain text and absolute URLs; ./render.ts only formats it.
import { ep } from '../../api/endpoints.ts';
import type { Author, Post } from '../../api/types.ts';
import { cutText, stripTags } from '../../core/html.ts';
import { KeptWeakMap, keepsForNextBuild } from '../../core/resident.ts';
import { byCodeUnits, SortedCache } from '../../core/sorted.ts';
import { changedPlaces, mostChangedPlaces, noteReplaced } from '../../core/list-change.ts';
import type { PlannedRoute } from '../../plan/types.ts';
import { headOf, type PostHead } from '../../site/common.ts';
import type { SnapshotEntry, SnapshotView } from '../../site/types.ts';
import { absoluteUrl, paths } from '../../site/paths.ts';
import { checkSlug } from '../../site/slug.ts';

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
   * The snapshot's entry of an API path: what an item is kept by, so an unchanged
   * post's details are not read again (a post's body is parsed from the body store
   * on each read: src/crawl/body-store.ts), and whose record without the body
   * (src/site/common.ts headOf, which the plan read already) makes the item.
   * Without it, items are made from the record and kept by it.
   */
  entryOf?(apiPath: string): SnapshotEntry | undefined;
  /** The snapshot's state and the paths changed since a state (src/crawl/snapshot-store.ts changesSince), when it can tell. */
  changes?: Pick<SnapshotView, 'state' | 'changesSince'>;
  siteUrl: string;
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

/**
 * Each article's item, kept with the records it was made from. Snapshot
 * entries are never changed in place, and a change-driven build shares the
 * unchanged ones with the one before (Snapshot.copyOf), so a process that
 * publishes again and again (pressroom watch) derives only the items of posts
 * or authors that changed: the excerpt strips the whole body, about 100 ms
 * over 10,000 articles. A one-off build keeps none (src/core/resident.ts): kept
 * with the snapshot's entries, the items of 50,000 articles (about 70 MB) stayed
 * to the build's end, where its memory peaks.
 */
const ITEMS = new KeptWeakMap<object, { author: Author | undefined; authorPath: string; path: string; siteUrl: string; imageHost: string; item: FeedArticle }>();
// A route's details path, kept with the (kept) route object: not built again per article per publish.
const DETAILS = new KeptWeakMap<PlannedRoute, string>();
/** Newest first; ties by URL so equal snapshots give equal feeds. */
export const newestFirst = (a: FeedArticle, b: FeedArticle): number => b.date.getTime() - a.date.getTime() || byCodeUnits(a.url, b.url);
// Patched between publishes (src/core/sorted.ts).
const NEWEST_FIRST = new SortedCache<FeedArticle>(newestFirst);

/** What the last feedArticles() added to and removed from its answer before, `from`, when it patched that answer (SortedCache.changeFrom). */
export const articlesChangedFrom = (from: readonly FeedArticle[]) => NEWEST_FIRST.changeFrom(from);

/**
 * The last answer of a process that publishes again, aligned with its routes: each route's item
 * (null: not an article, or no item), the two API paths it was made from, and which routes read
 * each path. A change-driven build whose plan has the same number of routes re-makes only the
 * items of routes that are new objects at their place or that read a path the snapshot changed
 * since (Snapshot.changesSince): at 50,000 posts a walk that looks each route's item up in a
 * cache still cost 30-60 ms, most of it waiting for memory, where comparing two arrays of
 * references position by position costs well under a millisecond.
 */
let LAST:
  | (Aligned & { routes: readonly PlannedRoute[]; state: string; siteUrl: string; imageHost: string })
  | undefined;

export function feedArticles(src: FeedSource): readonly FeedArticle[] {
  const host = new URL(src.siteUrl).hostname;
  const now = src.changes?.state;
  if (!keepsForNextBuild() || now === undefined) {
    LAST = undefined;
    const out: FeedArticle[] = [];
    for (const r of src.routes) {
      const item = r.kind === 'article' ? articleOf(src, host, r).item : null;
      if (item) out.push(item);
    }
    return NEWEST_FIRST.sort(out);
  }
  // Taken while it is brought up to date in place: a failure on the way leaves none (the next call walks).
  const last = LAST;
  LAST = undefined;
  const changed = last && last.siteUrl === src.siteUrl && last.imageHost === src.imageHost && last.routes.length === src.routes.length ? src.changes!.changesSince?.(last.state) : undefined;
  let kept = last && changed ? redoneFrom(last, changed, src, host) : undefined;
  kept ??= walked(src, host);
  LAST = { ...kept, routes: src.routes, state: now, siteUrl: src.siteUrl, imageHost: src.imageHost };
  return NEWEST_FIRST.sort(kept.out);
}

/**
 * Per route: its item, the two paths it read ('' for none), and the routes reading each path;
 * the items in route order without the nulls (`out`), and each route's place in it (-1: none).
 */
type Aligned = { items: (FeedArticle | null)[]; details: string[]; authors: string[]; byPath: Map<string, number[]>; out: readonly FeedArticle[]; slot: number[] };

/** Every route's item, with the paths each read. */
function walked(src: FeedSource, host: string): Aligned {
  const items: (FeedArticle | null)[] = [];
  const details: string[] = [];
  const authors: string[] = [];
  const byPath = new Map<string, number[]>();
  src.routes.forEach((r, i) => {
    const made = r.kind === 'article' ? articleOf(src, host, r) : NONE;
    items.push(made.item);
    details.push(made.details);
    authors.push(made.authorPath);
    readBy(byPath, made.details, i);
    readBy(byPath, made.authorPath, i);
  });
  return { items, details, authors, byPath, ...outOf(items) };
}

/** The items without the nulls, in order, and each one's place there. */
function outOf(items: readonly (FeedArticle | null)[]): { out: FeedArticle[]; slot: number[] } {
  const out: FeedArticle[] = [];
  const slot = items.map((item) => (item ? out.push(item) - 1 : -1));
  return { out, slot };
}

/** The last answer with the items of replaced routes and of routes reading a changed path made again; undefined when that is many (a walk is then as cheap). */
function redoneFrom(last: NonNullable<typeof LAST>, changed: ReadonlySet<string>, src: FeedSource, host: string): Aligned | undefined {
  const { routes } = src;
  const replaced = changedPlaces(last.routes, routes);
  if (!replaced) return undefined;
  const redo = new Set(replaced);
  for (const path of changed) for (const i of last.byPath.get(path) ?? []) redo.add(i);
  if (redo.size > mostChangedPlaces(routes.length)) return undefined;
  // The kept arrays are the last answer's: changed in place, they are that answer no more (LAST is replaced).
  const { items, details, authors, byPath } = last;
  // While no route gains or loses its item the places in `out` stay: the last `out` copied with the
  // redone items replaced, and noted (src/core/list-change.ts), so the newest-first order is patched
  // by those places instead of a walk of every article.
  let out: FeedArticle[] | undefined = last.out.slice();
  const places: number[] = [];
  for (const i of redo) {
    const r = routes[i];
    const made = r.kind === 'article' ? articleOf(src, host, r) : NONE;
    if (details[i] !== made.details) {
      unreadBy(byPath, details[i], i);
      readBy(byPath, made.details, i);
    }
    if (authors[i] !== made.authorPath) {
      unreadBy(byPath, authors[i], i);
      readBy(byPath, made.authorPath, i);
    }
    if (out && (items[i] === null) !== (made.item === null)) out = undefined;
    else if (out && made.item && made.item !== items[i]) {
      out[last.slot[i]] = made.item;
      places.push(last.slot[i]);
    }
    items[i] = made.item;
    details[i] = made.details;
    authors[i] = made.authorPath;
  }
  if (out) return { items, details, authors, byPath, out: noteReplaced(out, last.out, places), slot: last.slot };
  return { items, details, authors, byPath, ...outOf(items) };
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
function articleOf(src: FeedSource, host: string, r: PlannedRoute): { item: FeedArticle | null; details: string; authorPath: string } {
  let details = DETAILS.get(r);
  if (details === undefined) DETAILS.set(r, (details = ep.postDetails(r.params.cat_slug, r.params.post_name)));
  const entry = src.entryOf?.(details);
  let post: PostHead | undefined = entry ? undefined : postOf(src, details);
  const key = entry ?? post;
  if (!key) return { item: null, details, authorPath: '' };
  const kept = ITEMS.get(key);
  if (kept) {
    const author = (src.lookup(kept.authorPath) as { result?: Author[] } | undefined)?.result?.[0];
    if (kept.author === author && kept.path === r.path && kept.siteUrl === src.siteUrl && kept.imageHost === src.imageHost) {
      return { item: kept.item, details, authorPath: kept.authorPath };
    }
  }
  post ??= headOf(entry);
  if (!post) return { item: null, details, authorPath: '' };
  const authorPath = ep.authorById(post.post_author_id);
  const author = (src.lookup(authorPath) as { result?: Author[] } | undefined)?.result?.[0];
  const whole = post;
  const item = feedArticle(src, host, r.path, post, author, entry ? () => (entry.body as { result?: Post[] } | null)?.result?.[0] : () => whole as Post);
  if (!item) return { item: null, details, authorPath };
  ITEMS.set(key, { author, authorPath, path: r.path, siteUrl: src.siteUrl, imageHost: src.imageHost, item });
  return { item, details, authorPath };
}

const postOf = (src: FeedSource, details: string): Post | undefined => (src.lookup(details) as { result?: Post[] } | undefined)?.result?.[0];

/**
 * An article's item from its record without the body. The excerpt, which needs the body unless the
 * post has a meta description, is made when a feed first prints it (`whole` reads the record with
 * its body then): a feed prints its section's newest items only, so most articles of a large site
 * are never printed, and parsing every post's body for them was about 250 MB read at 50,000 posts.
 */
function feedArticle(src: FeedSource, host: string, path: string, post: PostHead, author: Author | undefined, whole: () => Post | undefined): FeedArticle | null {
  const date = new Date(post.post_date);
  if (Number.isNaN(date.getTime())) return null;
  const authorSlug = author?.author_name ?? post.author_name;
  const described = post.meta_description?.trim();
  let excerpt = described ? clean(described) : undefined;
  return {
    id: `tag:${host},${date.toISOString().slice(0, 10)}:post/${post.id}`,
    url: absoluteUrl(src.siteUrl, path),
    title: clean(post.post_title),
    get excerpt() {
      return (excerpt ??= clean(excerptOf(stripTags(whole()?.post_content ?? ''))));
    },
    date,
    image: post.banner_img ? imageOf(src, post.banner_img) : undefined,
    category: { slug: post.cat_slug, name: clean(post.cat_name || post.cat_slug) },
    ...(post.subcat_slug && checkSlug(post.subcat_slug).ok ? { tag: { slug: post.subcat_slug, name: clean(post.subcat_name || post.subcat_slug) } } : {}),
    ...(authorSlug && checkSlug(authorSlug).ok
      ? { author: { slug: authorSlug, name: clean(author?.author_display_name || post.post_author || authorSlug), url: absoluteUrl(src.siteUrl, paths.author(authorSlug)) } }
      : {}),
  };
}
