// The plan: the pure description of a build's output (docs/architecture.md, "plan"); emit makes the
// files, render the routes' HTML.
import type { RedirectRule, RouteSpec, SitemapInfo } from '../site/types.ts';

/** A route with its output file resolved (relative to out/, '/'-separated). */
export interface PlannedRoute extends RouteSpec {
  file: string;
}

/** A 200 rewrite for a client-only route (search, preview) to its shell page. */
export interface RewriteRule {
  /** Path prefix ending in '/', e.g. '/search/'. */
  prefix: string;
  /** Site path of the shell file, e.g. '/_shell/search.html'. */
  to: string;
  status: 200;
}

/** One URL of the sitemap, absolute, in the same form as the canonical tag. */
export interface SitemapEntry {
  url: string;
  lastmod?: string;
  changefreq?: SitemapInfo['changefreq'];
  priority?: number;
  /** Absolute image URLs. */
  images: string[];
  news?: { title: string; publicationDate: string };
}

export interface BuildPlan {
  /** Sorted by path (code-unit order, the same on every machine). */
  routes: readonly PlannedRoute[];
  /** Validated, de-duplicated by source, sorted by source. */
  redirects: RedirectRule[];
  rewrites: RewriteRule[];
  /** Sorted by URL. */
  sitemap: readonly SitemapEntry[];
  /** ISO-8601: until then, a later clock plans the same snapshot alike (./clock-bound.ts). */
  validUntil: string;
}

/** The redirect record shape the sample API (and a redirect export) gives. */
export interface RedirectRecord {
  current_url: string;
  redirect_url: string;
  status?: number;
}
