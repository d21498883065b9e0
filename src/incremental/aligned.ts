// The decision of a change-driven build at the cost of the change (docs/decisions/0068-kept-state.md).
// ./decide.ts looks at every route: at 50,000 posts a walk of 50,000 routes and their deps,
// about a tenth of a second per publish even when every answer is kept. A process that
// publishes again keeps, with the state of each build it published, the routes that state was
// made from and which routes read each API path. The next build then looks only at the routes
// that are not the very objects of that list (new, gone or replaced: the plan gives the same
// object back for an unchanged route) and at the routes reading an API path that changed since
// (Snapshot.changesSince). Every other route is the same route, reading the same entries, so
// its page is the one the state names: reused, as the walk would find it.
//
// What is kept belongs to one state, in the session's IncrementalKept.alignments: the next state
// takes it over (patched by the change) only once the build has made that state, so a build that
// fails or only rehearses leaves it as it was, and a build from a state without it (the first
// after start, a different process, a one-off build with no session) walks as before.
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
 * The decision of an incremental build from its alignment with the previous state, when the
 * snapshot can say which API paths changed since that state's (else undefined: decide walks).
 * Its `reuse` is made only if read (emit starting from the previous release does not).
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
 * Keeps, with a state a build found current without making a new one (pressroom watch's
 * rehearsal of no change: no route rendered or gone, no output file changed), those routes and
 * their readers: the first story after start then decides from them instead of walking. Made
 * once per state and snapshot state (a second rehearsal on the same finds them kept).
 */
export function keepAlignmentOfCurrent(session: IncrementalKept | undefined, state: BuildState, routes: readonly PlannedRoute[], snapshotState: string | undefined): void {
  const kept = session?.alignments.get(state);
  if (kept && kept.routes === routes && kept.snapshotState === snapshotState) return;
  keepAlignment(session, state, routes, snapshotState, {});
}

/**
 * Keeps, with the state a build made, its routes and their readers for the next build: taken over
 * from the previous state's (patched by the alignment) when there is one, else made (a walk of
 * every route, once per session). Nothing without a session (a one-off build).
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
