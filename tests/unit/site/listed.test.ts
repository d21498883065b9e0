// The listed posts of a process that publishes again are derived from an earlier answer when the
// snapshot names what changed (src/site/listed.ts): they must equal the answer made from the
// listings, snapshot copy after snapshot copy, whatever the change.
import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { CATEGORY_SLUGS, type PostItem } from '../../../src/api/types.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { listedDetails, listedIdOfDetails, listedPost, listedPosts } from '../../../src/site/common.ts';
import { newSiteKept, type SiteKept } from '../../../src/site/kept.ts';
import { mulberry32 } from '../../helpers/rng.ts';
import { notedPlaces } from '../../../src/lists/list-change.ts';

const PER_PAGE = 4;
type Post = { id: number; cat: string; name: string; title: string; v: number };

function write(snap: Snapshot, posts: Post[], cats: readonly string[]): void {
  for (const cat of cats) {
    const list = posts.filter((p) => p.cat === cat);
    const pages = Math.max(1, Math.ceil(list.length / PER_PAGE));
    for (let n = 1; n <= pages + 1; n++) {
      const items = list.slice((n - 1) * PER_PAGE, n * PER_PAGE).map((p): PostItem => ({ id: p.id, cat_slug: p.cat, post_name: p.name, post_title: p.title }) as PostItem);
      if (n > pages) snap.delete(ep.topic(cat, null, n));
      else snap.set(ep.topic(cat, null, n), { status: 200, body: { posts: { postData: items, pagination: { totalPages: pages, currentPage: n, totalItems: list.length } } } });
    }
  }
  for (const p of posts) snap.set(ep.postDetails(p.cat, p.name), { status: 200, body: { result: [{ id: p.id, cat_slug: p.cat, post_name: p.name, post_title: p.title, v: p.v }] } });
}

/** The same snapshot content in a fresh snapshot (nothing to derive from): the answer made from the listings. */
function fresh(snap: Snapshot): Snapshot {
  const s = new Snapshot();
  for (const e of snap.entries()) s.put(e);
  return s;
}

/** What the answer lists; `kept`: the publish session's site part, which a watcher's builds derive the answer from. */
const summary = (snap: Snapshot, kept?: SiteKept) => ({
  posts: listedPosts(snap, CATEGORY_SLUGS, kept).map((i) => `${i.id} ${i.cat_slug}/${i.post_name} ${i.post_title}`),
  details: listedDetails(snap).map((d) => `${d.item.id} ${d.path} ${d.entry?.hash} ${JSON.stringify(d.post)}`),
});

describe('listed posts between snapshot states', () => {
  it('equal the answer made from the listings after each of 80 random edits, additions, deletions, moves and renames', () => {
    const kept = newSiteKept();
    const rand = mulberry32(23);
    const cats = CATEGORY_SLUGS.slice(0, 3);
    let next = 1;
    const posts: Post[] = Array.from({ length: 40 }, () => ({ id: next++, cat: cats[next % 3], name: `p${next}`, title: 'T', v: 0 }));
    let snap = new Snapshot();
    write(snap, posts, cats);
    expect(summary(snap, kept)).toEqual(summary(fresh(snap)));
    let before = listedDetails(snap, kept);
    let noted = 0;
    for (let round = 1; round <= 80; round++) {
      snap = Snapshot.copyOf(snap);
      const r = rand();
      const at = Math.floor(rand() * posts.length);
      if (r < 0.5) posts[at] = { ...posts[at], title: `T${round}` }; // edited: its list item and details
      else if (r < 0.65) posts[at] = { ...posts[at], v: round }; // edited: its details only
      else if (r < 0.75) posts.splice(at, 1);
      else if (r < 0.85) posts.splice(at, 0, { id: next++, cat: cats[round % 3], name: `n${round}`, title: 'New', v: 0 });
      else if (r < 0.93) posts[at] = { ...posts[at], cat: cats[((cats as readonly string[]).indexOf(posts[at].cat) + 1) % 3] };
      else posts[at] = { ...posts[at], name: `${posts[at].name}-r${round}` };
      write(snap, posts, cats);
      // Asked during the crawl (a state on the way) and at its end, as the crawl and the plan ask.
      if (rand() < 0.3) listedDetails(snap, kept);
      expect(summary(snap, kept)).toEqual(summary(fresh(snap)));
      const one = posts[Math.floor(rand() * posts.length)];
      expect(listedPost(snap, one.id)?.post_name).toBe(one.name);
      expect(listedIdOfDetails(snap, ep.postDetails(one.cat, one.name))).toBe(one.id);
      // A patched answer is noted (src/lists/list-change.ts) with every place whose details differ.
      const after = listedDetails(snap, kept);
      const places = after !== before ? notedPlaces(before, after) : undefined;
      if (places) {
        noted += 1;
        const differ = after.flatMap((d, i) => (d === before[i] ? [] : [i]));
        expect(differ.every((i) => places.includes(i))).toBe(true);
      }
      before = after;
    }
    // The edits (half the rounds) were patched and noted.
    expect(noted).toBeGreaterThan(20);
  });

  it('reads a listing again when its first page gives another page count, also from none', () => {
    const kept = newSiteKept();
    const snap = new Snapshot();
    write(snap, [{ id: 1, cat: 'news', name: 'a', title: 'A', v: 0 }], ['news']);
    snap.set(ep.topic('quick-bytes', null, 1), { status: 200, body: { posts: { postData: [], pagination: { totalPages: 0, currentPage: 1, totalItems: 0 } } } });
    expect(listedPosts(snap, CATEGORY_SLUGS, kept).map((i) => i.id)).toEqual([1]);
    const copy = Snapshot.copyOf(snap);
    write(copy, [{ id: 2, cat: 'quick-bytes', name: 'b', title: 'B', v: 0 }], ['quick-bytes']);
    expect(listedPosts(copy, CATEGORY_SLUGS, kept).map((i) => i.id)).toEqual([1, 2]);
    expect(summary(copy, kept)).toEqual(summary(fresh(copy)));
  });

  it('gives the unchanged answer and details objects back when only other paths changed', () => {
    const kept = newSiteKept();
    const snap = new Snapshot();
    write(snap, [{ id: 1, cat: 'news', name: 'a', title: 'A', v: 0 }], ['news']);
    const before = listedDetails(snap, kept);
    const copy = Snapshot.copyOf(snap);
    copy.set(ep.ads(), { status: 200, body: [] });
    const after = listedDetails(copy, kept);
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
  });
});
