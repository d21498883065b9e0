// Results derived from the whole snapshot, once per snapshot state: several kinds ask the same
// questions in routes, fetches and redirects, and crawl, prune and plan ask again (seconds of a
// one-post publish at 50,000 posts). A view without `version` (a test's) is asked every time.
import type { SnapshotView } from './types.ts';

type Answers = Map<string, { version: number; value: unknown }>;

// Memos of pure functions of a snapshot's state, held by the snapshot object itself: checked against
// the state they were made from, and gone with the snapshot.
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
