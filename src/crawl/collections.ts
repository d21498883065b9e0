// Paged post lists (topic listings, author listings) as a change-driven crawl
// sees them: where a post sits in the previous snapshot, and which page a post
// with a given date would land on. The contract orders post lists totally,
// newest first (`post_date DESC, id DESC`, docs/api-contract.md "Ordering"), so
// a change that removes a post at position a and inserts one at position b
// changes only the pages between a and b, unless the count changes, in which
// case every page changes (each page carries `totalItems`).
import { ep } from '../api/endpoints.ts';
import type { Pagination, PostItem } from '../api/types.ts';
import { authorPagination, topicPagination } from '../site/common.ts';
import type { SnapshotView } from '../site/types.ts';

export interface Collection {
  /** Names the list in reports, e.g. `topic news/ai`. */
  name: string;
  page(n: number): string;
  items(body: unknown): PostItem[];
  pagination(body: unknown): Pagination | undefined;
}

export function topicCollection(cat: string, subcat: string | null): Collection {
  return {
    name: `topic ${cat}${subcat ? `/${subcat}` : ''}`,
    page: (n) => ep.topic(cat, subcat, n),
    items: (b) => ((b as any)?.posts?.postData ?? []) as PostItem[],
    pagination: topicPagination,
  };
}

export function authorCollection(name: string): Collection {
  return {
    name: `author ${name}`,
    page: (n) => ep.authorPosts(name, null, n),
    items: (b) => ((b as any)?.authorPosts?.postData ?? []) as PostItem[],
    pagination: authorPagination,
  };
}

/** The order key of a post in every list: newer first, then higher id. */
export interface OrderKey {
  date: string;
  id: number;
}

/** True when `a` comes before `b` in a newest-first list. */
export function before(a: OrderKey, b: OrderKey): boolean {
  return a.date > b.date || (a.date === b.date && a.id > b.id);
}

export const totalItems = (c: Collection, snap: SnapshotView): number | undefined => c.pagination(snap.ok(c.page(1)))?.totalItems;
export const totalPages = (c: Collection, snap: SnapshotView): number => c.pagination(snap.ok(c.page(1)))?.totalPages ?? 0;
const limitOf = (c: Collection, snap: SnapshotView): number => c.pagination(snap.ok(c.page(1)))?.limit || 10;

/** Every item of the list in order, with its page, as the snapshot holds it. */
export function listItems(c: Collection, snap: SnapshotView): { item: PostItem; page: number }[] {
  const out: { item: PostItem; page: number }[] = [];
  const pages = totalPages(c, snap);
  for (let n = 1; n <= pages; n++) for (const item of c.items(snap.ok(c.page(n)))) out.push({ item, page: n });
  return out;
}

/**
 * The pages of `c` in `snap` that a change to these posts can touch: the page
 * each one is on now, and the page each would land on by its new order key
 * (counting the other posts before it). Sorted and unique; page 1, which the
 * caller reads anyway for the count, is not implied, so an edit deep in a long
 * listing reads the pages around it, not every page before it.
 */
export function touchedPages(c: Collection, snap: SnapshotView, ids: ReadonlySet<number>, keys: readonly OrderKey[]): number[] {
  const items = listItems(c, snap);
  const limit = limitOf(c, snap);
  const pages = new Set<number>();
  for (const { item, page } of items) if (ids.has(Number(item.id))) pages.add(page);
  const others = items.filter(({ item }) => !ids.has(Number(item.id)));
  for (const key of keys) {
    const ahead = others.filter(({ item }) => before({ date: item.post_date, id: Number(item.id) }, key)).length;
    pages.add(Math.floor(ahead / limit) + 1);
  }
  return [...pages].sort((a, b) => a - b);
}

/** The items of `ids` on the given pages of the collections (pages fetched this build: a post that moved is on one of them), by id. */
export function locate(pages: readonly { c: Collection; n: number }[], snap: SnapshotView, ids: ReadonlySet<number>): Map<number, PostItem> {
  const found = new Map<number, PostItem>();
  for (const { c, n } of pages) {
    for (const item of c.items(snap.ok(c.page(n)))) if (ids.has(Number(item.id)) && !found.has(Number(item.id))) found.set(Number(item.id), item);
  }
  return found;
}
