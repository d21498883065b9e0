// What the emit stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import type { PrintedRuns } from '../core/printed-runs.ts';
import { SortedCache } from '../core/sorted.ts';
import type { SnapshotEntry } from '../site/types.ts';
import { newManifestRuns } from './manifest-text.ts';
import type { KeptSearchIndexes } from './search-parts.ts';
import { byPath, type KeptLayout, type ManifestEntry } from './writer.ts';

/** The emit stage's memory between the builds of one session. */
export interface EmitKept {
  /**
   * An entry's API path and mirror file, kept with the entry: a snapshot shares unchanged entries
   * with the copy a change-driven crawl makes, so a session decodes only the new entries' paths.
   * A one-off build keeps none: it asks once per entry.
   */
  readonly mirrorFiles: WeakMap<SnapshotEntry, { path: string; file: string }>;
  /**
   * The last build's manifest order, patched when few entries are new (src/core/sorted.ts): a
   * carried file keeps its previous entry object (OutputWriter.carry), so a publish that changed
   * a few files sorts those, not the site's.
   */
  readonly byPath: SortedCache<ManifestEntry>;
  /**
   * Each build's layout with its entries by path (OutputWriter.entries, the next build's
   * PreviousFiles.files): with it the next build's writer starts from the previous release's
   * files (OutputWriter.startFromPrevious) instead of carrying them one by one.
   */
  readonly layouts: WeakMap<ReadonlyMap<string, ManifestEntry>, KeptLayout>;
  /** The manifest's parts as printed last (./manifest-text.ts): a publish prints the parts of the files it changed. */
  readonly manifestRuns: PrintedRuns<ManifestEntry>;
  /** The static search index's parts and their files, by the files of the build that wrote them (./search-emit.ts). */
  readonly searchParts: KeptSearchIndexes;
}

/** An empty one, for a new session. */
export function newEmitKept(): EmitKept {
  return {
    mirrorFiles: new WeakMap(),
    byPath: new SortedCache<ManifestEntry>(byPath),
    layouts: new WeakMap(),
    manifestRuns: newManifestRuns(),
    searchParts: new WeakMap(),
  };
}
