// The build state kept with each release (docs/operations.md, "Incremental builds"): per route its
// file, its inputs' hash (`depsHash`) and its HTML's hash and size, plus the build's code hash. The
// next build compares its hashes with these to decide what to render.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import pLimit from 'p-limit';
import { pressroomError } from '../errors/errors.ts';
import { PrintedRuns } from '../lists/printed-runs.ts';
import { byCodeUnits, patchedList } from '../lists/sorted.ts';
import type { Slot } from '../runtime/kept.ts';

/** What a publish session keeps to print the next state by its change (src/incremental/kept.ts IncrementalKept extends it). */
export interface StateKept {
  /** The state's parts printed in kept runs (src/lists/printed-runs.ts): only changed routes print. */
  readonly parts: PrintedRuns<RouteState>;
  /** The last state printed and its routes in file order, where a patched state is placed (patchedList). */
  readonly lastOrder: Slot<{ state: BuildState; order: readonly RouteState[] }>;
  /** A state patched from another (src/incremental/index.ts nextState): placed in its order, not sorted. */
  readonly patchedFrom: WeakMap<BuildState, StatePatch>;
}

/** The state file's format: 2 names its parts in the object store, 1 (read still) held the routes inline. */
export const STATE_VERSION = 2;

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
  /** sha256 of everything code-like: sources, template, bundle, config, versions (../incremental/code-hash.ts). */
  codeHash: string;
  /** sha256 of the configuration alone (../incremental/code-hash.ts configHash), so the next build can say a change of it was not one of the code. */
  configHash?: string;
  /**
   * The id of the snapshot this release was rendered from (src/pipeline/shard.ts snapshotId). A
   * change-driven build starts only from this snapshot: one killed before saving must not be built on.
   */
  snapshot?: string;
  /** ISO-8601: until then a later clock publishes this snapshot byte for byte alike (src/plan/clock-bound.ts). */
  validUntil?: string;
  /** By output file (printed sorted). A Map: many times faster than an object at 50,000 keys. */
  routes: RouteStates;
}

/** The routes' states by file: a Map, or (a change-driven build's) the previous state's under an overlay of its changes (src/lists/overlay-map.ts). */
export interface RouteStates extends ReadonlyMap<string, RouteState> {
  set(file: string, route: RouteState): unknown;
  delete(file: string): boolean;
}

/** How a state was made from another by setting and deleting a few routes (StateKept.patchedFrom). */
export interface StatePatch {
  from: BuildState;
  removed: readonly RouteState[];
  added: readonly RouteState[];
}

/** Notes, in what the session keeps, that `state` is `from` patched (nothing without a session: no next build places it). */
export function notePatched(kept: StateKept | undefined, state: BuildState, from: BuildState, removed: readonly RouteState[], added: readonly RouteState[]): void {
  kept?.patchedFrom.set(state, { from, removed, added });
}

export function emptyState(codeHash: string): BuildState {
  return { version: STATE_VERSION, codeHash, routes: new Map() };
}

// The state file (docs/operations.md, "What sits beside `out/`") is an index naming parts by sha256,
// each a JSON object of a run of routes in file order (cut by the routes' hashes, so a change touches
// its own part). Parts live in the release object store (src/publish/objects.ts): a publish writes
// its changed parts and an index of a few KB, not 15 MB at 50,000 posts. Format 1 (routes inline) is
// still read. A session keeps the printed runs (StateKept.parts).
const STATE_FRAME = { head: '{\n', tail: '\n}\n' };

/** The printer of a state's parts: one that keeps its runs for the next publish (a session's), or one that prints once. */
export function statePrinter(keeps: boolean): PrintedRuns<RouteState> {
  return new PrintedRuns<RouteState>((route) => `  ${JSON.stringify(route.file)}: ${JSON.stringify(route)}`, ',\n', STATE_FRAME, { keeps });
}

const byFile = (a: RouteState, b: RouteState) => byCodeUnits(a.file, b.file);

/** A part of the state file: its bytes and the sha256 that names it. */
export interface StatePart {
  readonly sha256: string;
  readonly size: number;
  readonly bytes: Buffer;
}

/** Reads a part's bytes by its sha256 (from the release object store). */
export type StatePartReader = (sha256: string) => Promise<Buffer>;

// The parts each state was written with or read from: what a state patched from it knows is stored.
// A side table of the state objects, keyed by the object and living as long as it, so two sites'
// builds share nothing through it.
const PARTS_OF = new WeakMap<BuildState, ReadonlySet<string>>();

/** The sha256 of the parts `state` was written with or read from (empty when not known). */
export function knownParts(state: BuildState | undefined): ReadonlySet<string> {
  return (state && PARTS_OF.get(state)) ?? new Set();
}

/**
 * The state's routes sorted by file, in parts (a session reuses the last runs). A route is printed
 * under its stored key, which is its `file` unless a state file was hand-edited.
 */
