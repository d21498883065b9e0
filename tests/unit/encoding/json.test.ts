// canonicalJson must be exactly the text round trip it replaces in the crawl:
// equal values, the same key order, and JSON's own rules for what it cannot hold.
import { describe, expect, it } from 'vitest';
import { canonicalJson, sameJsonValue, stableStringify } from '../../../src/encoding/json.ts';

const roundTrip = (v: unknown): unknown => JSON.parse(stableStringify(v) ?? 'null');

const cases: [string, unknown][] = [
  ['a nested record', { z: 1, a: { y: [3, { d: 'x', b: null }], c: true }, m: 'é\u2028<' }],
  ['values JSON cannot hold', { u: undefined, f: () => 1, s: Symbol('x'), n: NaN, i: -Infinity, z: -0, list: [undefined, () => 1, NaN, -0] }],
  ['a date (its own keys: none, as stableStringify copies them)', { when: new Date('2026-01-15T12:00:00.000Z') }],
  ['scalars', 'text'],
  ['an empty list of empty records', [{}, [], '']],
  ['numeric-looking keys', { 10: 'a', 2: 'b', b: 'c', A: 'd' }],
];

describe('canonicalJson', () => {
  for (const [name, value] of cases) {
    it(`equals JSON.parse(stableStringify(v)), key order included: ${name}`, () => {
      const got = canonicalJson(value);
      expect(got).toEqual(roundTrip(value));
      expect(JSON.stringify(got)).toBe(JSON.stringify(roundTrip(value)));
    });
  }

  it('never returns the input objects (a copy)', () => {
    const input = { a: { b: [1] } };
    const got = canonicalJson(input) as typeof input;
    expect(got.a).not.toBe(input.a);
    expect(got.a.b).not.toBe(input.a.b);
  });

  it('throws on a BigInt, as JSON.stringify does', () => {
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});

describe('canonicalEntryHash', () => {
  it('is entryHash for a canonical body (the crawl stores canonical bodies with it)', async () => {
    const { canonicalEntryHash, entryHash } = await import('../../../src/snapshot/snapshot-files.ts');
    for (const [, value] of cases) {
      const body = canonicalJson(value);
      expect(canonicalEntryHash(200, body)).toBe(entryHash(200, body));
      expect(canonicalEntryHash(500, body)).toBe(entryHash(500, body));
    }
  });
});

describe('sameJsonValue', () => {
  it('holds values alike to the last field, keys in the same order, and nothing looser than equal JSON', () => {
    const route = () => ({ kind: 'topic', path: '/topic/news', params: { cat_slug: 'news' }, deps: ['/a', '/b'], sitemap: { lastmod: '2026-01-01', images: [] as string[], news: undefined }, record: 'topic news' });
    expect(sameJsonValue(route(), route())).toBe(true);
    expect(sameJsonValue([1, 'a', null, true], [1, 'a', null, true])).toBe(true);
    const unlike: [unknown, unknown][] = [
      [route(), { ...route(), deps: ['/a'] }],
      [route(), { ...route(), deps: ['/b', '/a'] }],
      [route(), { ...route(), sitemap: { ...route().sitemap, lastmod: '2026-01-02' } }],
      [route(), { ...route(), params: { cat_slug: 'news', subcat: 'x' } }],
      // The same fields in another order print another text.
      [{ a: 1, b: 2 }, { b: 2, a: 1 }],
      // A key holding undefined and a key left out print the same text, but are told apart (stricter, never looser).
      [{ a: 1, b: undefined }, { a: 1 }],
      [{ a: 1 }, { a: '1' }],
      [{ a: [] }, { a: {} }],
      [[1], { 0: 1 }],
      [{ a: null }, { a: {} }],
      [Number.NaN, Number.NaN],
      [new Date(0), new Date(0)],
    ];
    for (const [a, b] of unlike) {
      expect(sameJsonValue(a, b)).toBe(false);
      expect(sameJsonValue(b, a)).toBe(false);
    }
  });
});
