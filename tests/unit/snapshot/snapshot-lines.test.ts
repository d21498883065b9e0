// The snapshot's saved line of an entry whose body is canonical is printed
// without sorting the body again; it must be exactly the stable JSON the slow
// path prints, and a loaded line must be marked only when its body is sorted.
import { describe, expect, it } from 'vitest';
import { canonicalJson, stableStringify } from '../../../src/encoding/json.ts';
import { canonicalEntryHash, lineOf, markCanonical, oneOffBodies, parseEntry } from '../../../src/snapshot/snapshot-files.ts';
import type { SnapshotEntry } from '../../../src/site/types.ts';

const bodies: unknown[] = [{ z: 1, a: [{ y: 'é\u2028</script>', b: null }], 10: 'n', 2: 'm' }, [], 'text', null, 42];

function entries(): SnapshotEntry[] {
  const out: SnapshotEntry[] = [];
  for (const raw of bodies) {
    const body = canonicalJson(raw);
    const base: SnapshotEntry = { key: 'GET /api/x', status: 200, body, hash: canonicalEntryHash(200, body) };
    out.push(base, { ...base, etag: '"e1"' }, { ...base, lastModified: 'Thu, 15 Jan 2026 12:00:00 GMT' }, { ...base, etag: 'W/"2"', lastModified: 'x', quarantined: [{ reason: 'r', id: '7', endpoint: '/api/x' }] });
  }
  return out;
}

describe('snapshot lines', () => {
  it('a canonical entry prints exactly the stable JSON', () => {
    for (const e of entries()) {
      const slow = lineOf(e);
      markCanonical(e);
      expect(lineOf(e)).toBe(slow);
      expect(slow).toBe(`${stableStringify(e)}\n`);
    }
  });

  it('a loaded line whose body is sorted reads back to the same line; an unsorted one (hand-edited) still loads and prints sorted', () => {
    for (const e of entries()) {
      const line = lineOf(e);
      const loaded = parseEntry(line.trimEnd(), (d) => new Error(d), oneOffBodies());
      expect(lineOf(loaded)).toBe(line);
    }
    const unsorted = { status: 200, key: 'GET /api/y', body: { b: 1, a: 2 }, hash: canonicalEntryHash(200, { a: 2, b: 1 }) };
    const loaded = parseEntry(JSON.stringify(unsorted), (d) => new Error(d), oneOffBodies());
    expect(lineOf(loaded)).toBe(`${stableStringify(loaded)}\n`);
    expect(lineOf(loaded)).toContain('"body":{"a":2,"b":1}');
    expect(() => parseEntry(JSON.stringify({ ...unsorted, body: { a: 3, b: 1 } }), (d) => new Error(d), oneOffBodies())).toThrow(/hash does not match/);
  });
});

describe('mirror files', () => {
  it('a canonical entry gives the bytes of the stable JSON, with <, >, &, U+2028 and U+2029 escaped', async () => {
    const { mirrorJson } = await import('../../../src/emit/index.ts');
    for (const e of entries()) {
      const plain: SnapshotEntry = { ...e };
      const slow = mirrorJson(plain);
      markCanonical(e);
      expect(mirrorJson(e)).toBe(slow);
      expect(JSON.parse(slow)).toEqual({ status: e.status, body: e.body });
      expect(slow).not.toMatch(/[<>&\u2028\u2029]/);
    }
  });
});
