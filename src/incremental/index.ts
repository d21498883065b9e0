// The incremental step of a build (docs/operations.md, "Incremental builds"): read the state of the
// release out/ holds, decide per route (./decide.ts), give emit a page stream in which unchanged pages
// are carried over, and make the new state from emit's manifest.
//
// An incremental build equals a full one byte for byte: only page HTML is reused, only when every
// input (deps' hashes, route, code hash) is the one that produced it, and rendering is deterministic.
// Everything else is regenerated every time; emit carries a file over only when its bytes are equal,
// which keeps its mtime and nothing else.
import { createHash } from 'node:crypto';
import type { ManifestEntry } from '../emit/index.ts';
import { partsIn, readSiteFiles } from '../emit/manifest-read.ts';
import type { PreviousFiles } from '../emit/writer.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { SnapshotView } from '../site/types.ts';
import { alignedDecision, alignmentOf, keepAlignment, type Alignment } from './aligned.ts';
import { decide, keptDepsHashes, type Decision } from './decide.ts';
import type { IncrementalKept } from './kept.ts';
import { notePatched, STATE_VERSION, type BuildState, type RouteState } from '../publish/build-state.ts';
import { OverlayMap } from '../lists/overlay-map.ts';

export { codeHash, configHash } from './code-hash.ts';
export { keepAlignmentOfCurrent } from './aligned.ts';
export type { Decision, DecisionReason } from './decide.ts';

export interface IncrementalStep {
  decision: Decision<PlannedRoute>;
  /** The release pages are carried over from (the one out/ holds now). */
  previousRelease?: string;
  /** Its files and their sha256, so emit can carry over any regenerated file with equal bytes. */
  previousFiles?: PreviousFiles;
  /** A route's depsHash (src/incremental/decide.ts), for the next state: kept for the routes rendered, else made when asked. */
  hashOf(route: PlannedRoute): string;
  /** The state of the release pages are carried over from: the next state starts from it (nextState). */
  previousState?: BuildState;
  /** How the routes differ from those of the previous state, when it kept them (./aligned.ts): the next state keeps them patched. */
  alignment?: Alignment;
  /** The snapshot's state (Snapshot.state), kept with the next state. */
  snapshotState?: string;
  /** Whether the decision was made from what the process kept with the previous state (./aligned.ts), not by a walk of every route. */
  decidedFromKept: boolean;
  /** The configuration's hash, kept with the next state. */
  configHash?: string;
  /** What the session keeps for its next build (undefined in a one-off build): nextState keeps the next state's part in it. */
  kept?: IncrementalKept;
}

/** The release out/ holds now, as src/publish/releases.ts currentState reads it (undefined on a first build). */
export type PreviousRelease =
  | {
      id: string;
      state: BuildState;
      /** Where its files are. */
      site: string;
      /** Present when it is a release of the object store whose files are out/ itself. */
      record?: unknown;
      /** The bytes of its manifest file. */
      manifest: Buffer | null;
      /** Its manifest's entries by path, when a process kept them (src/publish/releases.ts KeptRelease): then not parsed from `manifest`. */
      files?: KnownFiles;
    }
  | undefined;

