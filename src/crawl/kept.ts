// What the crawl stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import { Slot } from '../runtime/kept.ts';
import { BodyStore } from '../snapshot/body-store.ts';
import type { ListIndex } from './collections.ts';
import type { ContentIdKept, KeptRuns } from '../snapshot/content-id.ts';
import type { CompleteState, WantedCounts } from './discover.ts';
import type { PrunedState } from './prune.ts';
import { SanitisedCache, SANITISED_MAX_SESSION } from './sanitise.ts';
import { oneOffBodies, type SnapshotBodies } from '../snapshot/snapshot-files.ts';

/** The crawl stage's memory between the builds of one session. */
export interface CrawlKept extends ContentIdKept {
  /**
   * How many routes and fetches want each path, with their lists (./discover.ts): the next answer
   * counts only what came and went, not a set of 300,000 deps at 50,000 posts.
   */
  readonly wanted: Slot<WantedCounts>;
  /** The last state found complete: a copy of it lacks only what became wanted or was deleted since. */
  complete: CompleteState | undefined;
  /** The last state pruned (./prune.ts): a copy lost only what changed since or left the wanted list. */
  pruned: PrunedState | undefined;
  /** Each listing's index (./collections.ts), patched by changed pages: rebuilding was 30 ms an edit. */
  readonly listIndexes: Map<string, ListIndex>;
  /** The last snapshot's content runs (../snapshot/content-id.ts): rehashing all was 55 ms a publish. */
  readonly contentRuns: Slot<KeptRuns>;
  /** The sanitiser's results (./sanitise.ts): a session sanitises the same bodies on every re-read. */
  readonly sanitised: SanitisedCache;
  /** The paths holding quarantined records, in order: a copy's changed paths alone are looked at again. */
  quarantinedPaths: { state: string; paths: readonly string[] } | undefined;
  /**
   * The session's body store (SnapshotBodies), for its life, growing a few KB a publish. Listings are
   * kept parsed, so the plan reads unchanged ones without parsing again.
   */
  readonly bodies: SnapshotBodies;
}

/** Where a snapshot of this crawl keeps its stored bodies: the session's, else a one-off build's own. */
export const snapshotBodies = (kept: CrawlKept | undefined): SnapshotBodies => kept?.bodies ?? oneOffBodies();

/** An empty one, for a new session. */
export function newCrawlKept(): CrawlKept {
  return {
    wanted: new Slot(),
    complete: undefined,
    pruned: undefined,
    listIndexes: new Map(),
    contentRuns: new Slot(),
    sanitised: new SanitisedCache(SANITISED_MAX_SESSION),
    quarantinedPaths: undefined,
    bodies: { store: new BodyStore(), listings: false },
  };
}
