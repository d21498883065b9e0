// The URLs the browser loads, for a site served at the origin's root or under
// a base path (site.basePath, e.g. /project for a GitHub Pages project site).
// Site paths (paths.ts, the configuration's /assets/logo.svg, the mirror's
// /data/...) are what the app computes; these helpers add the prefix where such
// a path becomes an attribute or a request. Links through react-router get it
// from the router's basename instead (src/render/app.tsx, src/client/start.tsx).
// Absolute URLs (canonical, share, JSON-LD) come from site.url, which already
// ends in the base path, so they never go through here.
import type { PublicConfig } from '../../config/schema.ts';
import { withBase } from '../../site/paths.ts';
import { useSite } from '../context.tsx';

type UrlConfig = Pick<PublicConfig, 'site' | 'api'>;

/** '' when the page data carries none (a site at the origin's root embeds no basePath). */
export const basePathOf = (c: Pick<PublicConfig, 'site'>): string => c.site.basePath ?? '';

/**
 * The image host the browser requests from. api.imageHost '' means "the site
 * itself", which under a base path is the base path (pressroom serve --base
 * proxies /project/uploads/*), not the origin's root.
 */
export const imageHostOf = (c: UrlConfig): string => c.api.imageHost || basePathOf(c);

/** The live API base the browser calls; '' (the site itself) is the base path, as for images. */
export const liveBaseOf = (c: UrlConfig): string => c.api.publicBase || basePathOf(c);

export interface SiteUrls {
  basePath: string;
  /** A site path (or an absolute URL, unchanged) as the browser requests it. */
  href(path: string): string;
  imageHost: string;
  liveBase: string;
}

export function useSiteUrls(): SiteUrls {
  const c = useSite();
  const basePath = basePathOf(c);
  return { basePath, href: (path) => withBase(basePath, path), imageHost: imageHostOf(c), liveBase: liveBaseOf(c) };
}
