// Which site title a page carries (docs/decisions/0035-section-site-titles.md): `site.name`,
// `site.newsTitle` or `site.securityTitle`:
// - the news section (the `news` category's listings and articles) carries the news title;
// - the `cyber-security` sub-category (its listings, tag page and articles) the security title;
// - security wins when both apply (the narrower audience); every other page the site name.
// Used in <title>, og:site_name and the sections' feed titles, by server, browser and feed writer.
import type { SiteConfig } from '../../config/schema.ts';

/** The category whose pages carry the news title. */
export const NEWS_CATEGORY = 'news';
/** The sub-category whose pages carry the IT-security news title. */
export const SECURITY_SUBCATEGORY = 'cyber-security';

export type SiteSection = 'security' | 'news' | null;

/** What a page (or a feed) is about, as far as the site title is concerned. */
export type TitleScope =
  | { kind: 'topic'; cat_slug: string; subcat?: string | null }
  | { kind: 'tag'; subcat: string }
  /** An article or its preview. */
  | { kind: 'article'; cat_slug: string; subcat_slug?: string | null }
  | { kind: 'other' };

type Titles = Pick<SiteConfig['site'], 'name' | 'newsTitle' | 'securityTitle'>;

// Case-insensitive: a CMS writing "News" still means the news section.
const is = (slug: string | null | undefined, wanted: string) => typeof slug === 'string' && slug.toLowerCase() === wanted;

export function sectionOf(scope: TitleScope): SiteSection {
  switch (scope.kind) {
    case 'topic':
      if (is(scope.subcat, SECURITY_SUBCATEGORY)) return 'security';
      return is(scope.cat_slug, NEWS_CATEGORY) ? 'news' : null;
    case 'tag':
      return is(scope.subcat, SECURITY_SUBCATEGORY) ? 'security' : null;
    case 'article':
      if (is(scope.subcat_slug, SECURITY_SUBCATEGORY)) return 'security';
      return is(scope.cat_slug, NEWS_CATEGORY) ? 'news' : null;
    case 'other':
      return null;
  }
}

/** The site title a page carries: the security title, the news title or the site name. */
export function siteTitle(site: Titles, scope: TitleScope): string {
  const section = sectionOf(scope);
  return section === 'security' ? site.securityTitle : section === 'news' ? site.newsTitle : site.name;
}