export function* stateParts(state: BuildState, kept?: StateKept): Generator<StatePart> {
  const last = kept?.lastOrder.take();
  const patch = kept?.patchedFrom.get(state);
  const placed = last && patch?.from === last.state ? patchedList(last.order, new Set(patch.removed), [...patch.added], byFile) : null;
  const printer = kept?.parts ?? statePrinter(false);
  if (placed) {
    kept?.lastOrder.keep({ state, order: placed });
    yield* printer.parts(placed);
    return;
  }
  const files = [...state.routes.keys()].sort(byCodeUnits);
  const routes = files.map((f) => state.routes.get(f)!);
  if (routes.every((r, i) => r.file === files[i])) {
    kept?.lastOrder.keep({ state, order: routes });
    yield* printer.parts(routes);
    return;
  }
  // Printed once, under their keys, without the kept runs.
  const odd = new PrintedRuns<{ sha256: string; key: string; route: RouteState }>((x) => `  ${JSON.stringify(x.key)}: ${JSON.stringify(x.route)}`, ',\n', STATE_FRAME, { keeps: false });
  yield* odd.parts(routes.map((route, i) => ({ sha256: route.sha256, key: files[i], route })));
}

/** The state file's text: the index of the parts `stateParts` gave, in their order; noted as the parts `state` is written with. */
export function stateIndexText(state: BuildState, parts: readonly { sha256: string; size: number }[]): string {
  PARTS_OF.set(state, new Set(parts.map((p) => p.sha256)));
  const snap = state.snapshot ? `, "snapshot": ${JSON.stringify(state.snapshot)}` : '';
  const config = state.configHash ? `, "configHash": ${JSON.stringify(state.configHash)}` : '';
  const until = state.validUntil ? `, "validUntil": ${JSON.stringify(state.validUntil)}` : '';
  return `{"version": ${state.version}, "codeHash": ${JSON.stringify(state.codeHash)}${config}${snap}${until}, "parts": [\n${parts.map((p) => `  {"sha256": "${p.sha256}", "size": ${p.size}}`).join(',\n')}\n]}\n`;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Reads a state file and its parts; missing or damaged is `undefined`: a damaged state only costs a
 * full build, never a wrong one.
 */
export async function readState(file: string, readPart: StatePartReader): Promise<BuildState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: (e as Error).message }, e);
  }
  const v = stateHeadOf(text);
  if (!v) return undefined;
  if (typeof v.version === 'number' && v.version > STATE_VERSION) throw pressroomError('PR_STATE_NEWER', { what: 'build state', dir: dirname(file), found: v.version, supported: STATE_VERSION });
  const head = headFields(v);
  // Format 1: the routes inline.
  if (v.version === 1) return isObject(v.routes) ? { ...head, routes: new Map(Object.entries(v.routes as Record<string, RouteState>)) } : undefined;
  if (v.version !== STATE_VERSION || !Array.isArray(v.parts)) return undefined;
  const parts = v.parts as { sha256?: unknown }[];
  if (!parts.every((p) => typeof p?.sha256 === 'string' && SHA256.test(p.sha256))) return undefined;
  // Read a few at a time (hundreds of parts at 50,000 posts), merged in the index's order.
  const limit = pLimit(16);
  const runs = await Promise.all(
    (parts as { sha256: string }[]).map(({ sha256 }) =>
      limit(async () => {
        const bytes = await readPart(sha256).catch(() => null);
        if (!bytes || createHash('sha256').update(bytes).digest('hex') !== sha256) return undefined;
        try {
          const run: unknown = JSON.parse(bytes.toString('utf8'));
          return isObject(run) ? (run as Record<string, RouteState>) : undefined;
        } catch {
          return undefined;
        }
      }),
    ),
  );
  const routes = new Map<string, RouteState>();
  for (const run of runs) {
    if (!run) return undefined;
    for (const [key, route] of Object.entries(run)) routes.set(key, route);
  }
  const state: BuildState = { ...head, routes };
  PARTS_OF.set(state, new Set(parts.map((p) => p.sha256 as string)));
  return state;
}

type StateText = { version?: unknown; codeHash: string; configHash?: unknown; snapshot?: unknown; validUntil?: unknown; routes?: unknown; parts?: unknown };

function stateHeadOf(text: string): StateText | undefined {
  let v: StateText;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof v?.codeHash !== 'string' || (v.snapshot !== undefined && typeof v.snapshot !== 'string')) return undefined;
  return v;
}

function headFields(v: StateText): Omit<BuildState, 'routes'> {
  const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
  const head: Omit<BuildState, 'routes'> = { version: STATE_VERSION, codeHash: v.codeHash };
  if (str(v.configHash)) head.configHash = str(v.configHash);
  if (str(v.snapshot)) head.snapshot = str(v.snapshot);
  if (str(v.validUntil) && Number.isFinite(Date.parse(v.validUntil as string))) head.validUntil = str(v.validUntil);
  return head;
}

/** A state file's head without its parts (src/pipeline/unchanged.ts: what a run that may find nothing to do reads), or undefined. */
export async function readStateHead(file: string): Promise<Omit<BuildState, 'routes'> | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const v = text === undefined ? undefined : stateHeadOf(text);
  return v && (v.version === 1 || v.version === STATE_VERSION) ? headFields(v) : undefined;
}

/** The sha256 of the parts a state file names, as far as it can be read (none for a missing or damaged file, or one of format 1). */
export async function statePartNames(file: string): Promise<string[]> {
  try {
    const parts = (JSON.parse(await readFile(file, 'utf8')) as { parts?: unknown }).parts;
    return Array.isArray(parts) ? parts.flatMap((p: { sha256?: unknown }) => (typeof p?.sha256 === 'string' && SHA256.test(p.sha256) ? [p.sha256] : [])) : [];
  } catch {
    return [];
  }
}

const isObject = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
