// What the crawl must fetch, read from the page-kind catalogue (src/site/kinds):
// every route's deps and every kind's extra fetches. The crawl calls this until
// nothing new appears (a fixed point); it is pure so plan and tests can use it.
//
// A process that publishes again (pressroom watch) keeps how many of the catalogue's routes and
// fetches want each path, with the lists they came from: the next answer counts only the routes
// and fetches that came and went (src/core/list-change.ts), and patches the sorted list by the
// paths no longer wanted and newly wanted, instead of a set of some 300,000 deps at 50,000 posts.
import { PAGE_KINDS, routesOf } from '../site/kinds/index.ts';
import { listChange } from '../core/list-change.ts';
import { keepsForNextBuild } from '../core/resident.ts';
import { byCodeUnits, lowerBound, patchedList, sortedChange } from '../core/sorted.ts';
import { memoBySnapshot } from '../site/memo.ts';
import type { PageKind, RouteSpec, SiteContextForKinds, SnapshotView } from '../site/types.ts';

/**
 * The sample API's own extension listing its redirect records (the real API has
 * no such endpoint: docs/api-contract.md, "Redirects"). Stored in the
 * snapshot under this path, never mirrored into out/.
 */
export const SAMPLE_REDIRECTS_PATH = '/__sample/redirects';

/** Every API path the catalogue wants for this (possibly partial) snapshot, sorted and unique. */
export function wantedPaths(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[] = PAGE_KINDS): readonly string[] {
  // Once per snapshot state: the fixed point's last round and the prune of a change-driven crawl ask of the same one.
  if (kinds === PAGE_KINDS) return memoBySnapshot(snap, `wanted\0${ctx.now}`, () => counted(snap, ctx, kinds));
  return counted(snap, ctx, kinds);
}

function collectWanted(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[]): string[] {
  const wanted = new Set<string>();
  for (const kind of kinds) {
    for (const route of routesOf(kind, snap, ctx)) for (const dep of route.deps) wanted.add(dep);
    for (const path of kind.fetches?.(snap, ctx) ?? []) wanted.add(path);
  }
  return [...wanted].sort();
}

/** The last answer: of which kinds, each kind's routes and fetches, how many of them want each path, the paths sorted. */
let LAST: { kinds: readonly PageKind[]; routes: (readonly RouteSpec[])[]; fetches: (readonly string[])[]; counts: Map<string, number>; sorted: readonly string[] } | undefined;

function counted(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[]): readonly string[] {
  if (!keepsForNextBuild()) {
    LAST = undefined;
    return collectWanted(snap, ctx, kinds);
  }
  const routes = kinds.map((kind) => routesOf(kind, snap, ctx));
  const fetches = kinds.map((kind) => kind.fetches?.(snap, ctx) ?? []);
  const last = LAST?.kinds === kinds ? LAST : undefined;
  LAST = undefined; // until the counts are consistent again
  if (!last) {
    const counts = new Map<string, number>();
    const add = (p: string) => counts.set(p, (counts.get(p) ?? 0) + 1);
    for (const list of routes) for (const r of list) r.deps.forEach(add);
    for (const list of fetches) list.forEach(add);
    const sorted = [...counts.keys()].sort(byCodeUnits);
    LAST = { kinds, routes, fetches, counts, sorted };
    return sorted;
  }
  const { counts } = last;
  const before = new Map<string, number>();
  const bump = (p: string, d: number) => {
    const c = counts.get(p) ?? 0;
    if (!before.has(p)) before.set(p, c);
    if (c + d === 0) counts.delete(p);
    else counts.set(p, c + d);
  };
  kinds.forEach((_, k) => {
    const r = listChange(last.routes[k], routes[k]);
    for (const route of r.removed) for (const dep of route.deps) bump(dep, -1);
    for (const route of r.added) for (const dep of route.deps) bump(dep, 1);
    const f = listChange(last.fetches[k], fetches[k]);
    for (const p of f.removed) bump(p, -1);
    for (const p of f.added) bump(p, 1);
  });
  const gone = new Set<string>();
  const fresh: string[] = [];
  for (const [p, was] of before) {
    const now = counts.has(p);
    if (was > 0 && !now) gone.add(p);
    else if (was === 0 && now) fresh.push(p);
  }
  const sorted = gone.size === 0 && fresh.length === 0 ? last.sorted : (patchedList(last.sorted, gone, fresh, byCodeUnits) ?? [...counts.keys()].sort(byCodeUnits));
  LAST = { kinds, routes, fetches, counts, sorted };
  return sorted;
}

// The last snapshot state found complete (every wanted path in it), with its wanted list and
// kinds: a snapshot copied from it can lack only what became wanted since or was deleted since.
let complete: { state: string; wanted: readonly string[]; kinds: readonly PageKind[] } | undefined;

/** The wanted paths not yet in the snapshot. */
export function missingPaths(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[] = PAGE_KINDS): string[] {
  const wanted = wantedPaths(snap, ctx, kinds);
  const last = complete?.kinds === kinds ? complete : undefined;
  const changed = last && snap.changesSince?.(last.state);
  const since = changed && sortedChange(last!.wanted, wanted, byCodeUnits);
  const isWanted = (p: string) => wanted[lowerBound(wanted, p, byCodeUnits)] === p;
  const missing = since ? [...new Set([...since.added, ...[...changed!].filter(isWanted)])].filter((p) => snap.get(p) === undefined).sort(byCodeUnits) : wanted.filter((p) => snap.get(p) === undefined);
  if (missing.length === 0) noteComplete(snap, wanted, kinds);
  return missing;
}

/** Records that `snap` holds every path of `wanted` (a crawl's fixed point, and after its prune). */
function noteComplete(snap: SnapshotView, wanted: readonly string[], kinds: readonly PageKind[]): void {
  complete = keepsForNextBuild() && snap.state !== undefined ? { state: snap.state, wanted, kinds } : undefined;
}
