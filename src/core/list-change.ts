// What came and went between two lists that are mostly the same items in the same order (the
// routes of a page kind, the paths it fetches, from one snapshot state to the next). Items are
// compared by reference (===), so walking two lists of 50,000 pointers that match costs well
// under a millisecond: no set of every item is built, nothing hashed.

/** How far ahead in `before` an item of `after` is looked for before it counts as new. */
const WINDOW = 16;

/**
 * Each item of `after` is matched to an identical item of `before` found within a few places
 * after the last match, else added; the items of `before` passed over or never reached are
 * removed. Always a correct account (every item of `before` matched or removed, of `after`
 * matched or added); an item that moved far is both removed and added.
 */
export function listChange<T>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[] } {
  // The same list (a kind's answer kept whole between publishes): nothing to walk.
  if (before === after) return { added: [], removed: [] };
  const added: T[] = [];
  const removed: T[] = [];
  let i = 0;
  for (const x of after) {
    if (i < before.length && before[i] === x) {
      i += 1;
      continue;
    }
    const end = Math.min(before.length, i + WINDOW);
    let k = i + 1;
    while (k < end && before[k] !== x) k += 1;
    if (k < end) {
      while (i < k) removed.push(before[i++]);
      i += 1;
      continue;
    }
    added.push(x);
  }
  while (i < before.length) removed.push(before[i++]);
  return { added, removed };
}

/** Above this many changed places (or an eighth of the list) a caller walks the whole list: patching would cost as much. */
export const mostChangedPlaces = (length: number): number => Math.max(64, length / 8);

/**
 * The places where two lists of the same length hold different items (compared by reference),
 * in order: what a process that publishes again redoes of its last answer kept by place (the
 * listed posts' routes and names, the feed items). Undefined when the lengths differ or more
 * than `most` places differ.
 */
export function changedPlaces<T>(before: readonly T[], after: readonly T[], most = mostChangedPlaces(after.length)): number[] | undefined {
  if (before.length !== after.length) return undefined;
  const places: number[] = [];
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    if (places.length >= most) return undefined;
    places.push(i);
  }
  return places;
}
