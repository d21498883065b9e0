// The change-driven crawl (docs/operations.md, "Publishing on change"): from the saved snapshot and
// the REFs, re-fetch the named records and the responses that can show them, learn what else moved,
// run the ordinary fixed point for what the change announced, and prune what a full crawl would no
// longer fetch. Every request is conditional, so what did not change costs a 304.
//
// What can show a post is read from the contract (docs/api-contract.md): its details, the home lists,
// header panels, "More from", side lists, tag answers, and the paged listings of its category (with
// and without sub-category) and author, old and new; listings only on the pages the change can touch
// (./collections.ts). A post edited in place (nothing that decides its lists or places changed) is
// re-read only where it was shown (docs/decisions/0087-in-place-edit-reads-where-shown.md).
// A REF the crawl cannot target returns a fallback reason, and the caller runs the full conditional
// crawl, always correct. A REF naming an unfetchable path is dropped and reported (./dropped-refs.ts).
import { ep } from '../api/endpoints.ts';
import { CATEGORY_SLUGS, type Author, type Post } from '../api/types.ts';
import { PANEL_DEPS, listedDetails, listedIdOfDetails, listedPost, subcats } from '../site/common.ts';
import { HOME_DEPS } from '../site/kinds/home.ts';
import { authorSlugs } from '../site/kinds/author.ts';
import { PAGE_KINDS } from '../site/kinds/index.ts';
import { authorCollection, listItems, locate, topicCollection, totalItems, totalPages, touchedPages, warmListIndexes, type Collection, type OrderKey } from './collections.ts';
import { crawlStats, fetchAll, fetchSampleRedirects, fillMissing, sanitising, type CrawlOptions, type CrawlStats } from './crawl.ts';
import type { CrawlKept } from './kept.ts';
import { missingPaths, SAMPLE_REDIRECTS_PATH, wantedPaths } from './discover.ts';
import type { Ref } from '../webhook/refs.ts';
import { resolveRefs, type Targets } from './changed-refs.ts';
import { fetchNamed, type DroppedRef } from './dropped-refs.ts';
import { Snapshot } from '../snapshot/snapshot-store.ts';
import type { SnapshotView } from '../site/types.ts';
import { prune } from './prune.ts';

export interface ChangedCrawlOptions extends CrawlOptions {
  refs: readonly Ref[];
  previous: Snapshot;
  /** The deps of a route of the last build, by path (route REFs). */
  routeDeps: (path: string) => readonly string[] | undefined;
  /** The build day is not the previous snapshot's: the event lists split by "today" are re-read. */
  dayChanged: boolean;
}

/** `dropped`: the REFs left out because what they name cannot be fetched (./dropped-refs.ts). */
export type ChangedCrawl = { snapshot: Snapshot; stats: CrawlStats; refetched: number; dropped: DroppedRef[] } | { fallback: string };

const EVENT_LISTS = [ep.eventsAll, ep.eventsUpcoming, ep.eventsPast] as const;
const eventPages = (b: unknown): number => (b as any)?.responseData?.pagination?.totalPages ?? 1;
const detailsOf = (snap: Snapshot, path: string): Post | undefined => snap.ok<any>(path)?.result?.[0] as Post | undefined;

/**
 * What decides which lists show a post and where (docs/api-contract.md): category, address,
 * sub-category, keywords, date, author and status. The id is checked apart.
 */
const PLACE_FIELDS = ['cat_slug', 'post_name', 'subcat_slug', 'meta_keywords', 'post_date', 'post_author_id', 'author_name', 'post_status'] as const;

/** Whether a post's details before and after say it is the same post in the same lists at the same places. */
function keepsPlace(was: Post | undefined, now: Post | undefined, id: number): boolean {
  if (!was || !now || Number(was.id) !== id || Number(now.id) !== id) return false;
  return PLACE_FIELDS.every((f) => (was[f] ?? null) === (now[f] ?? null));
}

/** Whether a list answer (a list of items, or an object of such lists) holds an item of these posts. */
function listsItemOf(body: unknown, ids: ReadonlySet<number>): boolean {
  const holds = (list: unknown) => Array.isArray(list) && list.some((item: any) => ids.has(Number(item?.id)));
  if (holds(body)) return true;
  return !!body && typeof body === 'object' && Object.values(body).some(holds);
}

/**
 * Every listing a story's crawl can read (scan below): each category's, its sub-categories' and
 * each author's. pressroom watch indexes them at start (warmListIndexes).
 */
export function storyListings(snap: SnapshotView): Collection[] {
  const subs = subcats(snap);
  const topics = CATEGORY_SLUGS.flatMap((cat) => [topicCollection(cat, null), ...subs.map((s) => topicCollection(cat, s.subcat_slug))]);
  return topics.concat(authorSlugs(snap).map(authorCollection));
}

/** Reads the index of every listing a story can touch (warmListIndexes) into a publish session's crawl part. */
export const warmStoryListings = (snap: SnapshotView, kept: CrawlKept): void => warmListIndexes(snap, storyListings(snap), kept);

