// The paged listings of a change-driven crawl (src/crawl/collections.ts): where
// a post sits, where its date puts it, newest first with ties by id.
import { describe, expect, it } from 'vitest';
import { before, locate, topicCollection, touchedPages } from '../../../src/crawl/collections.ts';
import { Snapshot } from '../../../src/crawl/snapshot-store.ts';

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
