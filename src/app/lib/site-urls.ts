// The URLs the browser loads, under the base path if any: site paths computed by the app get the
// prefix where they become an attribute or request. Router links get it from the basename; absolute
// URLs come from site.url, which already ends in it.
import type { PublicConfig } from '../../config/schema.ts';
import { pageUrl, withBase } from '../../site/paths.ts';
import { useSite } from '../context.tsx';

type UrlConfig = Pick<PublicConfig, 'site' | 'api'>;

/** '' when the page data carries none (a site at the origin's root embeds no basePath). */
export const basePathOf = (c: Pick<PublicConfig, 'site'>): string => c.site.basePath ?? '';

/** The image host: api.imageHost '' means the site itself, which under a base path is the base path. */
export const imageHostOf = (c: UrlConfig): string => c.api.imageHost || basePathOf(c);

/** The live API base the browser calls; '' (the site itself) is the base path, as for images. */
export const liveBaseOf = (c: UrlConfig): string => c.api.publicBase || basePathOf(c);

export interface SiteUrls {
  basePath: string;
  /** A site path (or an absolute URL, unchanged) as the browser requests it: a page's in the site's URL form (pageUrl), under the base path. */
  href(path: string): string;
  imageHost: string;
  liveBase: string;
}

export function useSiteUrls(): SiteUrls {
  const c = useSite();
  const basePath = basePathOf(c);
  const slash = c.site.trailingSlash;
  return { basePath, href: (path) => withBase(basePath, pageUrl(slash, path)), imageHost: imageHostOf(c), liveBase: liveBaseOf(c) };
}
