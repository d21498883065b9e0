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
import type { EmittedPage, ManifestEntry } from '../emit/index.ts';
import type { PreviousFiles } from '../emit/writer.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { SnapshotView } from '../site/types.ts';
import { decide, keptDepsHash, type Decision } from './decide.ts';
import { STATE_VERSION, type BuildState } from './state.ts';

export { codeHash } from './code-hash.ts';
export type { Decision, DecisionReason } from './decide.ts';

const MANIFEST_FILE = 'pressroom-manifest.json';

export interface IncrementalStep {
  decision: Decision<PlannedRoute>;
  /** The release pages are carried over from (the one out/ holds now). */
  previousRelease?: string;
  /** Its files and their sha256, so emit can carry over any regenerated file with equal bytes. */
  previousFiles?: PreviousFiles;
  /** depsHash by output file, for the next state. */
  hashes: Map<string, string>;
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
    }
  | undefined;

export async function incrementalStep(input: {
  previous: PreviousRelease;
  routes: readonly PlannedRoute[];
  snapshot: SnapshotView;
  codeHash: string;
  full?: boolean;
  /** The saved snapshot and its id (src/pipeline/shard.ts snapshotId). */
  previousSnapshot?: { snapshot: SnapshotView; id: string };
}): Promise<IncrementalStep> {
  const hashes = new Map(input.routes.map((r) => [r.file, keptDepsHash(r, input.snapshot)]));
  const prev = input.previous;
  const decision = decide({ previous: prev?.state, codeHash: input.codeHash, routes: input.routes, hashOf: (r) => hashes.get(r.file)!, full: input.full });
  if (!prev) return { decision, hashes };
  const { files, sizes } = manifestHashes(prev.manifest);
  // The snapshot the previous release was rendered from, when the saved one is it and the code is the same
  // (the code writes the mirror): its entry hashes carry unchanged mirror files unread.
  const from = decision.reason === 'incremental' && input.previousSnapshot && prev.state.snapshot !== undefined && prev.state.snapshot === input.previousSnapshot.id ? input.previousSnapshot.snapshot : undefined;
  // A release of the object store is out/ itself: an incremental build then stages only what changed (src/publish/spare.ts).
  const inPlace = decision.reason === 'incremental' && prev.record !== undefined;
  return { decision, hashes, previousRelease: prev.id, previousFiles: { root: prev.site, files, sizes, inPlace, ...(from ? { entryHash: (path: string) => from.get(path)?.hash } : {}) } };
}

// Parsed once per manifest Buffer: a process that publishes again keeps the last one (src/publish/releases.ts KeptRelease).
const PARSED = new WeakMap<Buffer, { files: Map<string, string>; sizes: Map<string, number> }>();

function manifestHashes(bytes: Buffer | null): { files: Map<string, string>; sizes: Map<string, number> } {
  if (!bytes) return { files: new Map(), sizes: new Map() };
  let parsed = PARSED.get(bytes);
  if (!parsed) PARSED.set(bytes, (parsed = parseManifest(bytes)));
  return parsed;
}

/**
 * What parsing these manifest bytes would give, from the entries emit wrote them from: a
 * process that publishes again (src/publish/releases.ts KeptRelease) then never parses its
 * own last manifest.
 */
export function rememberManifest(bytes: Buffer, entries: readonly ManifestEntry[], sha256: string): void {
  const files = new Map<string, string>();
  const sizes = new Map<string, number>();
  for (const f of entries) {
    files.set(f.path, f.sha256);
    sizes.set(f.path, f.size);
  }
  files.set(MANIFEST_FILE, sha256);
  PARSED.set(bytes, { files, sizes });
}

function parseManifest(bytes: Buffer | null): { files: Map<string, string>; sizes: Map<string, number> } {
  try {
    if (!bytes) throw new Error('no manifest');
    const m = JSON.parse(bytes.toString('utf8')) as { files?: ManifestEntry[] };
    // The manifest does not list itself; its own hash lets emit carry it over
    // too when a rebuild changed nothing, so its mtime stays and rsync-style
    // deploys do not upload it on every run.
    const files = new Map([...(m.files ?? []).map((f): [string, string] => [f.path, f.sha256]), [MANIFEST_FILE, createHash('sha256').update(bytes).digest('hex')]]);
    return { files, sizes: new Map((m.files ?? []).map((f) => [f.path, f.size])) };
  } catch {
    return { files: new Map(), sizes: new Map() };
  }
}

/**
 * The pages emit writes, in plan order: carried-over pages (no render) and
 * rendered ones. `render` is the pipeline's renderer stream for a subset of routes.
 */
export async function* mergedPages(step: IncrementalStep, routes: readonly PlannedRoute[], rendered: AsyncIterable<EmittedPage>): AsyncGenerator<EmittedPage> {
  const reused = new Map(step.decision.reuse.map((x) => [x.route.file, x.previous]));
  for (const route of routes) {
    const prev = reused.get(route.file);
    if (!prev) continue;
    yield { path: route.path, file: route.file, html: '', reuse: { sha256: prev.sha256, size: prev.size } };
  }
  yield* rendered;
}

/** The state of this build, from its routes and what emit wrote. */
export function nextState(codeHash: string, routes: readonly PlannedRoute[], step: IncrementalStep, manifest: readonly ManifestEntry[], snapshot?: string): BuildState {
  const byPath = new Map(manifest.map((f) => [f.path, f]));
  const state: BuildState = { version: STATE_VERSION, codeHash, ...(snapshot ? { snapshot } : {}), routes: {} };
  const before = new Map(step.decision.reuse.map((x) => [x.route.file, x.previous]));
  for (const r of routes) {
    const f = byPath.get(r.file)!;
    const depsHash = step.hashes.get(r.file)!;
    const prev = before.get(r.file);
    // An unchanged route keeps its previous entry object, whose line ./state.ts has printed already.
    state.routes[r.file] = prev && prev.path === r.path && prev.depsHash === depsHash && prev.sha256 === f.sha256 && prev.size === f.size ? prev : { path: r.path, file: r.file, depsHash, sha256: f.sha256, size: f.size };
  }
  return state;
}
