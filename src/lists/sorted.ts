// A sorted list kept between calls. A watcher sorts the same tens of thousands of routes, paths
// and feed items every publish, a handful changed: about a tenth of a second at 50,000 posts. This
// keeps the last answer and, when few items came or went, drops and inserts by binary search.
//
// The answer is exactly what a stable sort gives: the last answer was checked strictly increasing,
// each new item is checked against its neighbours, and on a tie or disorder the input is sorted
// again.
//
// What came and went is found, when the input comes in the same order as last time, by comparing
// references position by position: nothing hashed or allocated per item.
//
// The holder decides the lifetime: a stage's kept part of the publish session
// (src/pipeline/session.ts), or for a one-off build a cache that keeps nothing.

import { notedChange, noteReplaced } from './list-change.ts';

/** Strings in code-unit order, as Array.prototype.sort orders them by default. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Above this share of changed items a full sort is cheaper than patching. */
const PATCH_SHARE = 1 / 8;

export class SortedCache<T> {
  readonly #cmp: (a: T, b: T) => number;
  #items: readonly T[] = [];
  #set = new Set<T>();
  /**
   * The last input itself, not a copy (0.3-0.7 ms a publish at 50,000 routes): compared by position,
   * or at the noted places (src/lists/list-change.ts). An input must not change after sort().
   */
  #input: readonly T[] = [];
  /** What the last sort() changed in the answer before it, when it patched (changeFrom). */
  #change: { from: readonly T[]; added: readonly T[]; removed: ReadonlySet<T> } | undefined;
  /** #items is strictly increasing: then so is any part of it, and a patch checks only the new items' neighbours. */
  #strict = false;
  readonly #keeps: boolean;

  /**
   * `keeps: false` (a one-off build) makes sort() a plain stable sort that holds nothing after it.
   * By default the last answer is kept for the next call.
   */
  constructor(cmp: (a: T, b: T) => number, options: { keeps?: boolean } = {}) {
    this.#cmp = cmp;
    this.#keeps = options.keeps ?? true;
  }

