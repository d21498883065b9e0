// The floor for the build benchmark (docs/contributing.md, "Benchmarks"): a bare
// renderToString loop over the same article pages the build renders: the same
// element tree (providers, static router, App, seeded QueryClient) with no
// template, head, dehydration, JSON or writes. bench/build.ts prints the build's
// time beside this and the ratio (goal: within 1.5x).
import { renderToString } from 'react-dom/server';
import type { PublicConfig } from '../src/config/schema.ts';
import { appElement, seededClient } from '../src/render/app.tsx';
import type { RouteSpec, SnapshotView } from '../src/site/types.ts';

export interface FloorResult {
  pages: number;
  ms: number;
  pagesPerSecond: number;
  /** Total HTML characters rendered (keeps the work observable). */
  chars: number;
}

/**
 * Render every route's app with renderToString and nothing else. Page modules
 * must already be loaded (preloadAllPages), as createRenderer does.
 */
export function renderFloor(opts: { routes: Iterable<RouteSpec>; snapshot: SnapshotView; publicConfig: PublicConfig }): FloorResult {
  let pages = 0;
  let chars = 0;
  const start = performance.now();
  for (const route of opts.routes) {
    const client = seededClient(route, opts.snapshot);
    chars += renderToString(appElement({ route, client, publicConfig: opts.publicConfig, copy: null, collector: { head: null } })).length;
    client.clear();
    pages++;
  }
  const ms = performance.now() - start;
  return { pages, ms, pagesPerSecond: ms > 0 ? (pages * 1000) / ms : 0, chars };
}
