// What the crawl must fetch, from the page-kind catalogue (src/site/kinds): every route's deps and
// every kind's extra fetches, called until a fixed point; pure, so plan and tests can use it. A
// session counts the wants per path and the last complete state (./kept.ts); a one-off build keeps nothing.
import { PAGE_KINDS, routesOf } from '../site/kinds/index.ts';
import { listChange } from '../lists/list-change.ts';
import { byCodeUnits, lowerBound, patchedList, sortedChange } from '../lists/sorted.ts';
import { memoBySnapshot } from '../site/memo.ts';
import type { PageKind, RouteSpec, SiteContextForKinds, SnapshotView } from '../site/types.ts';
import type { CrawlKept } from './kept.ts';

/** The sample API's own redirect listing (not in the real API); in the snapshot, never mirrored. */
export const SAMPLE_REDIRECTS_PATH = '/__sample/redirects';

/** Every API path the catalogue wants for this (possibly partial) snapshot, sorted and unique. */
export function wantedPaths(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[] = PAGE_KINDS, kept?: CrawlKept): readonly string[] {
  // Once per snapshot state: the fixed point's last round and the prune of a change-driven crawl ask of the same one.
  if (kinds === PAGE_KINDS) return memoBySnapshot(snap, `wanted\0${ctx.now}`, () => counted(snap, ctx, kinds, kept));
  return counted(snap, ctx, kinds, kept);
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
export interface WantedCounts {
  kinds: readonly PageKind[];
  routes: (readonly RouteSpec[])[];
  fetches: (readonly string[])[];
  counts: Map<string, number>;
  sorted: readonly string[];
}

function counted(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[], kept: CrawlKept | undefined): readonly string[] {
  if (!kept) return collectWanted(snap, ctx, kinds);
  const routes = kinds.map((kind) => routesOf(kind, snap, ctx));
  const fetches = kinds.map((kind) => kind.fetches?.(snap, ctx) ?? []);
  // Taken until the counts are consistent again.
  const taken = kept.wanted.take();
  const last = taken?.kinds === kinds ? taken : undefined;
  if (!last) {
    const counts = new Map<string, number>();
    const add = (p: string) => counts.set(p, (counts.get(p) ?? 0) + 1);
    for (const list of routes) for (const r of list) r.deps.forEach(add);
    for (const list of fetches) list.forEach(add);
    const sorted = [...counts.keys()].sort(byCodeUnits);
    kept.wanted.keep({ kinds, routes, fetches, counts, sorted });
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
  kept.wanted.keep({ kinds, routes, fetches, counts, sorted });
  return sorted;
}

/** A snapshot state found complete (every wanted path in it), with its wanted list and kinds (CrawlKept.complete). */
export interface CompleteState {
  state: string;
  wanted: readonly string[];
  kinds: readonly PageKind[];
}

/** The wanted paths not yet in the snapshot. */
export function missingPaths(snap: SnapshotView, ctx: SiteContextForKinds, kinds: readonly PageKind[] = PAGE_KINDS, kept?: CrawlKept): string[] {
  const wanted = wantedPaths(snap, ctx, kinds, kept);
  const last = kept?.complete?.kinds === kinds ? kept.complete : undefined;
  const changed = last && snap.changesSince?.(last.state);
  const since = changed && sortedChange(last!.wanted, wanted, byCodeUnits);
  const isWanted = (p: string) => wanted[lowerBound(wanted, p, byCodeUnits)] === p;
  const missing = since ? [...new Set([...since.added, ...[...changed!].filter(isWanted)])].filter((p) => snap.get(p) === undefined).sort(byCodeUnits) : wanted.filter((p) => snap.get(p) === undefined);
  // `snap` holds every path of `wanted` (a crawl's fixed point, and after its prune).
  if (missing.length === 0 && kept) kept.complete = snap.state !== undefined ? { state: snap.state, wanted, kinds } : undefined;
  return missing;
}
