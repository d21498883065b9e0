// A sorted list kept between calls. A process that publishes again and again
// (pressroom watch) sorts the same tens of thousands of routes, paths and feed
// items on every publish, of which a handful changed: sorting them again is most
// of an O(n log n) pass with string compares, at 50,000 posts about a tenth of a
// second each time. This keeps the last answer and, when few items came or went,
// drops the gone ones and inserts the new ones by binary search instead.
//
// The answer is exactly what a stable sort of the new input gives: the last answer
// was checked once to be strictly increasing under the comparator, so the kept
// items are; each new item is checked against its neighbours, and when two
// compare equal (their order would depend on the input's order) or are out of
// order, the input is sorted again.

import { keepsForNextBuild } from './resident.ts';

/** Strings in code-unit order, as Array.prototype.sort orders them by default. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Above this share of changed items a full sort is cheaper than patching. */
const PATCH_SHARE = 1 / 8;

export class SortedCache<T> {
  readonly #cmp: (a: T, b: T) => number;
  #items: T[] = [];
  #set = new Set<T>();
  /** #items is strictly increasing: then so is any part of it, and a patch checks only the new items' neighbours. */
  #strict = false;

  constructor(cmp: (a: T, b: T) => number) {
    this.#cmp = cmp;
  }

  /** `next` sorted by the comparator (stable). The array returned must not be changed by the caller. */
  sort(next: readonly T[]): readonly T[] {
    // A one-off build sorts once: nothing is kept for a next call (./resident.ts).
    if (!keepsForNextBuild()) {
      this.#items = [];
      this.#set = new Set();
      return [...next].sort(this.#cmp);
    }
    const patched = this.#patch(next);
    if (patched) return patched;
    const sorted = [...next].sort(this.#cmp);
    this.#items = sorted;
    this.#set = new Set(next);
    this.#strict = increasing(sorted, this.#cmp);
    return sorted;
  }

  #patch(next: readonly T[]): T[] | null {
    const before = this.#set;
    if (before.size === 0) return null;
    const set = new Set(next);
    // An item listed twice: the patch keeps one of each.
    if (set.size !== next.length) return null;
    const added: T[] = [];
    for (const x of next) if (!before.has(x)) added.push(x);
    const removed = before.size - (next.length - added.length);
    if (added.length + removed > next.length * PATCH_SHARE) return null;
    // Equal neighbours among the kept items were in the last answer too: sorting decides their order.
    if (!this.#strict) return null;
    const kept = removed > 0 ? this.#items.filter((x) => set.has(x)) : this.#items;
    const at: number[] = [];
    const result = added.length ? merged(kept, added.sort(this.#cmp), this.#cmp, at) : kept;
    // Kept items keep their strict order; only pairs with a new item can be out of order or equal.
    for (const i of at) {
      if (i > 0 && this.#cmp(result[i - 1], result[i]) >= 0) return null;
      if (i + 1 < result.length && this.#cmp(result[i], result[i + 1]) >= 0) return null;
    }
    this.#items = result;
    this.#set = set;
    return result;
  }
}

function increasing<T>(items: readonly T[], cmp: (a: T, b: T) => number): boolean {
  for (let i = 1; i < items.length; i++) if (cmp(items[i - 1], items[i]) >= 0) return false;
  return true;
}

/** `kept` and `added`, both sorted, as one sorted array: each added item's place found by binary search (pushed to `at`). */
function merged<T>(kept: readonly T[], added: readonly T[], cmp: (a: T, b: T) => number, at: number[]): T[] {
  const out: T[] = [];
  let from = 0;
  for (const x of added) {
    let lo = from;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(kept[mid], x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = from; i < lo; i++) out.push(kept[i]);
    at.push(out.length);
    out.push(x);
    from = lo;
  }
  for (let i = from; i < kept.length; i++) out.push(kept[i]);
  return out;
}
