// Helpers common to the page kinds: the shell's data, paging, and slug checks.
import { memoBySnapshot } from './memo.ts';
import { ep } from '../api/endpoints.ts';
import { CATEGORY_SLUGS, type Pagination, type PostItem, type SubCategory } from '../api/types.ts';
import { checkSlug } from './slug.ts';
import type { SnapshotView } from './types.ts';
import type { SiteKept } from './kept.ts';
import { listedOfAll, type Listed, type ListedDetails } from './listed.ts';

export { headOf, type ListedDetails, type PostHead } from './listed.ts';

/**
 * The header panels' responses: drawn only when opened, so no page's HTML depends on them. Crawled,
 * mirrored and read on first open (prefetched on hover or focus), so a story changing only the
 * panels re-renders no page (docs/decisions/0049-header-panels-read-when-wanted.md).
 */
export const PANEL_DEPS: readonly string[] = [ep.latestPost(), ep.leadership(), ep.featuredPanel()];

/**
 * The active ads: every ad slot reads them from the mirror once hydrated, so no page's HTML depends
 * on them and an ad edit writes their mirror file only (docs/decisions/0116-ads-from-the-mirror.md).
 */
export const AD_READS: readonly string[] = [ep.ads()];

/** Pages 1..totalPages of a paged endpoint, once page 1 is known. */
export function allPages(snap: SnapshotView, first: string, pageN: (n: number) => string, total: (body: any) => number | undefined): string[] {
  const body = snap.ok<any>(first);
  const out = [first];
  if (body === undefined) return out;
  const pages = total(body) ?? 1;
  for (let n = 2; n <= pages; n++) out.push(pageN(n));
  return out;
}

/**
 * The later pages of a paged listing that get a route (docs/decisions/0105-listing-page-routes.md):
 * counted by page 1, in the snapshot and non-empty. During the crawl a page not read yet gets its
 * route in a later round.
 */
export function laterPages(snap: SnapshotView, first: string, pageN: (n: number) => string, total: (body: any) => number | undefined, items: (body: any) => unknown): number[] {
  const pages = total(snap.ok<any>(first)) ?? 1;
  const out: number[] = [];
  for (let n = 2; n <= pages; n++) {
    const list = items(snap.ok<any>(pageN(n)));
    if (Array.isArray(list) && list.length > 0) out.push(n);
  }
  return out;
}

export const topicPagination = (b: any): Pagination | undefined => b?.posts?.pagination;
export const authorPagination = (b: any): Pagination | undefined => b?.authorPosts?.pagination;

/** Sub-categories with valid slugs, in API order. */
export function subcats(snap: SnapshotView): SubCategory[] {
  const list = snap.ok<SubCategory[]>(ep.subcatList()) ?? [];
  return list.filter((s) => checkSlug(s.subcat_slug).ok);
}

/** Every post item listed in any page of any topic listing (no sub-category), deduplicated by id, in crawl order. `kept`: the session's site part. */
export function listedPosts(snap: SnapshotView, cats: readonly string[], kept?: SiteKept): PostItem[] {
  // A copy: callers may sort or filter what they get.
  if (cats === CATEGORY_SLUGS) return listed(snap, kept).details.map((d) => d.item);
  return [...memoBySnapshot(snap, `listedPosts ${cats.join(',')}`, () => computeListedPosts(snap, cats))];
}

/** The listed post of this id, from the same answer as listedPosts over every category. */
export function listedPost(snap: SnapshotView, id: number): PostItem | undefined {
  const { details, byId } = listed(snap);
  const at = byId.get(id);
  return at === undefined ? undefined : details[at].item;
}

/** The id of the listed post with these details (an API path), from the same answer. */
export function listedIdOfDetails(snap: SnapshotView, path: string): number | undefined {
  const { details, byPath } = listed(snap);
  const at = byPath.get(path);
  return at === undefined ? undefined : Number(details[at].item.id);
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

// Made from the session's earlier answers (./listed.ts) by whichever asks first for this snapshot state with them.
const listed = (snap: SnapshotView, kept?: SiteKept): Listed => memoBySnapshot(snap, 'listed', () => listedOfAll(snap, kept));

/** Every listed post (listedPosts over every category) with its details, once per snapshot state: article routes and fetches and the author pages read it. `kept`: the session's site part. */
export function listedDetails(snap: SnapshotView, kept?: SiteKept): readonly ListedDetails[] {
  return listed(snap, kept).details;
}

/** Within `days` before the build clock (Google News: the last two days). */
export function isRecent(isoDate: string, now: string, days = 2): boolean {
  return recentAt(Date.parse(isoDate), Date.parse(now), days);
}

/** isRecent over instants already parsed (milliseconds since the epoch). */
export function recentAt(date: number, now: number, days = 2): boolean {
  return Number.isFinite(date) && date <= now && now - date <= days * 86_400_000;
}
