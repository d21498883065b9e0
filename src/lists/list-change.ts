// What came and went between two lists that are mostly the same items in the same order. Items are
// compared by reference (===): matching 50,000 pointers costs well under a millisecond.

// Lists made from another by replacing the items at a few places, the same length (a publishing
// process patches its answers). The maker notes the places, so comparing the new list with the old
// (or one a few notes back) reads them instead of walking both (a millisecond or more each at 50,000
// posts). Noted lists must not change afterwards. Module-level: a note is a fact about the list
// object itself, keyed by it, so two sites' lists never meet here.
const MADE_FROM = new WeakMap<readonly unknown[], { from: readonly unknown[]; places: readonly number[] }>();
/** How many notes back a list is looked for (a build's answers are compared with the last build's, one or two notes back). */
const NOTES_BACK = 4;

/**
 * Notes that `after` is `from` with the items at `places` replaced; returns `after`. Notes chain
 * back; the one NOTES_BACK lists back is dropped, so a long-lived process keeps few old copies.
 */
export function noteReplaced<L extends readonly unknown[]>(after: L, from: L, places: Iterable<number>): L {
  if (after === from || after.length !== from.length) return after;
  MADE_FROM.set(after, { from, places: [...places] });
  let list: readonly unknown[] = after;
  for (let back = 0; back < NOTES_BACK; back++) {
    const note = MADE_FROM.get(list);
    if (!note) return after;
    list = note.from;
  }
  MADE_FROM.delete(list);
  return after;
}

/** How many notes lead back from `list` (at most NOTES_BACK: the older ones are dropped). */
export function notesBehind(list: readonly unknown[]): number {
  let n = 0;
  for (let note = MADE_FROM.get(list); note; note = MADE_FROM.get(note.from)) n += 1;
  return n;
}

/** The places at which `after` can differ from `before`, ascending and unique, from the notes (a superset: an item replaced by itself is listed); undefined when the notes do not lead from `after` back to `before`. */
export function notedPlaces<T>(before: readonly T[], after: readonly T[]): number[] | undefined {
  if (before === after) return [];
  const places = new Set<number>();
  let list: readonly unknown[] = after;
  for (let back = 0; back < NOTES_BACK; back++) {
    const note = MADE_FROM.get(list);
    if (!note) return undefined;
    for (const p of note.places) places.add(p);
    if (note.from === before) return [...places].sort((a, b) => a - b);
    list = note.from;
  }
  return undefined;
}

/**
 * What differs between `before` and `after` by the notes: the changed places (ascending), the
 * items removed and added; undefined when the notes do not lead from `after` back to `before`.
 */
export function notedChange<T>(before: readonly T[], after: readonly T[]): { places: number[]; removed: T[]; added: T[] } | undefined {
  const noted = notedPlaces(before, after);
  if (!noted) return undefined;
  const places = noted.filter((p) => before[p] !== after[p]);
  return { places, removed: places.map((p) => before[p]), added: places.map((p) => after[p]) };
}

/** How far ahead in `before` an item of `after` is looked for before it counts as new. */
const WINDOW = 16;

/**
 * Each item of `after` is matched to an identical item of `before` within a few places after the
 * last match, else added; the unmatched items of `before` are removed. Always a correct account;
 * an item that moved far is both removed and added.
 */
export function listChange<T>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[] } {
  // The same list (a kind's answer kept whole between publishes): nothing to walk.
  if (before === after) return { added: [], removed: [] };
  // The same length with a few places replaced: each replaced item removed, its replacement added.
  const noted = notedChange(before, after);
  if (noted) return { added: noted.added, removed: noted.removed };
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
 * The places where two lists of the same length hold different items (by reference), in order.
 * Undefined when the lengths differ or more than `most` places differ.
 */
export function changedPlaces<T>(before: readonly T[], after: readonly T[], most = mostChangedPlaces(after.length)): number[] | undefined {
  if (before.length !== after.length) return undefined;
  const noted = notedChange(before, after);
  if (noted) return noted.places.length > most ? undefined : noted.places;
  const places: number[] = [];
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    if (places.length >= most) return undefined;
    places.push(i);
  }
  return places;
}
