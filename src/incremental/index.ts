// The incremental step of a build (docs/operations.md, "Incremental builds"), as the
// pipeline uses it: read the state of the release out/ holds now, decide per
// route (./decide.ts), hand emit a page stream in which unchanged pages are
// carried over from that release instead of rendered, and, once emit has
// written everything, make the new state from emit's manifest.
//
// Why an incremental build equals a full one byte for byte: only page HTML is
// ever reused, and only when every input of the page (its deps' snapshot
// hashes, the route, the code hash) is the one that produced it; rendering is
// deterministic (src/render), so rendering again would give the same bytes.
// Everything else (mirror, sitemaps, redirects, bundle, manifest) is
// regenerated from the full plan every time; emit carries a regenerated file
// over from the previous release only when its bytes are equal (same sha256),
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
  // A route's hash is made when first asked: the decision asks for the routes the previous state has
  // (and keeps those that changed), the next state for the routes rendered without one.
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
  // The snapshot the previous release was rendered from, when the saved one is it and the code is the same
  // (the code writes the mirror): its entry hashes carry unchanged mirror files unread.
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
 * The previous release's files by its manifest (its index and the parts named there, read in
 * `site`), the manifest's own files included: emit carries each unchanged one over (the index
 * too, when a rebuild changed nothing, so its mtime stays and rsync-style deploys do not upload
 * it on every run). A manifest that cannot be read whole is no previous files: every file is
 * written again. Read once per build, by its incremental step (a session keeps its last
 * manifest's entries instead, src/publish/releases.ts KeptRelease, and reads none).
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
 * The state of this build, from its routes and what emit wrote (`files`: its entries by path).
 * An incremental build's is the previous state patched by the decision (its unchanged routes
 * keep their entry objects, whose lines ../publish/build-state.ts has printed); any other build's is made
 * from every route, all of which it rendered.
 */
export function nextState(codeHash: string, routes: readonly PlannedRoute[], step: IncrementalStep, files: ReadonlyMap<string, ManifestEntry>, snapshot?: string): BuildState {
  const state: BuildState = { version: STATE_VERSION, codeHash, ...(step.configHash ? { configHash: step.configHash } : {}), ...(snapshot ? { snapshot } : {}), routes: new Map() };
  const entryOf = (r: PlannedRoute): RouteState => {
    const f = files.get(r.file)!;
    return { path: r.path, file: r.file, depsHash: step.hashOf(r), sha256: f.sha256, size: f.size };
  };
  const before = step.previousState;
  if (step.decision.reason === 'incremental' && before) {
    // Each route was reused (its page carried with its previous entry, which stays) or rendered
    // (its inputs or path changed: a new entry), and the previous files of no route are deleted:
    // the previous state patched by the decision is the state a walk of every route would make,
    // at the cost of the change, not of 50,000 routes looked up twice each or copied.
    // The previous routes under an overlay of these changes: not a copy of 50,000 of them.
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
