// Matching a path against the client's route table (./patterns.ts), with React
// Router's own matcher and ranking but over only the patterns that can match it.
//
// Why: React Router flattens, ranks and compiles (a RegExp per pattern) the
// whole table on every matchRoutes call, and <Routes> calls it on every render.
// Measured in a profile of a 5,000-post build, the two matches each page made
// (App's <Routes>, the header's cat_slug) were 2.2 s of 6.3 s inside
// renderToString. Most patterns are excluded by a comparison of segments, so
// React Router ranks one to three instead of twenty.
//
// The filter only ever excludes a pattern that cannot match: one without an
// optional segment or a splat, whose segment count differs from the path's
// (a parameter matches exactly one non-empty segment), or one of whose static
// segments differs from the path's segment, decoded as React Router decodes it
// and compared without case as its matcher does. Anything else stays a
// candidate, so the result is exactly React Router's over the whole table
// (tests/unit/site/route-match.test.ts compares the two). The server render and
// the client filter the same way from the same path, so hydration sees the same
// route tree.
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
