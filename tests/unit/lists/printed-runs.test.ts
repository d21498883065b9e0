import { describe, expect, it } from 'vitest';
import { batched, MAX_IOV, MAX_RUN, PrintedRuns } from '../../../src/lists/printed-runs.ts';
import { noteReplaced } from '../../../src/lists/list-change.ts';
import { lcg } from '../../helpers/rng.ts';

interface Item {
  name: string;
  sha256: string;
}
// A content hash ending in "00" ends a run: every 7th item here, and none in a long stretch.
const item = (n: number, ends = n % 7 === 6): Item => ({ name: `item-${n}`, sha256: `${n.toString(16).padStart(62, 'a')}${ends ? '00' : 'ff'}` });
const print = (i: Item) => `<${i.name}>`;
const joined = (items: Item[]) => items.map(print).join(',\n');
const text = (pieces: Iterable<Buffer>) => Buffer.concat([...pieces]).toString('utf8');

/** A seeded random source, items of which one in five ends a run, and a PrintedRuns that keeps. */
function randomRuns(seed: number) {
  const rand = lcg(seed);
  let next = 0;
  const fresh = (ends = rand() < 0.2) => item(next++, ends);
  return { rand, fresh, runs: new PrintedRuns<Item>(print, ',\n') };
}

/** The pieces `runs` prints for `list` are those a new PrintedRuns of a one-off build prints. */
function expectAsAfresh(runs: PrintedRuns<Item>, list: Item[], round: number): void {
  const kept = [...runs.bytes(list)].map((p) => p.toString());
  const afresh = [...new PrintedRuns<Item>(print, ',\n', undefined, { keeps: false }).bytes(list)].map((p) => p.toString());
  expect(kept, `round ${round}`).toEqual(afresh);
}

