// Results derived from the whole snapshot, computed once per snapshot state.
// Several page kinds ask the same question of the snapshot (every listed post,
// every author with a byline) in routes, fetches and redirects, and the crawl's
// fixed point, its prune and the plan each ask again: at 50,000 posts that was
// seconds of a one-post publish. A snapshot that counts its changes
// (`version`, src/crawl/snapshot-store.ts) gets each answer once per state;
// one without (a test's plain view) is asked every time.
import type { SnapshotView } from './types.ts';

const MEMO = new WeakMap<SnapshotView, Map<string, { version: number; value: unknown }>>();

export function memoBySnapshot<T>(snap: SnapshotView, key: string, compute: () => T): T {
  const version = snap.version;
  if (version === undefined) return compute();
  let byKey = MEMO.get(snap);
  if (!byKey) MEMO.set(snap, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const value = compute();
  byKey.set(key, { version, value });
  return value;
}
