// The client's route table (src/site/kinds/patterns.ts) is the kinds' own: every
// kind of the catalogue, in its order, with the patterns it prerenders at.
import { describe, expect, it } from 'vitest';
import { PAGE_KINDS } from '../../../src/site/kinds/index.ts';
import { ROUTE_PATTERNS, patternsOf } from '../../../src/site/kinds/patterns.ts';

describe('route patterns', () => {
  it('list every page kind of the catalogue, in its order, with its patterns', () => {
    expect(ROUTE_PATTERNS.map((r) => [r.kind, [...r.patterns]])).toEqual(PAGE_KINDS.map((k) => [k.kind, [...k.patterns]]));
  });

  it('give each kind at least one pattern; only the 404 page matches any path', () => {
    for (const k of PAGE_KINDS) expect(patternsOf(k.kind).length).toBeGreaterThan(0);
    expect(ROUTE_PATTERNS.filter((r) => (r.patterns as readonly string[]).includes('*')).map((r) => r.kind)).toEqual(['not-found']);
  });
});
