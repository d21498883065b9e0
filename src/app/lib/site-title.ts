// Which site title a page carries (docs/decisions/0035-section-site-titles.md: "Section site titles").
// The configuration has three: `site.name`, the news title `site.newsTitle`
// and the IT-security news title `site.securityTitle`. The product says some
// pages carry the news or the security title without saying which; the
// reading chosen here:
// - the news section carries the news title: the topic listing of the `news`
//   category and its sub-category pages, and every article whose cat_slug is
//   `news`;
// - the IT-security sub-category (`cyber-security`) carries the security
//   title: its topic listings under any category, its tag page, and every
//   article whose subcat_slug is `cyber-security`;
// - security wins when both apply (a news article about cyber security is read
//   as security news, the narrower audience);
// - every other page carries the site name.
// The title goes into <title> ("{page} | {title}"), og:site_name and the feed
// titles of those sections (src/emit/feeds). Pure: the server render, the
// browser and the feed writer all call this one function.
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

// Slugs are compared case-insensitively: a CMS that writes "News" still means
// the news section.
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
