import { describe, expect, it } from 'vitest';
import { patchedList, SortedCache, sortedChange } from '../../../src/lists/sorted.ts';
import { notedPlaces, noteReplaced } from '../../../src/lists/list-change.ts';
import { lcg } from '../../helpers/rng.ts';

interface Item {
  key: string;
  n: number;
}
const byKey = (a: Item, b: Item) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

// Kept between calls by a cache that keeps (a stage's kept part); a one-off build's keeps nothing and sorts.
describe.each([true, false])('SortedCache (kept between calls: %s)', (keeps) => {
  it('gives what a stable sort gives, over random additions and removals between calls', () => {
    const rand = lcg(7);
    const pool: Item[] = Array.from({ length: 3000 }, (_, i) => ({ key: `k${Math.floor(rand() * 1e9)}`, n: i }));
    const cache = new SortedCache(byKey, { keeps });
    let live = pool.slice(0, 2000);
    for (let step = 0; step < 60; step++) {
      // Mostly a few items change (patched); now and then many (sorted again).
      const changes = step % 10 === 9 ? 600 : Math.floor(rand() * 20);
      for (let c = 0; c < changes; c++) {
        if (rand() < 0.5 && live.length > 1) live.splice(Math.floor(rand() * live.length), 1);
        else {
          const add = pool[Math.floor(rand() * pool.length)];
          if (!live.includes(add)) live.push(add);
        }
      }
      // The input's order must not matter.
      live = live.map((x) => [rand(), x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);
      expect(cache.sort(live)).toEqual([...live].sort(byKey));
    }
  });

  it('sorts again when neighbours compare equal: their order is the input\'s, as a stable sort keeps it', () => {
    const a = { key: 'same', n: 1 };
    const b = { key: 'same', n: 2 };
    const others = Array.from({ length: 40 }, (_, i) => ({ key: `o${String(i).padStart(2, '0')}`, n: i }));
    const cache = new SortedCache(byKey, { keeps });
    expect(cache.sort([a, b, ...others]).slice(-2)).toEqual([a, b]);
    // The same items with the tie in the other order: the other order comes out.
    expect(cache.sort([b, a, ...others]).slice(-2)).toEqual([b, a]);
    const c = { key: 'same', n: 3 };
    expect(cache.sort([c, b, a, ...others]).slice(-3)).toEqual([c, b, a]);
  });

  it('sorts again when a new item compares equal to a kept one, and patches again once the tie is gone', () => {
    const others = Array.from({ length: 40 }, (_, i) => ({ key: `o${String(i).padStart(2, '0')}`, n: i }));
    const cache = new SortedCache(byKey, { keeps });
    expect(cache.sort(others)).toEqual(others);
    // A new item equal to o10, given before it and after it: a stable sort keeps the input's order.
    const twin = { key: 'o10', n: 99 };
    expect(cache.sort([twin, ...others]).slice(10, 12)).toEqual([twin, others[10]]);
    expect(cache.sort([...others, twin]).slice(10, 12)).toEqual([others[10], twin]);
    // Without the twin, then a new item between two kept ones and one past the end.
    const mid = { key: 'o10a', n: 100 };
    const last = { key: 'z', n: 101 };
    expect(cache.sort([last, ...others.slice().reverse(), mid])).toEqual([...others.slice(0, 11), mid, ...others.slice(11), last]);
  });

  it('keeps an item listed twice twice', () => {
    const x = { key: 'x', n: 0 };
    const y = { key: 'y', n: 1 };
    const cache = new SortedCache(byKey, { keeps });
    cache.sort([y, x]);
    expect(cache.sort([y, x, y])).toEqual([x, y, y]);
  });
});

describe('SortedCache, comparing with the last input by position', () => {
  const items = (n: number, tag = '') => Array.from({ length: n }, (_, i) => ({ key: `k${String((i * 7919) % n).padStart(4, '0')}${tag}`, n: i }));

  it('gives what a stable sort gives when items are replaced in place, inserted, removed or moved in the same input order', () => {
    const rand = lcg(11);
    const cache = new SortedCache(byKey);
    let input = items(800);
    const spare = items(400, 'x');
    cache.sort(input);
    for (let step = 0; step < 80; step++) {
      input = input.slice();
      const op = step % 4;
      const at = Math.floor(rand() * input.length);
      if (op === 0) input[at] = spare[step % spare.length] === input[at] ? input[at] : spare[step % spare.length];
      else if (op === 1) input.splice(at, 0, { key: `new${step}`, n: 1000 + step });
      else if (op === 2) input.splice(at, 1);
      else if (at + 3 < input.length) [input[at], input[at + 3]] = [input[at + 3], input[at]];
      // A spare item may already be in the input: listed twice, it is kept twice.
      expect(cache.sort(input)).toEqual([...input].sort(byKey));
    }
  });

  it('keeps an item once when the last input listed it twice and the next lists it once', () => {
    const list = items(50);
    const cache = new SortedCache(byKey);
    cache.sort([...list, list[3]]);
    expect(cache.sort(list)).toEqual([...list].sort(byKey));
    expect(cache.sort([...list, list[7]])).toEqual([...list, list[7]].sort(byKey));
  });

  it('reads only the noted places of an input noted as the last one with a few replaced, and keeps it without a copy', () => {
    const list = items(2000);
    const cache = new SortedCache(byKey);
    cache.sort(list);
    const next = list.slice();
    const replaced = [{ key: list[5].key + 'r', n: -5 }, { key: list[1500].key + 'r', n: -1500 }];
    next[5] = replaced[0];
    next[1500] = replaced[1];
    let reads = 0;
    // Every item read by index is counted: a copy of the input (or a walk of it) reads all 2,000.
    const counted = new Proxy(next, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    noteReplaced(counted, list, [5, 1500]);
    const sorted = cache.sort(counted);
    expect(reads).toBeLessThanOrEqual(8);
    expect(sorted).toEqual([...next].sort(byKey));
    // The next call compares with that input itself: again only the places noted since it.
    const after = next.slice();
    after[7] = { key: list[7].key + 'r', n: -7 };
    noteReplaced(after, counted, [7]);
    reads = 0;
    expect(cache.sort(after)).toEqual([...after].sort(byKey));
    expect(reads).toBeLessThanOrEqual(8);
  });

  it('returns the same array when the input is the same items in the same order', () => {
    const list = items(100);
    const cache = new SortedCache(byKey);
    const first = cache.sort(list);
    expect(cache.sort(list.slice())).toBe(first);
  });
});

describe('sortedChange', () => {
  it('names what came and went between two sorted lists, items compared by reference, over random changes', () => {
    const rand = lcg(13);
    let before: Item[] = Array.from({ length: 500 }, (_, i) => ({ key: `k${String(i).padStart(4, '0')}`, n: i })).sort(byKey);
    for (let step = 0; step < 80; step++) {
      const after = before.slice();
      for (let c = 0; c < Math.floor(rand() * 8); c++) {
        const at = Math.floor(rand() * after.length);
        const r = rand();
        if (r < 0.3) after.splice(at, 1);
        else if (r < 0.6) after[at] = { ...after[at] }; // the same key, another object: replaced
        else after.push({ key: `n${step}-${c}-${Math.floor(rand() * 1e6)}`, n: -1 });
      }
      after.sort(byKey);
      const change = sortedChange(before, after, byKey)!;
      const was = new Set(before);
      const now = new Set(after);
      expect(new Set(change.added)).toEqual(new Set(after.filter((x) => !was.has(x))));
      expect(new Set(change.removed)).toEqual(new Set(before.filter((x) => !now.has(x))));
      before = after;
    }
  });

  it('is null when the second list is not strictly increasing', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((key, n) => ({ key, n }));
    expect(sortedChange([a, b, c], [a, c, b], byKey)).toBeNull();
    expect(sortedChange([a, b, c], [c, a, b], byKey)).toBeNull();
    expect(sortedChange([a, b], [a, b, { key: 'a', n: 9 }], byKey)).toBeNull();
    expect(sortedChange([a, b, c], [a, b, b], byKey)).toBeNull();
    expect(sortedChange([a, c], [a, b, c], byKey)).toEqual({ added: [b], removed: [] });
  });
});

// A publish's lists (the writer's files, the plan's sitemap entries, the wanted paths) are the last
// ones with a few items gone and a few come: one copy changed in place for a few, slices for many.
describe('patchedList', () => {
  it('equals the sorted list without the removed items and with the added ones, or null on a tie, for few and many changes', () => {
    const rand = lcg(11);
    let nulls = 0;
    for (let round = 0; round < 400; round++) {
      const items = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 200) }, () => `k${Math.floor(rand() * 5000)}`))].sort().map((key, n) => ({ key, n }));
      const changes = round % 4 === 3 ? 40 : Math.floor(rand() * 9);
      const removed = new Set<Item>();
      const added: Item[] = [];
      for (let c = 0; c < changes; c++) {
        if (rand() < 0.5) removed.add(items[Math.floor(rand() * items.length)]);
        // Now and then the key of a kept or removed item: a tie unless that item went.
        else added.push({ key: rand() < 0.1 ? items[Math.floor(rand() * items.length)].key : `k${Math.floor(rand() * 5000)}`, n: -1 });
      }
      const before = items.slice();
      const got = patchedList(items, removed, added.slice(), byKey);
      expect(items).toEqual(before);
      const want = [...items.filter((x) => !removed.has(x)), ...added].sort(byKey);
      const tie = want.some((x, i) => i > 0 && want[i - 1].key === x.key);
      if (tie) nulls += 1;
      expect(got, `round ${round}`).toEqual(tie ? null : want);
      if (got) want.forEach((x, i) => expect(got[i]).toBe(x));
    }
    expect(nulls).toBeGreaterThan(10);
  });

  it('replaces items by new ones of the same keys in place, few or many, and notes the places', () => {
    const items = Array.from({ length: 500 }, (_, n) => ({ key: `k${String(n).padStart(4, '0')}`, n }));
    for (const count of [1, 5, 40, 200]) {
      const places = Array.from({ length: count }, (_, k) => Math.floor(((k + 0.5) * items.length) / count));
      const removed = new Set(places.map((p) => items[p]));
      const added = places.map((p) => ({ key: items[p].key, n: -p })).reverse();
      // Replaced in place: no new item is compared with a kept one to find its place (the general
      // path's binary searches and order checks do that; at 137,000 entries it was a pass too many).
      const news = new Set(added);
      let placedAmongKept = 0;
      const counted = (a: Item, b: Item) => {
        if ((news.has(a) && !news.has(b) && !removed.has(b)) || (news.has(b) && !news.has(a) && !removed.has(a))) placedAmongKept += 1;
        return byKey(a, b);
      };
      const got = patchedList(items, removed, added, counted)!;
      expect(placedAmongKept).toBe(0);
      const want = items.map((x, i) => (places.includes(i) ? { key: x.key, n: -i } : x));
      expect(got).toEqual(want);
      items.forEach((x, i) => places.includes(i) || expect(got[i]).toBe(x));
      expect(notedPlaces(items, got)).toEqual(places);
    }
    // A new item with the key of a kept one is a tie, however the others match.
    const tie = patchedList(items, new Set([items[3], items[9]]), [{ key: items[3].key, n: -1 }, { key: items[10].key, n: -2 }], byKey);
    expect(tie).toBeNull();
  });
});