export async function incrementalStep(input: {
  previous: PreviousRelease;
  routes: readonly PlannedRoute[];
  snapshot: SnapshotView;
  codeHash: string;
  /** The configuration's own hash (./code-hash.ts configHash): a decision to render everything names a change of it. */
  configHash?: string;
  full?: boolean;
  /** The saved snapshot and its id (src/pipeline/shard.ts snapshotId). */
  previousSnapshot?: { snapshot: SnapshotView; id: string };
  /** What the publish session keeps between builds; none in a one-off build. */
  kept?: IncrementalKept;
}): Promise<IncrementalStep> {
  const { kept } = input;
  // Hashes are made when first asked (the decision's and the next state's routes).
  const hash = keptDepsHashes(input.snapshot, kept);
  const changedHashes = new Map<PlannedRoute, string>();
  const hashOf = (r: PlannedRoute): string => changedHashes.get(r) ?? hash(r);
  const prev = input.previous;
  // An incremental build from a state the session kept looks at the routes that changed and those reading a changed API path only.
  const incremental = prev !== undefined && !input.full && prev.state.codeHash === input.codeHash;
  const alignment = incremental ? alignmentOf(kept, prev.state, input.routes) : undefined;
  const aligned = alignment && alignedDecision({ previous: prev!.state, alignment, snapshot: input.snapshot, routes: input.routes, hashOf: hash, changedHashes });
  const decision = aligned ?? decide({ previous: prev?.state, codeHash: input.codeHash, configHash: input.configHash, routes: input.routes, hashOf: hash, full: input.full, changedHashes });
  const decidedFromKept = aligned !== undefined;
  const snapshotState = input.snapshot.state;
  // Every route is rendered: hashed now, as before a build renders (not at its end, where a full build's memory peaks).
  if (decision.reason !== 'incremental') for (const r of input.routes) changedHashes.set(r, hash(r));
  const configHash = input.configHash;
  if (!prev) return { decision, hashOf, snapshotState, decidedFromKept, configHash, kept };
  const files = prev.files ?? (await manifestFiles(prev.manifest, prev.site));
  // The snapshot the previous release came from, when the saved one is it and the code is the same:
  // its entry hashes carry unchanged mirror files unread.
  const from = decision.reason === 'incremental' && input.previousSnapshot && prev.state.snapshot !== undefined && prev.state.snapshot === input.previousSnapshot.id ? input.previousSnapshot.snapshot : undefined;
  // A release of the object store is out/ itself: an incremental build then stages only what changed (src/publish/spare.ts).
  const inPlace = decision.reason === 'incremental' && prev.record !== undefined;
  // The API paths changed since that snapshot, when this one is a copy of it (a change-driven crawl's): emit writes their mirror files only.
  const changedApiPaths = from?.state !== undefined ? input.snapshot.changesSince?.(from.state) : undefined;
  return {
    decision,
    hashOf,
    previousState: prev.state,
    alignment,
    snapshotState,
    decidedFromKept,
    configHash,
    kept,
    previousRelease: prev.id,
    previousFiles: { root: prev.site, files, inPlace, ...(from ? { entryHash: (path: string) => from.get(path)?.hash } : {}), ...(changedApiPaths ? { changedApiPaths } : {}) },
  };
}

type KnownFiles = ReadonlyMap<string, ManifestEntry>;

/**
 * The previous release's files by its manifest, the manifest's own files included (the index too,
 * when nothing changed, so its mtime stays and rsync-style deploys skip it). An unreadable manifest
 * is no previous files: all are written. A session uses its kept entries instead (KeptRelease).
 */
function manifestFiles(bytes: Buffer | null, site: string): Promise<KnownFiles> {
  if (!bytes) return Promise.resolve(new Map());
  return readSiteFiles(bytes.toString('utf8'), partsIn(site), createHash('sha256').update(bytes).digest('hex')).catch(() => new Map());
}

/** The unchanged pages emit carries over from the previous release, in plan order (the rendered ones stream in after them): their previous state, which names each file with its hash and size. */
export function reusedPages(step: IncrementalStep): RouteState[] {
  return step.decision.reuse.map((x) => x.previous);
}

/**
 * This build's state from its routes and emit's entries. An incremental build's is the previous state
 * patched by the decision (unchanged routes keep their entry objects); any other's is made whole.
 */
export function nextState(codeHash: string, routes: readonly PlannedRoute[], step: IncrementalStep, files: ReadonlyMap<string, ManifestEntry>, snapshot?: string, validUntil?: string): BuildState {
  const state: BuildState = { version: STATE_VERSION, codeHash, ...(step.configHash ? { configHash: step.configHash } : {}), ...(snapshot ? { snapshot } : {}), ...(validUntil ? { validUntil } : {}), routes: new Map() };
  const entryOf = (r: PlannedRoute): RouteState => {
    const f = files.get(r.file)!;
    return { path: r.path, file: r.file, depsHash: step.hashOf(r), sha256: f.sha256, size: f.size };
  };
  const before = step.previousState;
  if (step.decision.reason === 'incremental' && before) {
    // Each route was reused (its entry stays) or rendered (a new entry), and no route's previous file
    // is deleted: the previous state patched, under an overlay, is what a walk would make.
    state.routes = OverlayMap.from(before.routes);
    const removed: RouteState[] = [];
    const added: RouteState[] = [];
    for (const file of step.decision.deleted) {
      const had = state.routes.get(file);
      if (had && state.routes.delete(file)) removed.push(had);
    }
    for (const r of step.decision.render) {
      const had = state.routes.get(r.file);
      if (had) removed.push(had);
      const now = entryOf(r);
      state.routes.set(r.file, now);
      added.push(now);
    }
    notePatched(step.kept, state, before, removed, added);
    keepAlignment(step.kept, state, routes, step.snapshotState, { previous: before, alignment: step.alignment });
    return state;
  }
  // A full, first or code-changed build rendered every route: each gets its entry.
  for (const r of routes) state.routes.set(r.file, entryOf(r));
  keepAlignment(step.kept, state, routes, step.snapshotState, {});
  return state;
}
