// Which site title each page kind carries (src/app/lib/site-title.ts;
// docs/decisions/0035-section-site-titles.md "Section site titles"): the news section the news title, the
// cyber-security sub-category the security title (winning over news), every
// other page the site name.
import { describe, expect, it } from 'vitest';
import { sectionOf, siteTitle, type TitleScope } from '../../../../src/app/lib/site-title.ts';

const site = { name: 'DevDispatch', newsTitle: 'DevDispatch News', securityTitle: 'DevDispatch IT Security News' };

const cases: [string, TitleScope, string][] = [
  // topic listings
  ['the news topic', { kind: 'topic', cat_slug: 'news' }, site.newsTitle],
  ['a news sub-category topic', { kind: 'topic', cat_slug: 'news', subcat: 'cloud-computing' }, site.newsTitle],
  ['the security sub-category under news (security wins)', { kind: 'topic', cat_slug: 'news', subcat: 'cyber-security' }, site.securityTitle],
  ['the security sub-category under another category', { kind: 'topic', cat_slug: 'featured', subcat: 'cyber-security' }, site.securityTitle],
  ['another topic', { kind: 'topic', cat_slug: 'podcasts' }, site.name],
  ['another topic sub-category', { kind: 'topic', cat_slug: 'podcasts', subcat: 'kubernetes' }, site.name],
  ['a topic whose slug only contains "news"', { kind: 'topic', cat_slug: 'newsletters' }, site.name],
  // tag pages
  ['the security tag', { kind: 'tag', subcat: 'cyber-security' }, site.securityTitle],
  ['another tag', { kind: 'tag', subcat: 'cloud-computing' }, site.name],
  ['a tag named like the news category (a tag is not the news section)', { kind: 'tag', subcat: 'news' }, site.name],
  // articles (and previews)
  ['a news article', { kind: 'article', cat_slug: 'news', subcat_slug: 'ai' }, site.newsTitle],
  ['a news article without sub-category', { kind: 'article', cat_slug: 'news', subcat_slug: null }, site.newsTitle],
  ['a news article about cyber security (security wins)', { kind: 'article', cat_slug: 'news', subcat_slug: 'cyber-security' }, site.securityTitle],
  ['a featured article about cyber security', { kind: 'article', cat_slug: 'featured', subcat_slug: 'cyber-security' }, site.securityTitle],
  ['another article', { kind: 'article', cat_slug: 'quick-bytes', subcat_slug: 'devops' }, site.name],
  ['a slug in other case', { kind: 'article', cat_slug: 'News', subcat_slug: 'Cyber-Security' }, site.securityTitle],
  // everything else (home, events, static pages, author, search)
  ['any other page', { kind: 'other' }, site.name],
];

describe('siteTitle per page kind', () => {
  it.each(cases)('%s', (_name, scope, expected) => {
    expect(siteTitle(site, scope)).toBe(expected);
  });

  it('names the section it chose', () => {
    expect(sectionOf({ kind: 'topic', cat_slug: 'news' })).toBe('news');
    expect(sectionOf({ kind: 'tag', subcat: 'cyber-security' })).toBe('security');
    expect(sectionOf({ kind: 'article', cat_slug: 'featured', subcat_slug: 'ai' })).toBeNull();
    expect(sectionOf({ kind: 'other' })).toBeNull();
  });
});
