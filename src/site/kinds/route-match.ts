// Matching a path against the client's route table with React Router's matcher and ranking, over only
// the patterns that can match: React Router compiles the whole table on every matchRoutes call, and
// the two matches per page were 2.2 s of 6.3 s of renderToString at 5,000 posts.
//
// The filter only excludes a pattern that cannot match: without optional segments or a splat, with
// another segment count, or with a static segment unlike the path's (decoded and case-folded as
// React Router does). So the result is exactly React Router's over the whole table
// (tests/unit/site/route-match.test.ts), and server and client see the same route tree.
import { matchRoutes } from 'react-router';
import type { PageKindName } from '../types.ts';
import { ROUTE_PATTERNS } from './patterns.ts';

export interface TableRoute {
  kind: PageKindName;
  path: string;
}

interface Compiled {
  route: TableRoute;
  /** Lower-cased static segments and null for parameters; null when the pattern has an optional segment or a splat. */
  segments: (string | null)[] | null;
}

const COMPILED: readonly Compiled[] = ROUTE_PATTERNS.flatMap((k) =>
  k.patterns.map((path): Compiled => ({
    route: { kind: k.kind, path },
    segments: /[?*]/.test(path) ? null : path.split('/').filter(Boolean).map((s) => (s.startsWith(':') ? null : s.toLowerCase())),
  })),
);

/** A path's non-empty segments, each decoded as React Router decodes it; null for one that does not decode (it then matches any static segment). */
function pathSegments(pathname: string): (string | null)[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return null;
      }
    });
}

function canMatch(c: Compiled, path: (string | null)[]): boolean {
  if (!c.segments) return true;
  if (c.segments.length !== path.length) return false;
  return c.segments.every((s, i) => s === null || path[i] === null || s === path[i]);
}

/** The routes of the table that can match `pathname`, in table order (what App's <Routes> is given). */
export function candidateRoutes(pathname: string): TableRoute[] {
  const path = pathSegments(pathname);
  return COMPILED.filter((c) => canMatch(c, path)).map((c) => c.route);
}

/** React Router's match of `pathname` in the whole table: the route it picks and its params, or null. */
export function matchRouteTable(pathname: string): { route: TableRoute; params: Record<string, string | undefined> } | null {
  const matches = matchRoutes(candidateRoutes(pathname), pathname);
  const last = matches?.[matches.length - 1];
  return last ? { route: last.route, params: last.params } : null;
}