describe('noted lists in SortedCache and sortedChange', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${String((i * 7919) % n).padStart(4, '0')}`, n: i }));

  it('patches by the noted places of its input and notes its answer when each new item takes a removed one\'s place', () => {
    const cache = new SortedCache(byKey);
    const input = items(600);
    const first = cache.sort(input);
    const next = input.slice();
    next[5] = { ...input[5], n: -5 }; // the same key: an edited item
    next[300] = { ...input[300], n: -300 };
    noteReplaced(next, input, [5, 300]);
    const sorted = cache.sort(next);
    expect(sorted).toEqual([...next].sort(byKey));
    expect(cache.changeFrom(first)).toMatchObject({ added: [next[5], next[300]].sort(byKey) });
    // The answer is noted: the two answers differ at the edited items' places only.
    const places = notedPlaces(first, sorted)!;
    expect(places.map((p) => sorted[p])).toEqual([next[5], next[300]].sort(byKey));
    expect(sortedChange(first, sorted, byKey)).toEqual({ added: places.map((p) => sorted[p]), removed: places.map((p) => first[p]) });
    // A new key moves the items after it: no note, and the next comparison walks.
    const third = next.slice();
    third[7] = { key: 'k9999', n: 7 };
    noteReplaced(third, next, [7]);
    const again = cache.sort(third);
    expect(again).toEqual([...third].sort(byKey));
    expect(notedPlaces(sorted, again)).toBeUndefined();
  });

  it('sortedChange is null when a noted place breaks the order', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((key, n) => ({ key, n }));
    const before = [a, b, c, d];
    const after = [a, { key: 'z', n: 9 }, c, d];
    noteReplaced(after, before, [1]);
    expect(sortedChange(before, after, byKey)).toBeNull();
    const fine = [a, { key: 'bb', n: 9 }, c, d];
    noteReplaced(fine, before, [1]);
    expect(sortedChange(before, fine, byKey)).toEqual({ added: [fine[1]], removed: [b] });
  });
});
