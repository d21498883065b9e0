// What the incremental stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import type { KeptAlignment } from './aligned.ts';
import type { KeptHash } from './decide.ts';
import { Slot } from '../runtime/kept.ts';
import { statePrinter, type BuildState, type StateKept } from '../publish/build-state.ts';

/** The incremental stage's memory between the builds of one session. */
export interface IncrementalKept extends StateKept {
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