  /** `next` sorted by the comparator (stable). Neither `next` nor the array returned may be changed by the caller afterwards. */
  sort(next: readonly T[]): readonly T[] {
    if (!this.#keeps) return [...next].sort(this.#cmp);
    const from = this.#items;
    const patched = this.#patch(next);
    this.#input = next;
    this.#change = patched ? { from, added: patched.added, removed: patched.removed } : undefined;
    if (patched) return patched.result;
    const sorted = [...next].sort(this.#cmp);
    this.#items = sorted;
    this.#set = new Set(next);
    this.#strict = increasing(sorted, this.#cmp);
    return sorted;
  }

  #patch(next: readonly T[]): { result: readonly T[]; added: readonly T[]; removed: ReadonlySet<T> } | null {
    // Empty, or the last input listed an item twice (the set holds it once): sorted again.
    if (this.#set.size === 0 || this.#set.size !== this.#input.length) return null;
    // Equal neighbours among the kept items were in the last answer too: sorting decides their order.
    if (!this.#strict) return null;
    const change = this.#byPosition(next) ?? this.#bySet(next);
    if (!change) return null;
    const { added, removed } = change;
    if (added.length + removed.size > next.length * PATCH_SHARE) return null;
    const result = patchedList(this.#items, removed, added, this.#cmp);
    if (!result) return null;
    for (const x of removed) this.#set.delete(x);
    for (const x of added) this.#set.add(x);
    this.#items = result;
    return { result, added, removed };
  }

  /**
   * What the last sort() added to and removed from `from` when it patched that answer (by
   * reference); undefined when it sorted again or `from` is another answer.
   */
  changeFrom(from: readonly T[]): { added: readonly T[]; removed: ReadonlySet<T> } | undefined {
    return this.#change?.from === from ? this.#change : undefined;
  }

  /**
   * What came and went from the last input: common head and tail skipped, the middle compared by
   * position (same length) or taken whole. Null when that is many items: then by set.
   */
  #byPosition(next: readonly T[]): { added: T[]; removed: Set<T> } | null {
    const last = this.#input;
    // Noted as the last input replaced at a few places: those places only.
    const noted = notedChange(last, next);
    if (noted) return this.#moved(noted.places.map((i) => last[i]), noted.added);
    const limit = Math.min(last.length, next.length);
    let head = 0;
    while (head < limit && last[head] === next[head]) head++;
    let tail = 0;
    while (tail < limit - head && last[last.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
    const went: T[] = [];
    const came: T[] = [];
    const most = next.length * PATCH_SHARE;
    if (last.length === next.length) {
      for (let i = head; i < next.length - tail; i++) {
        if (last[i] !== next[i]) {
          if (went.length >= most) return null;
          went.push(last[i]);
          came.push(next[i]);
        }
      }
    } else {
      if (Math.max(last.length, next.length) - head - tail > most) return null;
      for (let i = head; i < last.length - tail; i++) went.push(last[i]);
      for (let i = head; i < next.length - tail; i++) came.push(next[i]);
    }
    return this.#moved(went, came);
  }

  /** The items that came and went from those at the changed places; null when one is listed twice. */
  #moved(went: readonly T[], came: readonly T[]): { added: T[]; removed: Set<T> } | null {
    // An item that moved within the changed part is neither new nor gone.
    const cameSet = new Set(came);
    const wentSet = new Set(went);
    // An item listed twice (twice among the new ones, or new here and kept elsewhere): the patch keeps one of each.
    if (cameSet.size !== came.length || wentSet.size !== went.length) return null;
    const added = came.filter((x) => !wentSet.has(x));
    for (const x of added) if (this.#set.has(x)) return null;
    const removed = new Set(went.filter((x) => !cameSet.has(x)));
    return { added, removed };
  }

  /** What came and went, by set membership: a pass that hashes every item. */
  #bySet(next: readonly T[]): { added: T[]; removed: Set<T> } | null {
    const before = this.#set;
    const set = new Set(next);
    // An item listed twice: the patch keeps one of each.
    if (set.size !== next.length) return null;
    const added: T[] = [];
    for (const x of next) if (!before.has(x)) added.push(x);
    const removed = new Set<T>();
    if (before.size !== next.length - added.length) for (const x of before) if (!set.has(x)) removed.add(x);
    return { added, removed };
  }
}

/**
 * A strictly increasing list without `removed` and with `added` in place; null when an added item
 * ties a neighbour (only a stable sort of the whole input orders them). `items` is not changed.
 */
export function patchedList<T>(items: readonly T[], removed: ReadonlySet<T>, added: T[], cmp: (a: T, b: T) => number): readonly T[] | null {
  const at: number[] = [];
  // Where the removed items are; null (by membership then) when one is not where the comparator puts it (cannot happen while the kept items are strictly increasing).
  const gone = placesOf(items, removed, cmp);
  added.sort(cmp);
  // Each new item has the key of a removed one (a rewritten file or route, the commonest change):
  // one copy with those places set. Kept items' keys differ from the removed ones', so no tie.
  if (gone && gone.length > 0 && gone.length === added.length && gone.every((p, k) => cmp(items[p], added[k]) === 0)) {
    const out = items.slice();
    gone.forEach((p, k) => (out[p] = added[k]));
    return noteReplaced(out, items, gone);
  }
  const result = gone && removed.size + added.length <= FEW ? spliced(items, gone, added, cmp, at) : onePassPatch(items, removed, gone, added, cmp, at);
  // Kept items keep their strict order; only pairs with a new item can be out of order or equal.
  for (const i of at) {
    if (i > 0 && cmp(result[i - 1], result[i]) >= 0) return null;
    if (i + 1 < result.length && cmp(result[i], result[i + 1]) >= 0) return null;
  }
  // Each new item where a removed one was: noted as `items` with those places replaced.
  if (gone && removed.size === added.length && result !== items && at.every((p, k) => p === gone[k])) noteReplaced(result, items, gone);
  return result;
}

// Up to this many changes, copy once and splice in place; more, one pass (onePassPatch).
const FEW = 8;

function onePassPatch<T>(items: readonly T[], removed: ReadonlySet<T>, places: readonly number[] | null, added: readonly T[], cmp: (a: T, b: T) => number, at: number[]): readonly T[] {
  // Without the removed items' places: the kept items by membership.
  const from = places ? items : items.filter((y) => !removed.has(y));
  const gone = places ?? [];
  // One pass into an array of the final length; added items placed by binary search.
  const out = new Array<T>(from.length - gone.length + added.length);
  let w = 0;
  let r = 0;
  let g = 0;
  const copyTo = (end: number) => {
    for (; r < end; r++) {
      if (g < gone.length && gone[g] === r) g++;
      else out[w++] = from[r];
    }
  };
  for (const x of added) {
    let lo = r;
    let hi = from.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(from[mid], x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    copyTo(lo);
    at.push(w);
    out[w++] = x;
  }
  copyTo(from.length);
  return out;
}

/** Where each removed item is in `items` (strictly increasing), ascending; null when one is not where the comparator puts it. */
function placesOf<T>(items: readonly T[], removed: ReadonlySet<T>, cmp: (a: T, b: T) => number): number[] | null {
  const places: number[] = [];
  for (const x of removed) {
    const lo = lowerBound(items, x, cmp);
    if (items[lo] !== x) return null;
    places.push(lo);
  }
  return places.sort((a, b) => a - b);
}

/** onePassPatch for a few changes: one copy, the removed items spliced out and the added ones in (their places pushed to `at`). */
function spliced<T>(items: readonly T[], gone: readonly number[], added: readonly T[], cmp: (a: T, b: T) => number, at: number[]): readonly T[] {
  if (gone.length === 0 && added.length === 0) return items;
  const out = items.slice();
  // From the last place back, so the places before it do not move.
  for (let k = gone.length - 1; k >= 0; k--) out.splice(gone[k], 1);
  // In ascending order: each goes after the ones placed before it, whose places stay.
  for (const x of added) {
    let lo = at.length > 0 ? at[at.length - 1] + 1 : 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(out[mid], x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, x);
    at.push(lo);
  }
  return out;
}

/**
 * What came and went from `before` to `after`, both strictly increasing under `cmp`: items by
 * reference, so only differing places are compared by `cmp` (an equal but other object is removed
 * and added). Null when `after` is not strictly increasing.
 */
export function sortedChange<T>(before: readonly T[], after: readonly T[], cmp: (a: T, b: T) => number): { added: T[]; removed: T[] } | null {
  // The same list (kept whole between publishes; `before` is known to be strictly increasing).
  if (before === after) return { added: [], removed: [] };
  const noted = notedChange(before, after);
  if (noted) {
    // `after` is `before` replaced at these places (src/lists/list-change.ts): only their neighbours can be out of order.
    const order = (p: number) => (p === 0 || cmp(after[p - 1], after[p]) < 0) && (p + 1 === after.length || cmp(after[p], after[p + 1]) < 0);
    return noted.places.every(order) ? { added: noted.added, removed: noted.removed } : null;
  }
  const added: T[] = [];
  const removed: T[] = [];
  let i = 0;
  // Whether after[j - 1] was before[i - 1]: then after[j - 1] < after[j] whenever after[j] is before[i].
  let inRun = false;
  for (let j = 0; j < after.length; ) {
    const x = after[j];
    if (i < before.length && before[i] === x) {
      if (!inRun && j > 0 && cmp(after[j - 1], x) >= 0) return null;
      i += 1;
      j += 1;
      inRun = true;
      continue;
    }
    const c = i < before.length ? cmp(before[i], x) : 1;
    inRun = false;
    if (c < 0) {
      removed.push(before[i++]);
      continue;
    }
    if (c === 0) removed.push(before[i++]);
    if (j > 0 && cmp(after[j - 1], x) >= 0) return null;
    added.push(x);
    j += 1;
  }
  while (i < before.length) removed.push(before[i++]);
  return { added, removed };
}

/** The first place in `items` (sorted by `cmp`) whose item does not come before `x`: where `x` is, or would go. */
export function lowerBound<T>(items: readonly T[], x: T, cmp: (a: T, b: T) => number): number {
  return firstNotBefore(items, (y) => cmp(y, x) < 0);
}

/** Binary search: the first place in `items` whose item is not `before` the one looked for (`items` ordered so that those that are come first). */
export function firstNotBefore<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(items[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function increasing<T>(items: readonly T[], cmp: (a: T, b: T) => number): boolean {
  for (let i = 1; i < items.length; i++) if (cmp(items[i - 1], items[i]) >= 0) return false;
  return true;
}

