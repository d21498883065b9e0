// Which routes to render, reuse or drop (docs/operations.md, "Incremental builds"). Pure: the previous
// state and this build's routes with their input hashes in, a decision out.
//
// A route's page is reused only when all of this holds, else it is rendered:
// - not `--full`;
// - the code hash equals the previous one (templates, bundle, config, sources, versions);
// - the previous build had a route on the same file and path with the same depsHash (the route
//   itself and the entry hash of every dep).
// Files of routes gone are "deleted": not in the new manifest, removed from the tree swapped in
// (src/publish/spare.ts), and out of the regenerated sitemap.
import { createHash } from 'node:crypto';
import { stableStringify } from '../encoding/json.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';
import type { IncrementalKept } from './kept.ts';
import type { BuildState, RouteState } from '../publish/build-state.ts';

export type DecisionReason = 'full' | 'first-build' | 'code-changed' | 'config-changed' | 'incremental';

export interface Decision<R extends { file: string } = PlannedRoute> {
  reason: DecisionReason;
  render: R[];
  /** How many routes are reused: `reuse`'s length, without making it. */
  reused: number;
  reuse: { route: R; previous: RouteState }[];
  /** Files of the previous build's routes that this build does not have, sorted. */
  deleted: string[];
}

/** The hash of a route's inputs: what it is (kind, path, params, file) and each dep's entry hash (or its absence). */
export function depsHash(route: Pick<PlannedRoute, 'kind' | 'path' | 'params' | 'file' | 'deps'>, snap: Pick<SnapshotView, 'get'>): string {
  const deps = [...route.deps].sort().map((p) => [p, snap.get(p)?.hash ?? null]);
  return createHash('sha256')
    .update(stableStringify({ kind: route.kind, path: route.path, params: route.params, file: route.file, deps }))
    .digest('hex');
}

// A route's hash, kept with the planned route and the dep entries it was made from: a change-driven
// build rehashes only routes a changed response feeds. Entries are immutable and shared by snapshot
// copies, so comparing references is enough. `at` names the state the entries were last current in:
// a route none of whose deps changed since (Snapshot.changesSince) is current without looking its
// deps up (300,000 lookups at 50,000 posts). Kept in IncrementalKept.hashes.
export interface KeptHash {
  entries: (SnapshotEntry | undefined)[];
  value: string;
  at: string | undefined;
}

/** depsHash of one build's routes, remembered per route object while its deps' entries stay (with `kept`). */
export function keptDepsHashes(snap: Pick<SnapshotView, 'get' | 'state' | 'changesSince'>, kept: IncrementalKept | undefined): (route: Pick<PlannedRoute, 'kind' | 'path' | 'params' | 'file' | 'deps'>) => string {
  if (!kept) return (route) => depsHash(route, snap);
  const { hashes } = kept;
  const now = snap.state;
  // The paths changed since a state, asked once per state (the routes were mostly last found current in one).
  let since: string | undefined;
  let changed: ReadonlySet<string> | undefined;
  return (route) => {
    const hit = hashes.get(route);
    const { deps } = route;
    if (hit && hit.entries.length === deps.length) {
      if (hit.at !== since) {
        since = hit.at;
        changed = since === undefined ? undefined : snap.changesSince?.(since);
      }
      let same = true;
      if (changed) for (let i = 0; i < deps.length && same; i++) same = !changed.has(deps[i]);
      else for (let i = 0; i < deps.length && same; i++) same = snap.get(deps[i]) === hit.entries[i];
      if (same) {
        hit.at = now;
        return hit.value;
      }
    }
    const value = depsHash(route, snap);
    hashes.set(route, { entries: deps.map((p) => snap.get(p)), value, at: now });
    return value;
  };
}

/** Why the code hash differs: the configuration's hash differs too (a state written before it was kept has none: code-changed, as it said then). */
function changedWhat(previous: BuildState, configHash: string | undefined): DecisionReason {
  return configHash !== undefined && previous.configHash !== undefined && previous.configHash !== configHash ? 'config-changed' : 'code-changed';
}

export function decide<R extends { path: string; file: string }>(input: {
  previous: BuildState | undefined;
  codeHash: string;
  /** The configuration's own hash (./code-hash.ts configHash): when it differs from the previous state's, the reason says the configuration changed, not the code. */
  configHash?: string;
  routes: readonly R[];
  hashOf: (route: R) => string;
  full?: boolean;
  /** Receives the hash of each route rendered because its hash changed (its next state needs it). */
  changedHashes?: Map<R, string>;
}): Decision<R> {
  const { previous, codeHash, routes } = input;
  const reason: DecisionReason = input.full ? 'full' : !previous ? 'first-build' : previous.codeHash !== codeHash ? changedWhat(previous, input.configHash) : 'incremental';
  if (reason !== 'incremental') return { reason, render: [...routes], reused: 0, reuse: [], deleted: deletedFiles(previous, routes) };
  const render: R[] = [];
  const reuse: { route: R; previous: RouteState }[] = [];
  let known = 0;
  for (const route of routes) {
    const prev = previous!.routes.get(route.file);
    if (prev) known += 1;
    const hash = prev && prev.path === route.path ? input.hashOf(route) : undefined;
    if (hash !== undefined && prev!.depsHash === hash) reuse.push({ route, previous: prev! });
    else {
      render.push(route);
      if (hash !== undefined) input.changedHashes?.set(route, hash);
    }
  }
  // Route files are unique, so when every previous file is among them nothing was deleted.
  return { reason, render, reused: reuse.length, reuse, deleted: known === previous!.routes.size ? [] : deletedFiles(previous, routes) };
}

function deletedFiles(previous: BuildState | undefined, routes: readonly { file: string }[]): string[] {
  if (!previous) return [];
  const current = new Set(routes.map((r) => r.file));
  return [...previous.routes.keys()].filter((f) => !current.has(f)).sort();
}
