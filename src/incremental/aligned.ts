// The decision of a change-driven build at the cost of the change (docs/decisions/0068-kept-state.md).
// ./decide.ts walks every route (a tenth of a second a publish at 50,000 posts). A session keeps,
// with each published state, the routes it was made from and which routes read each API path. The
// next build looks only at routes that are not the very objects of that list (the plan returns the
// same object for an unchanged route) and at routes reading a path changed since
// (Snapshot.changesSince); every other route's page is reused, as the walk would find.
//
// What is kept belongs to one state (IncrementalKept.alignments): the next state takes it over only
// once a build has made it, so a failed build or a rehearsal leaves it as it was, and a build
// without it walks.
import { sortedChange } from '../lists/sorted.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { SnapshotView } from '../site/types.ts';
import type { Decision } from './decide.ts';
import type { IncrementalKept } from './kept.ts';
import type { BuildState, RouteState } from '../publish/build-state.ts';

/** What a session keeps with a state (IncrementalKept.alignments). */
export interface KeptAlignment {
  /** The routes the state was made from, in plan order (strictly increasing under routeOrder). */
  routes: readonly PlannedRoute[];
  /** API path -> the routes among them that read it: the one route itself when only one does (most paths: a post's details). */
  readers: Map<string, Readers>;
  /** The snapshot state the state's routes were rendered or found current in (Snapshot.state). */
  snapshotState: string;
}

type Readers = PlannedRoute | Set<PlannedRoute>;

/** The plan's order of routes (src/plan/index.ts), which the routes of a build are in. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const routeOrder = (a: PlannedRoute, b: PlannedRoute): number => byCode(a.path, b.path) || byCode(a.file, b.file) || byCode(a.record, b.record);

/** How this build's routes differ from those a state was made from, with what that state kept; undefined when it kept nothing or the routes are not in plan order. */
export interface Alignment {
  kept: KeptAlignment;
  added: PlannedRoute[];
  removed: PlannedRoute[];
}

export function alignmentOf(session: IncrementalKept | undefined, state: BuildState | undefined, routes: readonly PlannedRoute[]): Alignment | undefined {
  const kept = state && session?.alignments.get(state);
  if (!kept) return undefined;
  const change = sortedChange(kept.routes, routes, routeOrder);
  return change ? { kept, ...change } : undefined;
}

/**
 * The decision from the alignment with the previous state, when the snapshot can say which paths
 * changed since (else undefined: decide walks). Its `reuse` is made only if read.
 */
export function alignedDecision(input: {
  previous: BuildState;
  alignment: Alignment;
  snapshot: Pick<SnapshotView, 'changesSince'>;
  routes: readonly PlannedRoute[];
  hashOf: (route: PlannedRoute) => string;
  changedHashes: Map<PlannedRoute, string>;
}): Decision<PlannedRoute> | undefined {
  const { previous, alignment, routes } = input;
  const changed = input.snapshot.changesSince?.(alignment.kept.snapshotState);
  if (!changed) return undefined;
  const removed = new Set(alignment.removed);
  const candidates = new Set(alignment.added);
  for (const path of changed) {
    const readers = alignment.kept.readers.get(path);
    if (readers === undefined) continue;
    for (const r of readers instanceof Set ? readers : [readers]) if (!removed.has(r)) candidates.add(r);
  }
  // Each candidate is decided as ./decide.ts decides every route.
  const render: PlannedRoute[] = [];
  for (const route of [...candidates].sort(routeOrder)) {
    const prev = previous.routes.get(route.file);
    const hash = prev && prev.path === route.path ? input.hashOf(route) : undefined;
    if (hash !== undefined && prev!.depsHash === hash) continue;
    render.push(route);
    if (hash !== undefined) input.changedHashes.set(route, hash);
  }
  // Route files are unique: a file of a route gone is deleted unless a new route writes it.
  const addedFiles = new Set(alignment.added.map((r) => r.file));
  const deleted = alignment.removed.map((r) => r.file).filter((f) => !addedFiles.has(f) && previous.routes.has(f)).sort(byCode);
  const rendered = new Set(render);
  let reuse: { route: PlannedRoute; previous: RouteState }[] | undefined;
  return {
    reason: 'incremental',
    render,
    reused: routes.length - render.length,
    get reuse() {
      return (reuse ??= routes.filter((r) => !rendered.has(r)).map((route) => ({ route, previous: previous.routes.get(route.file)! })));
    },
    deleted,
  };
}

/**
 * Keeps the routes and readers with a state a rehearsal found current (nothing rendered, gone or
 * changed), so the first story decides without walking. Once per state and snapshot state.
 */
export function keepAlignmentOfCurrent(session: IncrementalKept | undefined, state: BuildState, routes: readonly PlannedRoute[], snapshotState: string | undefined): void {
  const kept = session?.alignments.get(state);
  if (kept && kept.routes === routes && kept.snapshotState === snapshotState) return;
  keepAlignment(session, state, routes, snapshotState, {});
}

/**
 * Keeps with the state a build made its routes and readers: taken over from the previous state's,
 * patched, when there is one, else made by a walk (once per session). Nothing without a session.
 */
export function keepAlignment(session: IncrementalKept | undefined, state: BuildState, routes: readonly PlannedRoute[], snapshotState: string | undefined, from: { previous?: BuildState; alignment?: Alignment }): void {
  if (!session || snapshotState === undefined) return;
  const kept = session.alignments;
  const { alignment } = from;
  if (alignment && from.previous && kept.get(from.previous) === alignment.kept) {
    const { readers } = alignment.kept;
    for (const r of alignment.removed) for (const dep of r.deps) removeReader(readers, dep, r);
    for (const r of alignment.added) addReader(readers, r);
    kept.delete(from.previous);
    kept.set(state, { routes, readers, snapshotState });
    return;
  }
  for (let i = 1; i < routes.length; i++) if (routeOrder(routes[i - 1], routes[i]) >= 0) return;
  const readers = new Map<string, Readers>();
  for (const r of routes) addReader(readers, r);
  kept.set(state, { routes, readers, snapshotState });
}

function addReader(readers: Map<string, Readers>, route: PlannedRoute): void {
  for (const dep of route.deps) {
    const had = readers.get(dep);
    if (had === undefined || had === route) readers.set(dep, route);
    else if (had instanceof Set) had.add(route);
    else readers.set(dep, new Set([had, route]));
  }
}

function removeReader(readers: Map<string, Readers>, dep: string, route: PlannedRoute): void {
  const had = readers.get(dep);
  if (had === route) readers.delete(dep);
  else if (had instanceof Set && had.delete(route) && had.size === 1) readers.set(dep, had.values().next().value!);
}
