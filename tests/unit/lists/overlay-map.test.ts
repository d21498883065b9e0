// An OverlayMap made from another holds the same entries, and changing it changes only it: checked
// against plain Maps over a chain of tables, long enough to be flattened on the way.
import { describe, expect, it } from 'vitest';
import { OverlayMap } from '../../../src/lists/overlay-map.ts';
import type { ManifestEntry } from '../../../src/emit/writer.ts';
import { mulberry32 } from '../../helpers/rng.ts';

const entry = (path: string, v: number): ManifestEntry => ({ path, sha256: `h${v}`, size: v });
const sorted = (m: ReadonlyMap<string, ManifestEntry>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

describe('OverlayMap', () => {
  it('equals a copied Map after each of 300 tables of random sets and deletes, and leaves the table it was made from as it was', () => {
    const rand = mulberry32(9);
    let model = new Map<string, ManifestEntry>();
    for (let i = 0; i < 2500; i++) model.set(`f${i}`, entry(`f${i}`, i));
    let table: ReadonlyMap<string, ManifestEntry> = new Map(model);
    for (let round = 1; round <= 300; round++) {
      const before = sorted(table);
      const next = OverlayMap.from(table);
      const nextModel = new Map(model);
      for (let k = 0; k < 1 + Math.floor(rand() * 60); k++) {
        const path = `f${Math.floor(rand() * 3000)}`;
        if (rand() < 0.3) expect(next.delete(path)).toBe(nextModel.delete(path));
        else {
          next.set(path, entry(path, round));
          nextModel.set(path, entry(path, round));
        }
        expect(next.has(path)).toBe(nextModel.has(path));
      }
      expect(next.size).toBe(nextModel.size);
      expect(sorted(next)).toEqual(sorted(nextModel));
      for (let i = 0; i < 3000; i += 7) expect(next.get(`f${i}`)).toEqual(nextModel.get(`f${i}`));
      expect(sorted(table)).toEqual(before);
      table = next;
      model = nextModel;
    }
    expect([...table.keys()].sort()).toEqual([...model.keys()].sort());
    expect([...table.values()].length).toBe(model.size);
  });
});
