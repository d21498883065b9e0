// What the incremental stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import type { KeptAlignment } from './aligned.ts';
import type { KeptHash } from './decide.ts';
import { Slot } from '../runtime/kept.ts';
import { statePrinter, type BuildState, type StateKept } from '../publish/build-state.ts';

/** The incremental stage's memory between the builds of one session. */
export interface IncrementalKept extends StateKept {
  /** Each published state's routes and readers (./aligned.ts), taken over only once a build made the next. */
  readonly alignments: WeakMap<BuildState, KeptAlignment>;
  /** A route's hash with the dep entries it came from (./decide.ts keptDepsHashes). */
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
