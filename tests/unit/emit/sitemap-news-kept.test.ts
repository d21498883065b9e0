// In a publish session, the news sitemap's candidates (the entries carrying news) are
// patched at the places the sitemap's entries were noted as replaced (src/emit/sitemap-news.ts
// withNews), not found by a walk of every entry; a one-off build walks.
import { describe, expect, it } from 'vitest';
import { newEmitKept } from '../../../src/emit/kept.ts';
import { noteReplaced } from '../../../src/lists/list-change.ts';
import { withNews } from '../../../src/emit/sitemap-news.ts';
import type { SitemapEntry } from '../../../src/plan/types.ts';
import { lcg31 } from '../../helpers/rng.ts';

const entry = (n: number, news: boolean, v = 0): SitemapEntry => ({
  url: `https://site.example/p/${String(n).padStart(4, '0')}`,
  images: [],
  ...(news ? { news: { publicationDate: `2026-01-0${1 + (n % 3)}T00:00:00.000Z`, title: `Story ${n} v${v}` } } : {}),
});

describe('the news sitemap between publishes', () => {
  it('patches its candidates at the noted places: 200 steps give what a walk of every entry gives', () => {
    const { news } = newEmitKept();
    const r = lcg31(7); // deterministic, so a failure names its step
    let list: readonly SitemapEntry[] = Array.from({ length: 300 }, (_, i) => entry(i, r() < 0.1));
    expect(withNews(list, news)).toEqual(list.filter((e) => e.news));
    for (let step = 1; step <= 200; step++) {
      const next = list.slice();
      const places = new Set<number>();
      for (let k = 0; k < 1 + Math.floor(r() * 4); k++) places.add(Math.floor(r() * next.length));
      // A story edited (a new entry at its place), gaining or losing the news window.
      for (const p of places) next[p] = entry(p, r() < 0.3, step);
      list = noteReplaced(next, list, places);
      const got = withNews(list, news);
      const want = list.filter((e) => e.news);
      expect(got.length, `step ${step}`).toBe(want.length);
      got.forEach((e, i) => expect(e, `step ${step}, candidate ${i}`).toBe(want[i]));
    }
  });

  it('reads only the noted places of a noted list (an entry changed at a place the note leaves out is not seen)', () => {
    const { news } = newEmitKept();
    const list = Array.from({ length: 50 }, (_, i) => entry(i, i % 10 === 0));
    withNews(list, news);
    const next = list.slice();
    next[3] = entry(3, true, 1);
    next[5] = entry(5, true, 1);
    // Noted as replaced at 3 only: a walk would find 5 too.
    expect(withNews(noteReplaced(next, list, [3]), news).map((e) => e.url)).toEqual(['p/0000', 'p/0003', 'p/0010', 'p/0020', 'p/0030', 'p/0040'].map((p) => `https://site.example/${p}`));
  });

  it('walks a list the notes do not lead to, and every list in a one-off build', () => {
    const { news } = newEmitKept();
    const list = Array.from({ length: 50 }, (_, i) => entry(i, i % 10 === 0));
    withNews(list, news);
    const other = list.map((e, i) => (i === 5 ? entry(5, true, 2) : e));
    expect(withNews(other, news)).toEqual(other.filter((e) => e.news));
    // Without a session's part (a one-off build), nothing of the last list is used.
    const third = other.map((e, i) => (i === 7 ? entry(7, true, 3) : e));
    expect(withNews(noteReplaced(third, other, [7]))).toEqual(third.filter((e) => e.news));
  });
});
