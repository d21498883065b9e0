// Pure rules of the header panels, tested directly.
import { ep } from '../../api/endpoints.ts';
import type { PostItem } from '../../api/types.ts';
import type { PublicConfig } from '../../config/schema.ts';

/** Items per group: 3 on wide screens; CSS shows only the first under 768 px. */
export const PANEL_ITEMS = 3;
export const PANEL_ERROR = 'Error: Error fetching data';

/** See More's slug: the group's first post's, else the page's cat_slug, else the configured one. */
export function seeMoreSlug(items: readonly PostItem[] | undefined, routeSlug: string | null, configured: string): string {
  return items?.[0]?.cat_slug || routeSlug || configured;
}

/** A panel response is usable when it is a 2xx object; anything else is the error state. */
export function panelState(r: { data: unknown; status: number | undefined; isLoading: boolean; error: Error | null }): 'loading' | 'error' | 'loaded' {
  if (r.isLoading) return 'loading';
  if (r.error || r.data === undefined || r.data === null || typeof r.data !== 'object') return 'error';
  return 'loaded';
}

export type NavSection = PublicConfig['nav']['sections'][number];

const ENDPOINTS = { latestPost: ep.latestPost, leadership: ep.leadership, featured: ep.featuredPanel } as const;

/** The crawled GET a section's panel reads (PANEL_DEPS in src/site/common.ts). */
export function sectionPath(section: NavSection): string {
  return ENDPOINTS[section.endpoint]();
}
