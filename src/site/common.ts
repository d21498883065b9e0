// Helpers common to the page kinds: the shell's data, paging, and slug checks.
import { memoBySnapshot } from './memo.ts';
import { ep } from '../api/endpoints.ts';
import { CATEGORY_SLUGS, type Pagination, type Post, type PostItem, type SubCategory } from '../api/types.ts';
import { checkSlug } from './slug.ts';
import type { SnapshotEntry, SnapshotView } from './types.ts';

/**
 * The three header panels' responses. A panel's content is drawn only once a
 * reader opens it, so no page's HTML depends on them: they are crawled and
 * mirrored (the home kind fetches them), read from the mirror on first open
 * (prefetched when the pointer or focus reaches the button), and neither
 * embedded in every page nor a dependency of every page, so a new story that
 * only changes the panels re-renders no page for them (decision 49).
 */
export const PANEL_DEPS: readonly string[] = [ep.latestPost(), ep.leadership(), ep.featuredPanel()];

/** What every page's shell renders from the API: the active ads (slots on most pages). */
export const SHELL_DEPS: readonly string[] = [ep.ads()];

export function withShell(...deps: string[]): string[] {
  return [...SHELL_DEPS, ...deps];
}

/** Pages 1..totalPages of a paged endpoint, once page 1 is known. */
export function allPages(snap: SnapshotView, first: string, pageN: (n: number) => string, total: (body: any) => number | undefined): string[] {
  const body = snap.ok<any>(first);
  const out = [first];
  if (body === undefined) return out;
  const pages = total(body) ?? 1;
  for (let n = 2; n <= pages; n++) out.push(pageN(n));
  return out;
}

export const topicPagination = (b: any): Pagination | undefined => b?.posts?.pagination;
export const authorPagination = (b: any): Pagination | undefined => b?.authorPosts?.pagination;

/** Sub-categories with valid slugs, in API order. */
export function subcats(snap: SnapshotView): SubCategory[] {
  const list = snap.ok<SubCategory[]>(ep.subcatList()) ?? [];
  return list.filter((s) => checkSlug(s.subcat_slug).ok);
}

/** Every post item listed in any page of any topic listing (no sub-category), deduplicated by id, in crawl order. */
export function listedPosts(snap: SnapshotView, cats: readonly string[]): PostItem[] {
  // A copy: callers may sort or filter what they get.
  return [...memoBySnapshot(snap, `listedPosts ${cats.join(',')}`, () => computeListedPosts(snap, cats))];
}

function computeListedPosts(snap: SnapshotView, cats: readonly string[]): PostItem[] {
  const seen = new Map<number, PostItem>();
  for (const cat of cats) {
    const first = snap.ok<any>(ep.topic(cat, null, 1));
    const pages = topicPagination(first)?.totalPages ?? 0;
    for (let n = 1; n <= pages; n++) {
      const body = snap.ok<any>(ep.topic(cat, null, n));
      for (const item of (body?.posts?.postData ?? []) as PostItem[]) {
        if (!seen.has(item.id) && checkSlug(item.post_name).ok && checkSlug(item.cat_slug).ok) seen.set(item.id, item);
      }
    }
  }
  return [...seen.values()];
}

/** A details record without its body (`post_content`): what the plan reads of every post. */
export type PostHead = Omit<Post, 'post_content'>;

export interface ListedDetails {
  readonly item: PostItem;
  /** The API path of its details. */
  readonly path: string;
  /** The snapshot entry of its details, when the snapshot has it. */
  readonly entry: SnapshotEntry | undefined;
  /**
   * Its details record without the body, when the entry is a 2xx answer with a record: the
   * plan keeps one per post for as long as a snapshot state lasts, and the bodies are most of
   * a snapshot's bytes (kept out of the heap: src/crawl/body-store.ts).
   */
  readonly post: PostHead | undefined;
}

// The last answer per item, reused while its details entry is the same object (no new object
// per listed post on each snapshot state of a change-driven build, no details parsed again).
const LISTED = new WeakMap<PostItem, ListedDetails>();

/** Every listed post (listedPosts over every category) with its details, once per snapshot state: article routes and fetches and the author pages read it. */
export function listedDetails(snap: SnapshotView): readonly ListedDetails[] {
  return memoBySnapshot(snap, 'listedDetails', () =>
    listedPosts(snap, CATEGORY_SLUGS).map((item) => {
      const last = LISTED.get(item);
      const path = last?.path ?? ep.postDetails(item.cat_slug, item.post_name);
      const entry = snap.get(path);
      if (last && last.entry === entry) return last;
      const next: ListedDetails = { item, path, entry, post: headOf(entry) };
      LISTED.set(item, next);
      return next;
    }),
  );
}

// One head per details entry: a list page that shifts (a post added before it) lists the same
// posts as new item objects, and what is kept per post (its route: ./kinds/article.ts) is kept by
// its head, so an unchanged entry must give the same head, without reading its body again.
const HEADS = new WeakMap<SnapshotEntry, PostHead | undefined>();

/** A post details entry's record without its body, one per entry object (the feeds read it too: src/emit/feeds/model.ts). */
export function headOf(entry: SnapshotEntry | undefined): PostHead | undefined {
  if (!entry || entry.status < 200 || entry.status > 299) return undefined;
  if (HEADS.has(entry)) return HEADS.get(entry);
  const post = (entry.body as { result?: Post[] } | null)?.result?.[0];
  let head: PostHead | undefined = post;
  if (post && typeof post === 'object') {
    const { post_content: _body, ...rest } = post;
    head = rest;
  }
  HEADS.set(entry, head);
  return head;
}

/** Within `days` before the build clock (Google News: the last two days). */
export function isRecent(isoDate: string, now: string, days = 2): boolean {
  return recentAt(Date.parse(isoDate), Date.parse(now), days);
}

/** isRecent over instants already parsed (milliseconds since the epoch). */
export function recentAt(date: number, now: number, days = 2): boolean {
  return Number.isFinite(date) && date <= now && now - date <= days * 86_400_000;
}
