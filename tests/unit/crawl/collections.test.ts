// The paged listings of a change-driven crawl (src/crawl/collections.ts): where
// a post sits, where its date puts it, newest first with ties by id.
import { describe, expect, it } from 'vitest';
import { before, locate, topicCollection, touchedPages, warmListIndexes } from '../../../src/crawl/collections.ts';
import { newCrawlKept } from '../../../src/crawl/kept.ts';
import type { SnapshotView } from '../../../src/site/types.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { mulberry32 } from '../../helpers/rng.ts';

const news = topicCollection('news', null);
/** A listing of `n` posts, ids n..1, one a day from 2026-01-n back to 2026-01-01, `limit` a page. */
function listing(n: number, limit = 3): Snapshot {
  const snap = new Snapshot();
  const items = Array.from({ length: n }, (_, i) => ({ id: n - i, post_date: `2026-01-${String(n - i).padStart(2, '0')}T00:00:00.000Z`, post_name: `p${n - i}`, cat_slug: 'news' }));
  const pages = Math.ceil(n / limit);
  for (let p = 1; p <= pages; p++) {
    snap.set(news.page(p), { status: 200, body: { success: true, posts: { postData: items.slice((p - 1) * limit, p * limit), pagination: { page: p, limit, totalItems: n, totalPages: pages } } } });
  }
  return snap;
}

describe('paged listings', () => {
  it('orders newest first, then by the higher id', () => {
    expect(before({ date: '2026-01-02', id: 1 }, { date: '2026-01-01', id: 9 })).toBe(true);
    expect(before({ date: '2026-01-01', id: 9 }, { date: '2026-01-01', id: 3 })).toBe(true);
    expect(before({ date: '2026-01-01', id: 3 }, { date: '2026-01-01', id: 9 })).toBe(false);
  });

  it('an edit in place touches only the page the post is on', () => {
    // 12 posts, 3 a page: post 5 is the 8th, on page 3.
    expect(touchedPages(news, listing(12), new Set([5]), [{ date: '2026-01-05T00:00:00.000Z', id: 5 }])).toEqual([3]);
  });

  it('a re-dated post touches the page it leaves and the page it lands on', () => {
    // Post 5 re-dated to the newest: it leaves page 3 and lands on page 1.
    expect(touchedPages(news, listing(12), new Set([5]), [{ date: '2026-02-01T00:00:00.000Z', id: 5 }])).toEqual([1, 3]);
    // Post 11 (page 1) re-dated to the oldest: it lands after the 11 others, on page 4.
    expect(touchedPages(news, listing(12), new Set([11]), [{ date: '2025-12-01T00:00:00.000Z', id: 11 }])).toEqual([1, 4]);
  });

  it('a new post touches the page its date puts it on', () => {
    expect(touchedPages(news, listing(12), new Set([99]), [{ date: '2026-01-06T12:00:00.000Z', id: 99 }])).toEqual([3]);
  });

  it('locates posts on the pages read', () => {
    const snap = listing(12);
    const found = locate([{ c: news, n: 2 }, { c: news, n: 3 }], snap, new Set([5, 8, 12]));
    expect([...found.keys()].sort((a, b) => a - b)).toEqual([5, 8]);
    expect(found.get(5)?.post_name).toBe('p5');
  });
});

