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
   * How many of the catalogue's routes and fetches want each path, with the lists they came
   * from (./discover.ts): the next answer counts only the routes and fetches that came and went
   * (src/lists/list-change.ts), and patches the sorted list by the paths no longer wanted and
   * newly wanted, instead of a set of some 300,000 deps at 50,000 posts.
   */
  readonly wanted: Slot<WantedCounts>;
  /**
   * The last snapshot state found complete (every wanted path in it), with its wanted list and
   * kinds (./discover.ts): a snapshot copied from it can lack only what became wanted since or
   * was deleted since.
   */
  complete: CompleteState | undefined;
  /**
   * The last snapshot state pruned (./prune.ts), with the wanted list and the kept paths it was
   * pruned against: a copy of it can have lost only what changed since, or left the wanted list.
   */
  pruned: PrunedState | undefined;
  /**
   * Each listing's index (./collections.ts), by the listing's name, patched by the pages whose
   * entries changed: at 50,000 posts, listing every post of a category again and counting those
   * before the post's new place was about 30 ms of an edit's main thread.
   */
  readonly listIndexes: Map<string, ListIndex>;
  /**
   * The runs of the last snapshot named (../snapshot/content-id.ts), brought up to date by the paths
   * changed since: hashing every entry's line was about 55 ms and 20 MB of strings after each
   * publish at 50,000 posts, for a story that changed a dozen entries.
   */
  readonly contentRuns: Slot<KeptRuns>;
  /** The sanitiser's results (./sanitise.ts): a session sanitises the same bodies on every re-read. */
  readonly sanitised: SanitisedCache;
  /**
   * The paths of the last snapshot state asked whose entries hold quarantined records, in path
   * order (src/pipeline/quarantine.ts): a change-driven build's snapshot is a copy that names the
   * paths changed since (Snapshot.changesSince), so only those are looked at again.
   */
  quarantinedPaths: { state: string; paths: readonly string[] } | undefined;
  /**
   * Where the session's snapshots keep their stored bodies (../snapshot/snapshot-files.ts SnapshotBodies):
   * one store for the session's life, which only grows by the bodies of changed posts, a few
   * kilobytes a publish. Listings are kept parsed, so a change-driven build's plan reads the
   * listings that did not change without parsing them again.
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
