// The prune of a change-driven crawl looks only at what changed since the last snapshot it pruned
// (src/crawl/prune.ts): it must drop exactly what checking every path drops, crawl after crawl.
import { describe, expect, it } from 'vitest';
import { newCrawlKept } from '../../../src/crawl/kept.ts';
import { prune } from '../../../src/crawl/prune.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { mulberry32 } from '../../helpers/rng.ts';

// A small catalogue: /index lists items; an item listing children wants them too (so dropping one can make more unwanted).
function wanted(snap: Snapshot): string[] {
  const out = new Set(['/index']);
  const visit = (path: string) => {
    for (const child of (snap.ok<{ children?: string[] }>(path)?.children ?? [])) {
      if (out.has(child)) continue;
      out.add(child);
      visit(child);
    }
  };
  visit('/index');
  return [...out].sort();
}

/** Every path checked each round: what prune did before it looked at the change only. */
function pruneAll(snap: Snapshot, keep: readonly string[]): void {
  for (;;) {
    const w = new Set([...wanted(snap), ...keep]);
    const drop = snap.paths().filter((p) => !w.has(p));
    if (drop.length === 0) return;
    for (const p of drop) snap.delete(p);
  }
}

describe('prune', () => {
  it('drops what checking every path drops, over 60 random crawls of copies', () => {
    const rand = mulberry32(3);
    const names = Array.from({ length: 80 }, (_, i) => `/item/${i}`);
    const pickSome = (n: number) => Array.from({ length: n }, () => names[Math.floor(rand() * names.length)]);
    let snap = new Snapshot();
    snap.set('/index', { status: 200, body: { children: pickSome(20) } });
    for (const n of names) snap.set(n, { status: 200, body: { children: rand() < 0.2 ? pickSome(2) : [] } });
    snap.set('/__sample/redirects', { status: 200, body: {} });
    const keep = ['/__sample/redirects'];
    // A session's crawl part: each prune after the first looks only at what changed since.
    const kept = newCrawlKept();
    prune(snap, wanted, keep, kept);
    pruneAll(snap, keep);
    for (let round = 0; round < 60; round++) {
      const next = Snapshot.copyOf(snap);
      for (let c = 0; c < 1 + Math.floor(rand() * 4); c++) {
        const r = rand();
        const path = names[Math.floor(rand() * names.length)];
        if (r < 0.3) next.set('/index', { status: 200, body: { children: pickSome(5 + Math.floor(rand() * 20)) } });
        else if (r < 0.7) next.set(path, { status: 200, body: { children: rand() < 0.5 ? pickSome(3) : [], v: round } });
        else next.delete(path);
      }
      const expected = Snapshot.copyOf(next);
      pruneAll(expected, keep);
      prune(next, wanted, keep, kept);
      expect(next.paths()).toEqual(expected.paths());
      snap = next;
    }
  });
});
