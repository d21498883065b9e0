// A publish session's crawl part (CrawlKept) counts the wanted paths from the routes and fetches that came
// and went, and looks for missing paths among those that changed (src/crawl/discover.ts): both
// must answer what the catalogue's whole lists answer, snapshot copy after snapshot copy.
import { describe, expect, it } from 'vitest';
import { missingPaths, wantedPaths } from '../../../src/crawl/discover.ts';
import { newCrawlKept } from '../../../src/crawl/kept.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import type { PageKind, RouteSpec, SiteContextForKinds, SnapshotView } from '../../../src/site/types.ts';
import { mulberry32, pick } from '../../helpers/rng.ts';

const ctx: SiteContextForKinds = { now: '2026-01-15T00:00:00.000Z', today: '2026-01-15', warn: () => {} };

// One route per child listed by /index, kept while its entry is the same (as the article kind keeps its routes);
// a child whose body names `more` wants that path too.
const SPECS = new WeakMap<object, RouteSpec>();
const children = (snap: SnapshotView) => snap.ok<{ children?: string[] }>('/index')?.children ?? [];
const kind: PageKind = {
  kind: 'article',
  patterns: [],
  routes(snap) {
    return children(snap).flatMap((c) => {
      const e = snap.get(c);
      if (!e) return [];
      let spec = SPECS.get(e);
      if (!spec) SPECS.set(e, (spec = { kind: 'article', path: c, params: {}, deps: ['/shared', c, ...((e.body as { more?: string }).more ? [(e.body as { more: string }).more] : [])], sitemap: null, record: c }));
      return [spec];
    });
  },
  fetches(snap) {
    return ['/index', ...children(snap)];
  },
};
const KINDS = [kind];

function expected(snap: SnapshotView): string[] {
  const all = new Set<string>();
  for (const r of kind.routes(snap, ctx)) r.deps.forEach((d) => all.add(d));
  kind.fetches!(snap, ctx).forEach((p) => all.add(p));
  return [...all].sort();
}

describe('wanted and missing paths between snapshot states', () => {
  it('equal the whole lists\' answers over 80 random changes, fetched to a fixed point each time', () => {
    const rand = mulberry32(31);
    const names = Array.from({ length: 60 }, (_, i) => `/c/${i}`);
    const name = () => pick(rand, names);
    const kept = newCrawlKept();
    let snap = new Snapshot();
    const fill = (s: Snapshot) => {
      // The crawl's fixed point: fetch what is missing until nothing is.
      for (let guard = 0; guard < 10; guard++) {
        const missing = missingPaths(s, ctx, KINDS, kept);
        expect(missing).toEqual(expected(s).filter((p) => s.get(p) === undefined));
        if (missing.length === 0) return;
        for (const p of missing) s.set(p, { status: 200, body: p === '/index' ? { children: names.slice(0, 10) } : { v: 0 } });
      }
    };
    fill(snap);
    for (let round = 1; round <= 80; round++) {
      snap = Snapshot.copyOf(snap);
      for (let c = 0; c < 1 + Math.floor(rand() * 3); c++) {
        const r = rand();
        if (r < 0.3) snap.set('/index', { status: 200, body: { children: Array.from({ length: 5 + Math.floor(rand() * 10) }, name) } });
        else if (r < 0.6) snap.set(name(), { status: 200, body: { v: round, ...(rand() < 0.4 ? { more: `/more/${Math.floor(rand() * 5)}` } : {}) } });
        else if (r < 0.8) snap.delete(name());
        else snap.delete('/shared');
      }
      expect([...wantedPaths(snap, ctx, KINDS, kept)]).toEqual(expected(snap));
      fill(snap);
      expect([...wantedPaths(snap, ctx, KINDS, kept)]).toEqual(expected(snap));
    }
  });
});
