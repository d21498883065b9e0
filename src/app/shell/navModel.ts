// Pure rules of the header panels (docs/pages.md, "Shared shell"), kept apart
// from the components so they are tested directly.
import { matchRoutes } from 'react-router';
import type { PostItem } from '../../api/types.ts';
import { ROUTE_PATTERNS } from '../../site/kinds/patterns.ts';

/** Items per group: 3 on wide screens; CSS shows only the first under 768 px. */
export const PANEL_ITEMS = 3;
export const PANEL_ERROR = 'Error: Error fetching data';

const ROUTES = ROUTE_PATTERNS.flatMap((k) => k.patterns.map((path) => ({ path })));

/**
 * The cat_slug route parameter of the current page. The header sits in the
 * layout route, above the page's own route, so useParams() cannot see it: the
 * location is matched against the same route table the app uses.
 */
export function routeCatSlug(pathname: string): string | null {
  const m = matchRoutes(ROUTES, pathname);
  const slug = m?.[m.length - 1]?.params.cat_slug;
  return slug ? slug : null;
}

/**
 * See More target slug: the slug comes from the first post of the group,
 * or else from the cat_slug route parameter of the current page. The group's
 * configured slug is the last resort so the link is never /topic/undefined.
 */
export function seeMoreSlug(items: readonly PostItem[] | undefined, routeSlug: string | null, configured: string): string {
  return items?.[0]?.cat_slug || routeSlug || configured;
}

/** A panel response is usable when it is a 2xx object; anything else is the error state. */
export function panelState(r: { data: unknown; status: number | undefined; isLoading: boolean; error: Error | null }): 'loading' | 'error' | 'loaded' {
  if (r.isLoading) return 'loading';
  if (r.error || r.data === undefined || r.data === null || typeof r.data !== 'object') return 'error';
  return 'loaded';
}
