// Results derived from the whole snapshot, computed once per snapshot state.
// Several page kinds ask the same question of the snapshot (every listed post,
// every author with a byline) in routes, fetches and redirects, and the crawl's
// fixed point, its prune and the plan each ask again: at 50,000 posts that was
// seconds of a one-post publish. A snapshot that counts its changes
// (`version`, src/snapshot/snapshot-store.ts) gets each answer once per state;
// one without (a test's plain view) is asked every time.
import type { SnapshotView } from './types.ts';

type Answers = Map<string, { version: number; value: unknown }>;

// Memos of pure functions of a snapshot's state, held by the snapshot object itself, never by a
// name: a snapshot is one site's, each answer is checked against the state it was made from, and
// all of them go when the snapshot goes.
const MEMO = new WeakMap<SnapshotView, WeakMap<object, Answers>>();

/** `compute`'s answer for this snapshot state; `of`: the object the question is about (a page kind), when the key alone does not name it. */
export function memoBySnapshot<T>(snap: SnapshotView, key: string, compute: () => T, of: object = snap): T {
  const version = snap.version;
  if (version === undefined) return compute();
  let byObject = MEMO.get(snap);
  if (!byObject) MEMO.set(snap, (byObject = new WeakMap()));
  let byKey = byObject.get(of);
  if (!byKey) byObject.set(of, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const value = compute();
  byKey.set(key, { version, value });
  return value;
}