describe('PrintedRuns', () => {
  it('prints the items joined by the separator, in runs cut after a hash ending in "00" or at MAX_RUN items', () => {
    const runs = new PrintedRuns<Item>(print, ',\n', undefined, { keeps: false });
    expect(text(runs.bytes([]))).toBe('');
    const one = [item(1)];
    expect(text(runs.bytes(one))).toBe(joined(one));
    const items = Array.from({ length: 30 }, (_, n) => item(n));
    const pieces = [...runs.bytes(items)];
    expect(pieces.map((p) => p.toString())).toEqual([0, 7, 14, 21, 28].map((at) => `${at > 0 ? ',\n' : ''}${joined(items.slice(at, at + 7))}`));
    // An item without a hash (a hand-edited file read back) ends no run.
    const unhashed = [item(1), { name: 'odd' } as Item, item(6)];
    expect(text(runs.bytes(unhashed))).toBe(joined(unhashed));
    const long = Array.from({ length: MAX_RUN + 10 }, (_, n) => item(n, false));
    const cut = [...runs.bytes(long)];
    expect(cut.length).toBe(2);
    expect(text(cut)).toBe(joined(long));
  });

  it('kept, writes an unchanged run from its kept bytes and prints only the runs of changed, added or removed items', () => {
    const runs = new PrintedRuns<Item>(print, ',\n');
    const items = Array.from({ length: 70 }, (_, n) => item(n));
    const first = [...runs.bytes(items)];
    const again = [...runs.bytes(items)];
    expect(again.length).toBe(first.length);
    again.forEach((p, i) => expect(p).toBe(first[i]));
    // Each build compares with the one before it, as a watcher's publishes do.
    let before = first;
    const next = (list: Item[]) => {
      const pieces = [...runs.bytes(list)];
      expect(text(pieces)).toBe(joined(list));
      const printed = pieces.filter((p) => !before.includes(p)).length;
      before = pieces;
      return printed;
    };

    const changed = items.map((x, n) => (n === 30 ? { ...x, name: 'changed' } : x));
    expect(next(changed)).toBe(1);
    const added = [...changed.slice(0, 40), item(1000, false), ...changed.slice(40)];
    expect(next(added)).toBe(1);
    // The item that ended a run goes: its run and the next become one.
    const removed = added.filter((x) => x.name !== 'item-13');
    expect(next(removed)).toBe(1);
    expect(next(removed)).toBe(0);

    // A run that becomes the first loses its separator: printed again, not written from the kept bytes.
    const tail = items.slice(7);
    expect(text(runs.bytes(tail))).toBe(joined(tail));
  });

  it('cuts the runs where printing the list afresh cuts them, after each of 300 random changes, additions at the end included', () => {
    // One item in five ends a run; now and then a stretch past MAX_RUN ends none.
    const { rand, fresh, runs } = randomRuns(5);
    let list = Array.from({ length: 300 }, () => fresh());
    for (let round = 0; round < 300; round++) {
      const r = rand();
      const at = Math.floor(rand() * list.length);
      if (r < 0.3) list = list.map((x, i) => (i === at ? fresh() : x));
      else if (r < 0.5) list = [...list, ...Array.from({ length: 1 + Math.floor(rand() * 5) }, () => fresh())];
      else if (r < 0.65) list = list.filter((_, i) => i !== at || list.length < 2);
      else if (r < 0.8) list = [...list.slice(0, at), fresh(), ...list.slice(at)];
      else if (r < 0.83) list = [...list, ...Array.from({ length: MAX_RUN + 3 }, () => fresh(false))];
      else if (r < 0.86 && list.length > MAX_RUN) list = list.slice(MAX_RUN);
      expectAsAfresh(runs, list, round);
    }
  });

  it('prints a list noted as the last one with places replaced as printing it afresh does, after each of 300 such lists', () => {
    const { rand, fresh, runs } = randomRuns(9);
    let list = Array.from({ length: 400 }, () => fresh());
    [...runs.bytes(list)];
    for (let round = 0; round < 300; round++) {
      // A few places replaced, by items that end a run or not (cuts move inside the changed runs only).
      const places = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 6) }, () => Math.floor(rand() * list.length)))].sort((a, b) => a - b);
      const after = list.slice();
      for (const at of places) after[at] = fresh();
      noteReplaced(after, list, places);
      // Now and then a list printed twice, or one not noted (a walk of the kept runs then).
      list = rand() < 0.1 ? list : rand() < 0.1 ? after.slice() : after;
      expectAsAfresh(runs, list, round);
    }
  });

  it('prints a noted list without reading the items of the runs that hold no replaced place', () => {
    const { fresh, runs } = randomRuns(3);
    const list = Array.from({ length: 1000 }, () => fresh());
    [...runs.bytes(list)];
    const after = list.slice();
    after[500] = fresh();
    let reads = 0;
    const watched = new Proxy(after, { get: (t, k, r) => ((reads += typeof k === 'string' && /^\d+$/.test(k) ? 1 : 0), Reflect.get(t, k, r)) });
    noteReplaced(watched, list, [500]);
    expect(text(runs.bytes(watched))).toBe(joined(after));
    // The runs around the new item are read (compared, cut, printed: 73 reads here); the other items are not.
    expect(reads).toBeLessThan(200);
  });

  it('keeps nothing when told not to (a one-off build)', () => {
    const runs = new PrintedRuns<Item>(print, ',\n', undefined, { keeps: false });
    const items = Array.from({ length: 20 }, (_, n) => item(n));
    const first = [...runs.bytes(items)];
    const again = [...runs.bytes(items)];
    again.forEach((p, i) => {
      expect(p).not.toBe(first[i]);
      expect(p.equals(first[i])).toBe(true);
    });
  });
});

describe('batched', () => {
  it('gathers strings and bytes into groups of about the size asked, in order, without copying the buffers', () => {
    const cd = Buffer.from('cd');
    const pieces = ['ab', cd, 'é', '', 'xyz'];
    const out = [...batched(pieces, 4)];
    expect(out.map((g) => Buffer.concat(g).toString('utf8'))).toEqual(['abcd', 'éxyz']);
    expect(out[0][1]).toBe(cd);
    expect([...batched([], 4)]).toEqual([]);
    expect(Buffer.concat([...batched(pieces)].flat()).toString('utf8')).toBe('abcdéxyz');
  });

  it('ends a group at MAX_IOV pieces, the most one writev(2) takes', () => {
    const groups = [...batched(Array.from({ length: MAX_IOV + 5 }, () => 'x'))];
    expect(groups.map((g) => g.length)).toEqual([MAX_IOV, 5]);
  });
});
