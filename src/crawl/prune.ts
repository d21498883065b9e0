// The prune of a change-driven crawl (./changed.ts): a full crawl fetches only what the page
// catalogue wants, so a change-driven one drops whatever its snapshot holds that the catalogue no
// longer wants (a deleted post's details, a listing page past the end), until nothing more goes.
//
// Which paths can have become unwanted: those set or deleted since the snapshot was copied from the
// last one this session pruned (every path that one held was wanted), and those that left the
// wanted list since. Both are the size of the change; a snapshot not copied from a pruned one (the
// first change-driven crawl of a session, a one-off build, or after a full crawl) checks every path it holds.
import { byCodeUnits, lowerBound, sortedChange } from '../lists/sorted.ts';
import type { CrawlKept } from './kept.ts';
import type { Snapshot } from '../snapshot/snapshot-store.ts';

/** A snapshot state pruned in this session, with the wanted list (sorted) and the kept paths it was pruned against (CrawlKept.pruned). */
export interface PrunedState {
  state: string;
  wanted: readonly string[];
  keep: readonly string[];
}

/**
 * Deletes from `snap` every path that `wanted(snap)` (sorted, unique) does not list and `keep`
 * does not name, again after each round of deletions (they can make more paths unwanted).
 * `kept`: the publish session's crawl part, which remembers the state pruned for the next prune.
 */
export function prune(snap: Snapshot, wanted: (snap: Snapshot) => readonly string[], keep: readonly string[], kept?: CrawlKept): void {
  for (;;) {
    const list = wanted(snap);
    const isWanted = (p: string) => keep.includes(p) || list[lowerBound(list, p, byCodeUnits)] === p;
    const drop = candidates(snap, list, kept?.pruned).filter((p) => snap.has(p) && !isWanted(p));
    if (drop.length === 0) break;
    for (const p of drop) snap.delete(p);
  }
  if (kept) kept.pruned = { state: snap.state, wanted: wanted(snap), keep };
}

/** The paths that may be unwanted now, sorted: the change since the last pruned snapshot when this is a copy of it, else every path. */
function candidates(snap: Snapshot, wanted: readonly string[], last: PrunedState | undefined): string[] {
  const changed = last && snap.changesSince(last.state);
  const left = changed && sortedChange(last!.wanted, wanted, byCodeUnits);
  if (!changed || !left) return snap.paths();
  return [...new Set([...changed, ...left.removed, ...last!.keep])].sort(byCodeUnits);
}
