// The prune of a change-driven crawl: drops what the snapshot holds that the catalogue no longer
// wants (a deleted post's details, a page past the end), until nothing more goes. Only paths changed
// since the last pruned state, or that left the wanted list, can have become unwanted; a snapshot
// not copied from a pruned one checks every path.
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
 * Deletes every path `wanted(snap)` does not list and `keep` does not name, round after round.
 * `kept`: the session's crawl part, remembering the state pruned.
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
