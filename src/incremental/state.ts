// The build state kept with each release (docs/operations.md, "Incremental builds"):
// for every route its output file, the hash of its inputs (`depsHash`) and the
// hash and size of the HTML it produced, plus the one code hash of the build.
// The next build compares its own hashes with these to decide what to render.
import { readFile } from 'node:fs/promises';
import { pressroomError } from '../core/errors.ts';
import { PrintedRuns } from '../core/printed-runs.ts';
import { byCodeUnits, patchedList } from '../core/sorted.ts';
import { KeptSlot } from '../core/resident.ts';

export const STATE_VERSION = 1;

export interface RouteState {
  path: string;
  /** Relative to out/. */
  file: string;
  /** sha256 of the route itself and of every dep's snapshot entry hash. */
  depsHash: string;
  /** sha256 and size of the page's HTML, so a reused page enters the manifest without being read. */
  sha256: string;
  size: number;
}

export interface BuildState {
  version: typeof STATE_VERSION;
  /** sha256 of everything code-like: sources, template, bundle, config, versions (./code-hash.ts). */
  codeHash: string;
  /**
   * The id of the snapshot this release was rendered from (src/pipeline/shard.ts
   * snapshotId). A change-driven build starts from the saved snapshot only when
   * it is this one: a build killed after publishing but before saving its
   * snapshot must not be built upon as if its change had not happened.
   */
  snapshot?: string;
  /**
   * By output file (printed sorted). A Map, not an object: a process that publishes again makes a
   * state of the whole site on every publish, and a Map of 50,000 files is built and read many times
   * faster than an object used as a dictionary of as many keys.
   */
  routes: RouteStates;
}

/** The routes' states by file: a Map, or (a change-driven build's) the previous state's under an overlay of its changes (src/core/overlay-map.ts). */
export interface RouteStates extends ReadonlyMap<string, RouteState> {
  set(file: string, route: RouteState): unknown;
  delete(file: string): boolean;
}

/**
 * A state made from another by setting and deleting a few routes (src/incremental/index.ts
 * nextState): what stateChunks then places in the last state's file order instead of sorting
 * and looking up every file again.
 */
const PATCHED_FROM = new WeakMap<BuildState, { from: BuildState; removed: readonly RouteState[]; added: readonly RouteState[] }>();

export function notePatched(state: BuildState, from: BuildState, removed: readonly RouteState[], added: readonly RouteState[]): void {
  PATCHED_FROM.set(state, { from, removed, added });
}

export function emptyState(codeHash: string): BuildState {
  return { version: STATE_VERSION, codeHash, routes: new Map() };
}

// The routes' lines, in runs whose bytes a process that publishes again keeps (src/core/printed-runs.ts):
// its next state reuses the entry objects of unchanged routes (src/incremental/index.ts nextState),
// so only the runs of changed routes are printed.
const RUNS = new PrintedRuns<RouteState>((route) => `  ${JSON.stringify(route.file)}: ${JSON.stringify(route)}`, ',\n');

// The last state printed and its routes in file order: the next state, patched from it, is placed
// in that order at the few places that changed (src/core/sorted.ts patchedList).
const LAST_ORDER = new KeptSlot<{ state: BuildState; order: readonly RouteState[] }>();
const byFile = (a: RouteState, b: RouteState) => byCodeUnits(a.file, b.file);

/**
 * The state as text (the routes sorted by file, one a line) in pieces of about 40 KB, for writing as they come: at 50,000 posts the
 * text is over 20 MB, and held whole (with its lines) at the end of a build, where its memory peaks.
 */
export function* stateChunks(state: BuildState): Generator<string | Buffer> {
  const snap = state.snapshot ? `, "snapshot": ${JSON.stringify(state.snapshot)}` : '';
  yield `{"version": ${state.version}, "codeHash": ${JSON.stringify(state.codeHash)}${snap}, "routes": {\n`;
  const last = LAST_ORDER.take();
  const patch = PATCHED_FROM.get(state);
  const placed = last && patch?.from === last.state ? patchedList(last.order, new Set(patch.removed), [...patch.added], byFile) : null;
  if (placed) {
    LAST_ORDER.keep({ state, order: placed });
    yield* RUNS.bytes(placed);
  } else {
    const files = [...state.routes.keys()].sort(byCodeUnits);
    const routes = files.map((f) => state.routes.get(f)!);
    // A line names its route by the key it is stored under, which the route's own `file` is
    // unless a state file was edited by hand: then it is printed without the kept runs.
    if (routes.every((r, i) => r.file === files[i])) {
      LAST_ORDER.keep({ state, order: routes });
      yield* RUNS.bytes(routes);
    } else yield routes.map((r, i) => `  ${JSON.stringify(files[i])}: ${JSON.stringify(r)}`).join(',\n');
  }
  yield '\n}}\n';
}

/** Reads a state file; a missing file is `undefined` (first build), a damaged one is an error. */
export async function readState(file: string): Promise<BuildState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: (e as Error).message }, e);
  }
  let v: Omit<BuildState, 'routes'> & { routes: Record<string, RouteState> };
  try {
    v = JSON.parse(text);
  } catch (e) {
    // A damaged state only costs a full build, never a wrong one.
    return undefined;
  }
  if (v?.version !== STATE_VERSION || typeof v.codeHash !== 'string' || typeof v.routes !== 'object' || v.routes === null) return undefined;
  return { ...v, routes: new Map(Object.entries(v.routes)) };
}
