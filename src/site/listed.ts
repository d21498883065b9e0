// Every post listed in the topic listings, with its details (an article page each), once per snapshot
// state (./memo.ts). A session derives it from an earlier answer when the snapshot names the paths
// changed since: an edit changes details and pages that list the same posts at the same places, so
// only those items are replaced. Anything else (posts added, moved, renamed...) is made again.
import { ep } from '../api/endpoints.ts';
import { CATEGORY_SLUGS, type Post, type PostItem } from '../api/types.ts';
import { noteReplaced } from '../lists/list-change.ts';
import type { SiteKept } from './kept.ts';
import { checkSlug } from './slug.ts';
import type { SnapshotEntry, SnapshotView } from './types.ts';

/** A details record without its body (`post_content`): what the plan reads of every post. */
export type PostHead = Omit<Post, 'post_content'>;

export interface ListedDetails {
  readonly item: PostItem;
  /** The API path of its details. */
  readonly path: string;
  /** The snapshot entry of its details, when the snapshot has it. */
  readonly entry: SnapshotEntry | undefined;
  /** Its details record without the body (bodies stay out of the heap: src/snapshot/body-store.ts). */
  readonly post: PostHead | undefined;
}

/** One answer for every category, and what it was read from. */
export interface Listed {
  /** The snapshot state it is the answer of. */
  readonly state: string | undefined;
  /** Every listed post, deduplicated by id, in crawl order (its list item is `item`): one list, not a second of the items, which a publish would copy too. */
  readonly details: readonly ListedDetails[];
  /** The listing pages read, in order, each with the items it listed and the place of each in `details` (-1: left out). */
  readonly pages: readonly { path: string; items: readonly PostItem[]; slots: readonly number[] }[];
  readonly pageAt: ReadonlyMap<string, number>;
  /** Details path -> place in `details`. */
  readonly byPath: ReadonlyMap<string, number>;
  /** Post id -> place in `details`. */
  readonly byId: ReadonlyMap<number, number>;
  /** First listing page -> the page count it gave. */
  readonly counts: ReadonlyMap<string, number>;
}

const topicItems = (body: any): PostItem[] => (body?.posts?.postData ?? []) as PostItem[];
const pagesOf = (body: any): number => body?.posts?.pagination?.totalPages ?? 0;

/** How many earlier answers a session keeps (SiteKept.listed). */
const KEEP = 3;

/** Every listed post of every category with its details, for this snapshot state; `kept`: the session's site part. */
export function listedOfAll(snap: SnapshotView, kept?: SiteKept): Listed {
  let made: Listed | undefined;
  for (const earlier of kept?.listed ?? []) {
    const changed = earlier.state !== undefined ? snap.changesSince?.(earlier.state) : undefined;
    if (changed && (made = patched(earlier, snap, changed))) break;
  }
  made ??= computed(snap);
  if (kept && made.state !== undefined) {
    kept.listed.unshift(made);
    kept.listed.length = Math.min(kept.listed.length, KEEP);
  } else if (kept) kept.listed.length = 0;
  return made;
}

function computed(snap: SnapshotView): Listed {
  const posts: PostItem[] = [];
  const byId = new Map<number, number>();
  const pages: { path: string; items: readonly PostItem[]; slots: number[] }[] = [];
  const counts = new Map<string, number>();
  for (const cat of CATEGORY_SLUGS) {
    const total = pagesOf(snap.ok<any>(ep.topic(cat, null, 1)));
    counts.set(ep.topic(cat, null, 1), total);
    for (let n = 1; n <= total; n++) {
      const path = ep.topic(cat, null, n);
      const items = topicItems(snap.ok<any>(path));
      const slots = items.map((item) => {
        if (byId.has(item.id) || !checkSlug(item.post_name).ok || !checkSlug(item.cat_slug).ok) return -1;
        byId.set(item.id, posts.length);
        posts.push(item);
        return posts.length - 1;
      });
      pages.push({ path, items, slots });
    }
  }
  const details = posts.map((item) => detailsOf(snap, item));
  return { state: snap.state, details, pages, pageAt: new Map(pages.map((p, i) => [p.path, i])), byPath: new Map(details.map((d, i) => [d.path, i])), byId, counts };
}

/** `earlier` with the items of the changed pages and the changed details replaced, or undefined when the change moved posts. */
function patched(earlier: Listed, snap: SnapshotView, changed: ReadonlySet<string>): Listed | undefined {
  // The list items replaced, by place (any other place keeps its details' item).
  const replaced = new Map<number, PostItem>();
  let pages: Listed['pages'][number][] | undefined;
  const redo = new Set<number>();
  for (const path of changed) {
    // A first page carries the page count (also of a listing that had no page to read): another count reads other pages.
    const count = earlier.counts.get(path);
    if (count !== undefined && pagesOf(snap.ok<any>(path)) !== count) return undefined;
    const at = earlier.pageAt.get(path);
    if (at !== undefined) {
      const page = earlier.pages[at];
      const items = topicItems(snap.ok<any>(path));
      if (items.length !== page.items.length) return undefined;
      for (let i = 0; i < items.length; i++) {
        const was = page.items[i];
        const now = items[i];
        if (now.id !== was.id || now.cat_slug !== was.cat_slug || now.post_name !== was.post_name) return undefined;
        if (page.slots[i] >= 0 && now !== was) {
          replaced.set(page.slots[i], now);
          redo.add(page.slots[i]);
        }
      }
      pages ??= earlier.pages.slice();
      pages[at] = { path, items, slots: page.slots };
      continue;
    }
    const slot = earlier.byPath.get(path);
    if (slot !== undefined) redo.add(slot);
  }
  const details = earlier.details.slice();
  for (const slot of redo) details[slot] = detailsOf(snap, replaced.get(slot) ?? earlier.details[slot].item);
  // Noted, so the passes that compare this answer's list with the last one's read the replaced slots instead of walking 50,000.
  noteReplaced(details, earlier.details, redo);
  return { ...earlier, state: snap.state, details, pages: pages ?? earlier.pages };
}

// The last answer per item, reused while its details entry is the same object. Module-level: it
// memoises a pure function of the item and entry (both immutable), keyed by one site's item object.
const LISTED = new WeakMap<PostItem, ListedDetails>();

function detailsOf(snap: SnapshotView, item: PostItem): ListedDetails {
  const last = LISTED.get(item);
  const path = last?.path ?? ep.postDetails(item.cat_slug, item.post_name);
  const entry = snap.get(path);
  if (last && last.entry === entry) return last;
  const next: ListedDetails = { item, path, entry, post: headOf(entry) };
  LISTED.set(item, next);
  return next;
}

// One head per details entry, so a shifted page's new item objects still find what is kept by head
// (./kinds/article.ts), without reading the body. Module-level: memoises a pure function of the entry.
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
