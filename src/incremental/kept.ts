// What the incremental stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import { Slot } from '../core/kept.ts';
import type { PrintedRuns } from '../core/printed-runs.ts';
import type { KeptAlignment } from './aligned.ts';
import type { KeptHash } from './decide.ts';
import { statePrinter, type BuildState, type RouteState, type StatePatch } from './state.ts';

/** The incremental stage's memory between the builds of one session. */
export interface IncrementalKept {
  /**
   * With the state of each build the session published, the routes that state was made from and
   * which routes read each API path (./aligned.ts): the next build looks only at the routes that
   * changed and those reading a changed path, instead of walking every route. It belongs to one
   * state: the next state takes it over only once a build has made that state.
   */
  readonly alignments: WeakMap<BuildState, KeptAlignment>;
  /**
   * A route's hash, kept with the planned route (src/plan keeps those per spec) and the entries of
   * its deps it was made from (./decide.ts keptDepsHashes): a change-driven build hashes again only
   * the routes a changed response feeds.
   */
  readonly hashes: WeakMap<object, KeptHash>;
  /**
   * The state file's parts, printed in runs whose bytes are kept (src/core/printed-runs.ts): a
   * publish prints only the runs of the routes it changed (./state.ts stateParts).
   */
  readonly parts: PrintedRuns<RouteState>;
  /**
   * The last state printed and its routes in file order: the next state, patched from it, is placed
   * in that order at the few places that changed (src/core/sorted.ts patchedList).
   */
  readonly lastOrder: Slot<{ state: BuildState; order: readonly RouteState[] }>;
  /**
   * A state made from another by setting and deleting a few routes (./index.ts nextState): what
   * stateParts then places in the last state's file order instead of sorting and looking up every
   * file again.
   */
  readonly patchedFrom: WeakMap<BuildState, StatePatch>;
}

/** An empty one, for a new session. */
export function newIncrementalKept(): IncrementalKept {
  return {
    alignments: new WeakMap(),
    hashes: new WeakMap(),
    parts: statePrinter(true),
    lastOrder: new Slot(),
    patchedFrom: new WeakMap(),
  };
}