// A publish session's crawl part (CrawlKept) keeps each listing's index and patches the pages whose entries
// changed (src/crawl/collections.ts listIndex): the pages it names must be those the whole list
// gives, snapshot copy after copy, in order or not (an API out of its contract's order).
describe('touched pages from a kept listing index', () => {
  type Item = { id: number; post_date: string; post_name: string; cat_slug: string };
  const model = (items: Item[], ids: ReadonlySet<number>, keys: { date: string; id: number }[], limit: number) => {
    const pages = new Set<number>();
    items.forEach((item, i) => ids.has(item.id) && pages.add(Math.floor(i / limit) + 1));
    const others = items.filter((item) => !ids.has(item.id));
    for (const key of keys) pages.add(Math.floor(others.filter((item) => before({ date: item.post_date, id: item.id }, key)).length / limit) + 1);
    return [...pages].sort((a, b) => a - b);
  };
  const write = (snap: Snapshot, items: Item[], limit: number) => {
    const pages = Math.ceil(items.length / limit);
    for (let p = 1; p <= pages; p++) {
      snap.set(news.page(p), { status: 200, body: { success: true, posts: { postData: items.slice((p - 1) * limit, p * limit), pagination: { page: p, limit, totalItems: items.length, totalPages: pages } } } });
    }
  };
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();

  it('equal the whole list\'s answer over 150 random edits, re-datings, additions, swaps and ties', () => {
    const kept = newCrawlKept();
    const rand = mulberry32(77);
    const limit = 5;
    let next = 1;
    let items: Item[] = Array.from({ length: 60 }, () => ({ id: next, post_date: day(1000 - next), post_name: `p${next++}`, cat_slug: 'news' }));
    const ordered = () => items.sort((a, b) => (before({ date: a.post_date, id: a.id }, { date: b.post_date, id: b.id }) ? -1 : before({ date: b.post_date, id: b.id }, { date: a.post_date, id: a.id }) ? 1 : 0));
    let snap = new Snapshot();
    write(snap, items, limit);
    for (let round = 1; round <= 150; round++) {
      snap = Snapshot.copyOf(snap);
      const r = rand();
      const at = Math.floor(rand() * items.length);
      if (r < 0.45) items[at] = { ...items[at], post_name: `${items[at].post_name}-e${round}` }; // an edit in place
      else if (r < 0.6) (items[at] = { ...items[at], post_date: day(Math.floor(rand() * 1000)) }), ordered();
      else if (r < 0.7) items.splice(at, 0, { id: next, post_date: day(Math.floor(rand() * 1000)), post_name: `n${next++}`, cat_slug: 'news' }), ordered();
      else if (r < 0.8) (items[at] = { ...items[at], post_date: items[(at + 1) % items.length].post_date }), ordered(); // a tie, ordered by id
      else if (r < 0.88) {
        // Out of order (an API breaking its contract), for a while.
        const other = Math.floor(rand() * items.length);
        [items[at], items[other]] = [items[other], items[at]];
      } else ordered();
      write(snap, items, limit);
      // Several questions of each state: the post this round changed or put somewhere (its page
      // must come from the index as patched), posts anywhere, with dates anywhere or their own.
      const changedId = items[Math.min(at, items.length - 1)].id;
      for (let q = 0; q < 8; q++) {
        const ids = new Set([q === 0 ? changedId : items[Math.floor(rand() * items.length)].id, ...(rand() < 0.3 ? [next + 1000] : [])]);
        const keys = [...ids].map((id) => ({ date: rand() < 0.5 ? day(Math.floor(rand() * 1000)) : (items.find((i) => i.id === id)?.post_date ?? day(500)), id }));
        expect(touchedPages(news, snap, ids, keys, kept)).toEqual(model(items, ids, keys, limit));
      }
    }
  });
});

// pressroom watch reads every listing's index at start (warmListIndexes), so that a story's first
// touch of a listing patches an index instead of reading the whole listing.
describe('warmed listing indexes', () => {
  /** The snapshot, counting the listing pages read through it. */
  const counted = (snap: Snapshot) => {
    const reads = { pages: 0 };
    const view: SnapshotView = {
      get: (p) => snap.get(p),
      ok: <T,>(p: string) => ((reads.pages += p === news.page(1) ? 0 : 1), snap.ok<T>(p)),
      paths: () => snap.paths(),
      get state() {
        return snap.state;
      },
      changesSince: (s) => snap.changesSince(s),
    };
    return { view, reads };
  };
  const key = { date: '2026-01-05T00:00:00.000Z', id: 5 };

  it("a story's first touch of a warmed listing reads none of its pages again", () => {
    const kept = newCrawlKept();
    const snap = listing(30);
    const warm = counted(snap);
    warmListIndexes(warm.view, [news], kept);
    expect(warm.reads.pages).toBe(9); // pages 2..10, once
    const story = counted(snap);
    expect(touchedPages(news, story.view, new Set([5]), [key], kept)).toEqual([9]);
    expect(story.reads.pages).toBe(0);
  });

  it('a listing not warmed is read whole on its first touch, and a one-off build keeps nothing', () => {
    const cold = counted(listing(30));
    expect(touchedPages(news, cold.view, new Set([5]), [key], newCrawlKept())).toEqual([9]);
    expect(cold.reads.pages).toBe(9);
    // A one-off build passes no session part: its second touch reads the listing whole again.
    const snap = listing(30);
    touchedPages(news, counted(snap).view, new Set([5]), [key]);
    const later = counted(snap);
    touchedPages(news, later.view, new Set([5]), [key]);
    expect(later.reads.pages).toBe(9);
  });
});
