// Paged post lists (topic and author listings) as a change-driven crawl sees them. The contract
// orders lists totally, newest first (`post_date DESC, id DESC`, docs/api-contract.md "Ordering"),
// so moving a post from position a to b changes only the pages between, unless the count changes
// (each page carries `totalItems`).
import { ep } from '../api/endpoints.ts';
import type { Pagination, PostItem } from '../api/types.ts';
import { firstNotBefore } from '../lists/sorted.ts';
import { authorPagination, topicPagination } from '../site/common.ts';
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';
import type { CrawlKept } from './kept.ts';

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
 * The pages of `c` a change to these posts can touch: each one's current page and the page its new
 * order key lands on. Sorted, unique; page 1 (read anyway for the count) is not implied.
 */
export function touchedPages(c: Collection, snap: SnapshotView, ids: ReadonlySet<number>, keys: readonly OrderKey[], kept?: CrawlKept): number[] {
  const index = listIndex(c, snap, kept);
  const { items } = index;
  const limit = limitOf(c, snap);
  const pages = new Set<number>();
  const mine: number[] = [];
  for (const id of ids) for (const at of index.byId.get(id) ?? []) (mine.push(at), pages.add(index.pages[at]));
  const keyOf = (item: PostItem): OrderKey => ({ date: item.post_date, id: Number(item.id) });
  for (const key of keys) {
    let ahead = 0;
    if (index.sorted) {
      // Newest first: the posts before the key are a prefix of the list.
      const end = firstNotBefore(items, (item) => before(keyOf(item), key));
      ahead = end - mine.filter((at) => at < end).length;
    } else for (const item of items) if (!ids.has(Number(item.id)) && before(keyOf(item), key)) ahead += 1;
    pages.add(Math.floor(ahead / limit) + 1);
  }
  return [...pages].sort((a, b) => a - b);
}

/**
 * A listing's posts in order, with each one's page, the places of each id, and whether the list is
 * in contract order (then found by binary search). A session keeps and patches it per listing.
 */
export interface ListIndex {
  /** The snapshot state it was read from (Snapshot.state), when the snapshot names its states. */
  state: string | undefined;
  /** Each page's snapshot entry, by page number - 1: what the index was read from. */
  entries: (SnapshotEntry | undefined)[];
  /** Where each page's posts start in `items`. */
  starts: number[];
  items: PostItem[];
  pages: number[];
  byId: Map<number, number[]>;
  sorted: boolean;
}

function listIndex(c: Collection, snap: SnapshotView, kept: CrawlKept | undefined): ListIndex {
  const pages = totalPages(c, snap);
  const last = kept?.listIndexes.get(c.name);
  // Taken while it is patched in place: a failure on the way leaves none.
  kept?.listIndexes.delete(c.name);
  // When the snapshot names what changed since, only the changed pages are looked up.
  const changed = last?.state !== undefined && last.entries.length === pages ? snap.changesSince?.(last.state) : undefined;
  let entries: (SnapshotEntry | undefined)[];
  if (changed && last) {
    entries = last.entries.slice();
    for (const path of changed) {
      const n = pageNumberOf(c, path, pages);
      if (n !== undefined) entries[n - 1] = snap.get(path);
    }
  } else entries = Array.from({ length: pages }, (_, i) => snap.get(c.page(i + 1)));
  const index = (last && patchedIndex(c, snap, last, entries)) ?? builtIndex(c, snap, entries);
  index.state = snap.state;
  kept?.listIndexes.set(c.name, index);
  return index;
}

/**
 * Indexes each listing into a session's crawl part at start, so no story pays for the first pass over
 * a listing (1.3 ms a story on average at 50,000 posts, in 11 of 29 edits).
 */
export function warmListIndexes(snap: SnapshotView, listings: Iterable<Collection>, kept: CrawlKept): void {
  for (const c of listings) listIndex(c, snap, kept);
}

/** The page number of an API path among the first `pages` pages of a listing, if it is one (the path of page n is c.page(n)). */
function pageNumberOf(c: Collection, path: string, pages: number): number | undefined {
  const m = /[?&]page=(\d+)/.exec(path);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= pages && c.page(n) === path ? n : undefined;
}

function builtIndex(c: Collection, snap: SnapshotView, entries: (SnapshotEntry | undefined)[]): ListIndex {
  const index: ListIndex = { state: undefined, entries, starts: [], items: [], pages: [], byId: new Map(), sorted: true };
  entries.forEach((_, i) => {
    index.starts.push(index.items.length);
    for (const item of c.items(snap.ok(c.page(i + 1)))) place(index, index.items.length, item, i + 1);
  });
  index.sorted = isOrdered(index.items, 0, index.items.length);
  return index;
}

/** The last index with the pages whose entries changed read again; undefined when pages came or went, a page's length changed or many pages changed. */
function patchedIndex(c: Collection, snap: SnapshotView, last: ListIndex, entries: (SnapshotEntry | undefined)[]): ListIndex | undefined {
  if (!last.sorted || last.entries.length !== entries.length) return undefined;
  const changed: number[] = [];
  for (let i = 0; i < entries.length; i++) if (entries[i] !== last.entries[i]) changed.push(i);
  if (changed.length > Math.max(8, entries.length / 8)) return undefined;
  const fresh = changed.map((i) => c.items(snap.ok(c.page(i + 1))));
  const end = (i: number) => (i + 1 < last.starts.length ? last.starts[i + 1] : last.items.length);
  if (changed.some((i, k) => fresh[k].length !== end(i) - last.starts[i])) return undefined;
  changed.forEach((i, k) => {
    const start = last.starts[i];
    fresh[k].forEach((item, j) => {
      const at = start + j;
      const id = Number(last.items[at].id);
      const places = last.byId.get(id)!;
      places.splice(places.indexOf(at), 1);
      if (places.length === 0) last.byId.delete(id);
      place(last, at, item, i + 1);
    });
    last.entries[i] = entries[i];
  });
  last.sorted = changed.every((i) => isOrdered(last.items, last.starts[i] - 1, end(i) + 1));
  return last;
}

function place(index: ListIndex, at: number, item: PostItem, page: number): void {
  index.items[at] = item;
  index.pages[at] = page;
  const id = Number(item.id);
  const places = index.byId.get(id);
  if (places) places.push(at);
  else index.byId.set(id, [at]);
}

/** Whether items[from..to) (clamped) have well-formed keys in the contract's order, newest first. */
function isOrdered(items: readonly PostItem[], from: number, to: number): boolean {
  const lo = Math.max(0, from);
  const hi = Math.min(items.length, to);
  for (let i = lo; i < hi; i++) {
    const item = items[i];
    if (typeof item.post_date !== 'string' || !Number.isFinite(Number(item.id))) return false;
    if (i > lo && before({ date: item.post_date, id: Number(item.id) }, { date: items[i - 1].post_date, id: Number(items[i - 1].id) })) return false;
  }
  return true;
}

/** The items of `ids` on the given pages of the collections (pages fetched this build: a post that moved is on one of them), by id. */
export function locate(pages: readonly { c: Collection; n: number }[], snap: SnapshotView, ids: ReadonlySet<number>): Map<number, PostItem> {
  const found = new Map<number, PostItem>();
  for (const { c, n } of pages) {
    for (const item of c.items(snap.ok(c.page(n)))) if (ids.has(Number(item.id)) && !found.has(Number(item.id))) found.set(Number(item.id), item);
  }
  return found;
}
