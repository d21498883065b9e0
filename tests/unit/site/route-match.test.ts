// The route table matched over its candidates only (src/site/kinds/route-match.ts)
// must pick what React Router picks over the whole table, for every path: the
// server render and hydration depend on it.
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { candidateRoutes, matchRouteTable } from '../../../src/site/kinds/route-match.ts';
import { ROUTE_PATTERNS } from '../../../src/site/kinds/patterns.ts';

const WHOLE = ROUTE_PATTERNS.flatMap((k) => k.patterns.map((path) => ({ path, kind: k.kind })));

function whole(pathname: string) {
  const m = matchRoutes(WHOLE, pathname);
  const last = m?.[m.length - 1];
  return last ? { kind: last.route.kind, path: last.route.path, params: last.params } : null;
}

function filtered(pathname: string) {
  const m = matchRouteTable(pathname);
  return m ? { kind: m.route.kind, path: m.route.path, params: m.params } : null;
}

const SEGMENTS = ['topic', 'TOPIC', 'Topic', '%74opic', 'tag', 'author', 'events', 'past-events', 'search', 'preview', 'about', 'contact-us',
  'sitemap', 'no-posts', 'news', 'ai', 'caf%C3%A9', '%E0%A4%A', '%2F', 'a%2Fb', 'K', '\u212Aelvin', 'x.y', '', ' ', '*', ':cat_slug'];

/** Every path of up to three segments over SEGMENTS, with and without a trailing slash, and doubled slashes. */
function* paths(): Generator<string> {
  yield '/';
  yield '';
  yield '//';
  for (const a of SEGMENTS) {
    yield `/${a}`;
    yield `/${a}/`;
    for (const b of SEGMENTS) {
      yield `/${a}/${b}`;
      yield `/${a}//${b}`;
      yield `/${a}/${b}/`;
      for (const c of SEGMENTS.slice(0, 14)) yield `/${a}/${b}/${c}`;
    }
  }
}

describe('the route table over its candidates', () => {
  it('matches every path exactly as React Router does over the whole table (kind, pattern, params)', () => {
    // React Router warns (console.warn) of each path that does not decode; both sides see those paths.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let n = 0;
    for (const p of paths()) {
      expect(filtered(p), p).toEqual(whole(p));
      n++;
    }
    warn.mockRestore();
    expect(n).toBeGreaterThan(10_000);
  });

  it('gives <Routes> a handful of candidates, not the whole table', () => {
    expect(candidateRoutes('/news/some-post').map((r) => r.kind)).toEqual(['article', 'not-found']);
    expect(candidateRoutes('/topic/news').map((r) => r.kind)).toEqual(['topic', 'article', 'not-found']);
    expect(candidateRoutes('/').map((r) => r.kind)).toEqual(['home', 'not-found']);
    expect(candidateRoutes('/events').map((r) => r.kind)).toEqual(['events', 'not-found']);
  });

  it('keeps a pattern whose static segment the path spells in another case or percent-encodes', () => {
    expect(filtered('/TOPIC/news')?.kind).toBe('topic');
    expect(filtered('/%74opic/news')?.kind).toBe('topic');
    expect(filtered('/topic/news/')?.kind).toBe('topic');
  });
});
