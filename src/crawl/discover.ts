// What the crawl must fetch, read from the page-kind catalogue (src/site/kinds):
// every route's deps and every kind's extra fetches. The crawl calls this until
// nothing new appears (a fixed point); it is pure so plan and tests can use it.
import { PAGE_KINDS, routesOf } from '../site/kinds/index.ts';
import { byCodeUnits, SortedCache } from '../core/sorted.ts';
import { memoBySnapshot } from '../site/memo.ts';
import type { PageKind, SiteContextForKinds, SnapshotView } from '../site/types.ts';

/**
 * The sample API's own extension listing its redirect records (the real API has
 * no such endpoint: docs/api-contract.md, "Redirects"). Stored in the
 * snapshot under this path, never mirrored into out/.
 */
export const SAMPLE_REDIRECTS_PATH = '/__sample/redirects';

/** Every API path the catalogue wants for this (possibly partial) snapshot, sorted and unique. */
export function wantedPaths(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[] = PAGE_KINDS): string[] {
  // Once per snapshot state: the fixed point's last round and the prune of a change-driven crawl ask of the same one.
  if (kinds === PAGE_KINDS) return memoBySnapshot(snap, `wanted\0${ctx.now}`, () => collectWanted(snap, ctx, kinds));
  return collectWanted(snap, ctx, kinds);
}

function collectWanted(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[]): string[] {
  const wanted = new Set<string>();
  for (const kind of kinds) {
    for (const route of routesOf(kind, snap, ctx)) for (const dep of route.deps) wanted.add(dep);
    for (const path of kind.fetches?.(snap, ctx) ?? []) wanted.add(path);
  }
  return kinds === PAGE_KINDS ? [...WANTED_ORDER.sort([...wanted])] : [...wanted].sort();
}

// The catalogue's last answer in order, patched when few paths came or went (src/core/sorted.ts).
const WANTED_ORDER = new SortedCache<string>(byCodeUnits);

/** The wanted paths not yet in the snapshot. */
export function missingPaths(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[] = PAGE_KINDS): string[] {
  return wantedPaths(snap, ctx, kinds).filter((p) => snap.get(p) === undefined);
}