export async function crawlChanged(given: ChangedCrawlOptions): Promise<ChangedCrawl> {
  const started = performance.now();
  const opts = sanitising(given);
  const prev = opts.previous;
  const snap = Snapshot.copyOf(prev);
  const fetched = new Set<string>();
  const get = async (paths: Iterable<string>): Promise<void> => {
    const todo = [...new Set(paths)].filter((p) => !fetched.has(p));
    for (const p of todo) fetched.add(p);
    await fetchAll(opts, snap, todo);
  };
  const changed = (path: string) => prev.get(path)?.hash !== snap.get(path)?.hash;

  const targets: Targets | { fallback: string } = resolveRefs(opts.refs, (path) => listedIdOfDetails(prev, path), opts.routeDeps);
  if ('fallback' in targets) return targets;
  const subcatsChanged = targets.categories;

  // Each on its own: what the API refuses drops the REFs that named it, not the build (./dropped-refs.ts).
  const named = [...targets.paths].filter((p) => !fetched.has(p));
  for (const p of named) fetched.add(p);
  const { dropped } = await fetchNamed(named, targets.namedBy, (path) => fetchAll(opts, snap, [path]));
  // An API path naming details the last build did not have: a new post, known by its id once fetched.
  for (const path of targets.newDetails) {
    const post = detailsOf(snap, path);
    if (post) targets.posts.add(Number(post.id));
  }
  if (opts.sampleRedirects) await fetchSampleRedirects(opts, snap);
  if (targets.categories) {
    // A sub-category renamed, re-slugged or removed is printed on its posts and their list items:
    // those posts change as if edited. A new one is found by the fixed point.
    const after = new Map(subcats(snap).map((s) => [s.subcat_id, s]));
    const slugs = new Set<string>();
    const names = new Set<string>();
    for (const s of subcats(prev)) {
      const now = after.get(s.subcat_id);
      if (now && now.subcat_slug === s.subcat_slug && now.subcat_name === s.subcat_name) continue;
      slugs.add(s.subcat_slug);
      names.add(s.subcat_name);
      for (const cat of CATEGORY_SLUGS) for (const { item } of listItems(topicCollection(cat, s.subcat_slug), prev)) targets.posts.add(Number(item.id));
    }
    // Not only the posts its listings held: every post whose details or list item in the last
    // snapshot print it. The two disagree when the sub-category changed while the last build
    // crawled (pressroom watch builds while the CMS keeps editing): that build read a post's
    // details with the sub-category, then its listings without it, and this REF, `categories`
    // alone, names no post. Found by its listings alone, those details, the article pages and
    // data made from them and the removed tag's feeds (emit/feeds makes a tag's feed from its
    // posts' details) stayed as they were until the post was edited again (bench/HISTORY.md, the
    // soak's `--minutes 7` run; tests/integration/changed-batch.test.ts). The list of every listed
    // post with its details is the last build's own (src/site/listed.ts): this fetches nothing.
    if (slugs.size > 0) {
      for (const { item, post } of listedDetails(prev)) {
        if ((post?.subcat_slug != null && slugs.has(post.subcat_slug)) || (item.subcat_name != null && names.has(item.subcat_name))) targets.posts.add(Number(item.id));
      }
    }
    await get(subcats(snap).map((s) => ep.tag(s.subcat_slug)));
  }

  if (targets.events.size > 0 || opts.dayChanged) {
    await get(EVENT_LISTS.map((list) => list(1)));
    await get(EVENT_LISTS.flatMap((list) => Array.from({ length: eventPages(snap.ok(list(1))) }, (_, i) => list(i + 1))));
    await get([...targets.events].map(ep.eventDetails));
  }
  for (const name of targets.authors) {
    const before = prev.ok<any>(ep.authorDetails(name))?.author?.[0] as Author | undefined;
    await get([ep.authorDetails(name), ...(before ? [ep.authorById(Number(before.author_id))] : [])]);
    const after = snap.ok<any>(ep.authorDetails(name))?.author?.[0] as Author | undefined;
    // The display name is printed in every list item and byline of their posts.
    if (before && after && before.author_display_name !== after.author_display_name) return { fallback: `author:${name}: the display name changed, which every list showing their posts prints` };
    await scan(authorCollection(name), new Set(), []);
  }
  if (targets.posts.size > 0) {
    const gone = await crawlPosts(targets.posts);
    if (gone) return { fallback: gone };
  }

  const rounds = await fillMissing(opts, snap, fetched.size);
  prune(snap, (s) => wantedPaths(s, opts.ctx, opts.kinds ?? PAGE_KINDS, opts.kept), opts.sampleRedirects ? [SAMPLE_REDIRECTS_PATH] : [], opts.kept);
  // Asked again after the prune, so the next change-driven crawl (a copy of this snapshot) knows it complete.
  missingPaths(snap, opts.ctx, opts.kinds ?? PAGE_KINDS, opts.kept);
  return { snapshot: snap, stats: crawlStats(opts, snap, rounds, started), refetched: fetched.size, dropped };

  /**
   * Re-reads the pages of a listing these posts' change can touch; returns the pages read. `inPlace`:
   * the posts kept their places, so count and order stand and only the pages showing them changed.
   */
  async function scan(c: Collection, ids: ReadonlySet<number>, keys: readonly OrderKey[], inPlace = false): Promise<{ c: Collection; n: number }[]> {
    if (inPlace) {
      const held = touchedPages(c, prev, ids, [], opts.kept);
      await get(held.map(c.page));
      return held.map((n) => ({ c, n }));
    }
    await get([c.page(1)]);
    const pages = totalPages(c, snap);
    const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
    let read: number[];
    if (totalItems(c, prev) !== totalItems(c, snap)) {
      // The count moved: every page carries it, so every page changed.
      read = range(1, pages);
      await get(read.map(c.page));
    } else {
      const hints = touchedPages(c, prev, ids, keys, opts.kept).filter((n) => n <= pages);
      read = [1, ...range(hints[0] ?? 1, hints.at(-1) ?? 1).filter((n) => n > 1)];
      await get(read.map(c.page));
      // A shift that runs past the last hinted page: follow it while pages keep changing.
      for (let k = read.at(-1) ?? 1; k < pages && changed(c.page(k)); k++) {
        await get([c.page(k + 1)]);
        read.push(k + 1);
      }
    }
    return read.map((n) => ({ c, n }));
  }

  async function crawlPosts(ids: Set<number>): Promise<string | undefined> {
    // The named posts the last build listed, by their details' address then.
    const listed = [...ids].flatMap((id) => {
      const item = listedPost(prev, id);
      return item ? [{ id, item, path: ep.postDetails(item.cat_slug, item.post_name) }] : [];
    });
    const before = listed.map(({ path }) => detailsOf(prev, path));
    await get(listed.map(({ path }) => path));
    const keys: OrderKey[] = [];
    for (const { id, path } of listed) {
      const now = detailsOf(snap, path);
      if (now && Number(now.id) === id) keys.push({ date: now.post_date, id });
    }
    // Every named post was listed and is edited in place: only the lists that showed it can change
    // (any other changed record would be named), which saves most of an edit's 116 sample requests.
    const inPlace = !subcatsChanged && listed.length === ids.size && listed.every(({ id, path }, k) => keepsPlace(before[k], detailsOf(snap, path), id));
    // Likewise the newest-first lists; the popular list is always read (it follows views, not webhooks).
    const tags = subcats(prev).map((s) => s.subcat_slug).filter((slug) => !inPlace || listsItemOf(prev.ok<any>(ep.tag(slug))?.posts, ids));
    const newest = [...HOME_DEPS, ep.latest(), ...PANEL_DEPS, ...CATEGORY_SLUGS.map(ep.asideTopic)];
    const shown = inPlace ? newest.filter((path) => path === ep.homePopular() || listsItemOf(prev.ok(path), ids)) : newest;
    await get([...shown, ...tags.map(ep.tag)]);

    const topics = inPlace ? [...new Set(listed.map(({ item }) => item.cat_slug))] : CATEGORY_SLUGS;
    const read = (await Promise.all(topics.map((cat) => scan(topicCollection(cat, null), ids, keys, inPlace)))).flat();
    const now = locate(read, snap, ids);
    for (const id of ids) {
      const was = listedPost(prev, id);
      // Listed before and not found now: gone (unpublished, deleted) only if its listing's count moved, else it went somewhere unread.
      if (was && !now.has(id) && totalItems(topicCollection(was.cat_slug, null), prev) === totalItems(topicCollection(was.cat_slug, null), snap)) {
        return `post:${id} left the ${was.cat_slug} listing, whose count did not change`;
      }
    }
    await get([...now.values()].map((i) => ep.postDetails(i.cat_slug, i.post_name)));
    const after = new Map<number, Post | undefined>([...now].map(([id, i]) => [id, detailsOf(snap, ep.postDetails(i.cat_slug, i.post_name))]));

    // The second tier: sub-category listings of every category the posts were or are in, their authors' listings and boxes.
    const newKeys = [...now.values()].map((i) => ({ date: i.post_date, id: Number(i.id) }));
    const cats = new Set<string>();
    const authors = new Set<string>();
    const authorIds = new Set<number>();
    for (const p of [...before, ...after.values()]) {
      if (!p) continue;
      cats.add(p.cat_slug);
      if (p.author_name) authors.add(p.author_name);
      authorIds.add(Number(p.post_author_id));
    }
    for (const { item } of listed) cats.add(item.cat_slug);
    // An author's record changes only by their own webhook (author:NAME); a post that kept its author leaves theirs unread.
    if (!inPlace) await get([...authors].map(ep.authorDetails).concat([...authorIds].map(ep.authorById)));
    const subs = subcats(snap);
    const lists = [...cats].flatMap((cat) => subs.map((s) => topicCollection(cat, s.subcat_slug))).concat([...authors].map(authorCollection));
    // Edited in place, a listing that did not hold the posts has no page to read (scan).
    await Promise.all(lists.map((c) => scan(c, ids, [...keys, ...newKeys], inPlace)));
    return undefined;
  }
}

