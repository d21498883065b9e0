// listChange (src/lists/list-change.ts) must account for every item: what it says came and went,
// applied as counts to the list before, gives the list after, whatever the change.
import { describe, expect, it } from 'vitest';
import { changedPlaces, listChange, notedPlaces, notesBehind, noteReplaced } from '../../../src/lists/list-change.ts';
import { mulberry32 } from '../../helpers/rng.ts';

const counts = (xs: readonly object[]) => {
  const m = new Map<object, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};

describe('listChange', () => {
  it('accounts for every item over random insertions, removals, replacements, moves and repeats', () => {
    const rand = mulberry32(41);
    let before: object[] = Array.from({ length: 300 }, (_, i) => ({ i }));
    for (let step = 0; step < 200; step++) {
      const after = before.slice();
      for (let c = 0; c < Math.floor(rand() * 12); c++) {
        const at = Math.floor(rand() * (after.length + 1));
        const r = rand();
        if (r < 0.3) after.splice(at, 0, { step, c });
        else if (r < 0.55) after.splice(at, 1);
        else if (r < 0.75 && after.length) after[at % after.length] = { replaced: step };
        else if (r < 0.9 && after.length) after.splice(Math.floor(rand() * after.length), 0, ...after.splice(at % after.length, 1)); // moved
        else if (after.length) after.splice(at, 0, after[at % after.length]); // listed twice
      }
      const { added, removed } = listChange(before, after);
      const m = counts(before);
      for (const x of removed) m.set(x, m.get(x)! - 1);
      for (const x of added) m.set(x, (m.get(x) ?? 0) + 1);
      const want = counts(after);
      for (const [x, n] of m) expect(n).toBe(want.get(x) ?? 0);
      for (const [x, n] of want) expect(m.get(x)).toBe(n);
      before = after;
    }
  });

  it('finds nothing changed in the same items in the same order, and a few around one insertion', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => ({ i }));
    expect(listChange(xs, xs.slice())).toEqual({ added: [], removed: [] });
    const fresh = { fresh: true };
    expect(listChange(xs, [...xs.slice(0, 500), fresh, ...xs.slice(500)])).toEqual({ added: [fresh], removed: [] });
    expect(listChange(xs, [...xs.slice(0, 500), ...xs.slice(501)])).toEqual({ added: [], removed: [xs[500]] });
  });
});

describe('changedPlaces', () => {
  it('gives the places holding another object, in order, and nothing for another length or more than the most', () => {
    const rand = mulberry32(7);
    const before: object[] = Array.from({ length: 500 }, (_, i) => ({ i }));
    for (let step = 0; step < 100; step++) {
      const after = before.slice();
      const want = new Set<number>();
      for (let c = 0; c < Math.floor(rand() * 80); c++) {
        const at = Math.floor(rand() * after.length);
        after[at] = { at };
        want.add(at);
      }
      const places = [...want].sort((a, b) => a - b);
      expect(changedPlaces(before, after)).toEqual(places.length > 64 ? undefined : places);
      expect(changedPlaces(before, after, 1000)).toEqual(places);
    }
    expect(changedPlaces(before, before.slice(1))).toBeUndefined();
    expect(changedPlaces(before, before.slice())).toEqual([]);
  });
});

describe('noted lists (noteReplaced, notedPlaces)', () => {
  it('reads the noted places, through a chain of notes, instead of walking; a list not reached by the notes is walked', () => {
    const a = Array.from({ length: 1000 }, (_, i) => ({ i }));
    const b = a.slice();
    b[10] = { i: -10 };
    noteReplaced(b, a, [10]);
    const c = b.slice();
    c[700] = { i: -700 };
    c[999] = b[999]; // listed as replaced, holds the same item: not a change
    noteReplaced(c, b, [700, 999]);
    expect(notedPlaces(a, c)).toEqual([10, 700, 999]);
    expect(notedPlaces(b, c)).toEqual([700, 999]);
    expect(changedPlaces(a, c)).toEqual([10, 700]);
    expect(listChange(a, c)).toEqual({ added: [b[10], c[700]], removed: [a[10], a[700]] });
    // Another list of the same items is not reached by the notes: walked, the same answer.
    const d = a.slice();
    expect(notedPlaces(d, c)).toBeUndefined();
    expect(changedPlaces(d, c)).toEqual([10, 700]);
    // A note is not made for another length, nor for the list itself.
    const e = c.slice(1);
    noteReplaced(e, c, [0]);
    expect(notedPlaces(c, e)).toBeUndefined();
  });

  it('keeps at most four notes behind a list, so a long-running process does not keep a copy of a list per story', () => {
    const lists = [Array.from({ length: 50 }, (_, i) => ({ i }))];
    for (let step = 1; step <= 10; step++) {
      const next = lists[step - 1].slice();
      next[step] = { i: -step };
      lists.push(noteReplaced(next, lists[step - 1], [step]));
    }
    expect(notesBehind(lists[10])).toBe(4);
    expect(notedPlaces(lists[6], lists[10])).toEqual([7, 8, 9, 10]);
    expect(notedPlaces(lists[5], lists[10])).toBeUndefined();
    expect(changedPlaces(lists[5], lists[10])).toEqual([6, 7, 8, 9, 10]);
  });

  it('gives the walk\'s answer when the notes are the only way from one list to the next, over random replacements', () => {
    const rand = mulberry32(19);
    const first: object[] = Array.from({ length: 400 }, (_, i) => ({ i }));
    let before = first;
    for (let step = 0; step < 60; step++) {
      const after = before.slice();
      const places: number[] = [];
      for (let c = 0; c < Math.floor(rand() * 6); c++) {
        const at = Math.floor(rand() * after.length);
        after[at] = rand() < 0.2 ? after[(at + 1) % after.length] : { step, c };
        places.push(at);
      }
      noteReplaced(after, before, places);
      const walked = changedPlaces(before.slice(), after);
      expect(changedPlaces(before, after)).toEqual(walked);
      const change = listChange(before, after);
      const m = counts(before);
      for (const x of change.removed) m.set(x, m.get(x)! - 1);
      for (const x of change.added) m.set(x, (m.get(x) ?? 0) + 1);
      const want = counts(after);
      for (const [x, n] of m) expect(n).toBe(want.get(x) ?? 0);
      before = after;
    }
  });
});
