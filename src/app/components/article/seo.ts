// The article's head (docs/deploying.md, "Page metadata"), with JSON-LD NewsArticle and BreadcrumbList
// on absolute canonical URLs.
import type { Post } from '../../../api/types.ts';
import type { PublicConfig } from '../../../config/schema.ts';
import { cutText, stripTags } from '../../../encoding/html.ts';
import { absoluteUrl, pageAbsoluteUrl, imageUrl, paths } from '../../../site/paths.ts';
import { checkSlug } from '../../../site/slug.ts';
import type { PageHead } from '../../head.tsx';
import { siteTitle } from '../../lib/site-title.ts';

/** Meta description fallback: the stripped body cut to this many characters. */
export const DESCRIPTION_CHARS = 160;
const OG_WIDTH = 1200;

function absolute(config: PublicConfig, url: string): string {
  return /^https?:\/\//i.test(url) ? url : absoluteUrl(config.site.url, url);
}

export function articleDescription(post: Pick<Post, 'meta_description' | 'post_content'>): string {
  const meta = post.meta_description?.trim();
  if (meta) return meta;
  const text = stripTags(post.post_content ?? '');
  const cut = cutText(text, DESCRIPTION_CHARS);
  return cut.length < text.length ? `${cut.replace(/\s+\S*$/, '')}…` : cut;
}

export function articleTitle(post: Pick<Post, 'meta_title' | 'post_title'>, siteName: string): string {
  return `${post.meta_title?.trim() || post.post_title} | ${siteName}`;
}

export function articleJsonLd(post: Post, config: PublicConfig): object[] {
  const { site } = config;
  const url = pageAbsoluteUrl(site, paths.article(post.cat_slug, post.post_name));
  const image = post.banner_img ? imageUrl(config.api.imageHost, post.banner_img, OG_WIDTH) : null;
  const author: Record<string, string> = { '@type': 'Person', name: post.post_author };
  if (post.author_name && checkSlug(post.author_name).ok) author.url = pageAbsoluteUrl(site, paths.author(post.author_name));
  const news = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    headline: post.post_title,
    description: articleDescription(post),
    ...(image ? { image: [absolute(config, image)] } : {}),
    datePublished: post.post_date,
    dateModified: post.post_date,
    author,
    publisher: {
      '@type': 'Organization',
      name: site.name,
      logo: { '@type': 'ImageObject', url: absolute(config, site.logo) },
    },
  };
  const crumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: pageAbsoluteUrl(site, '/') },
      { '@type': 'ListItem', position: 2, name: post.cat_name || post.cat_slug, item: pageAbsoluteUrl(site, paths.topic(post.cat_slug)) },
      { '@type': 'ListItem', position: 3, name: post.post_title, item: url },
    ],
  };
  return [news, crumbs];
}

/** The site title an article (or its preview) carries: the news or security title for those sections. */
export function articleSiteTitle(post: Pick<Post, 'cat_slug' | 'subcat_slug'>, config: PublicConfig): string {
  return siteTitle(config.site, { kind: 'article', cat_slug: post.cat_slug, subcat_slug: post.subcat_slug });
}

/** The article page's head. */
export function articleHead(post: Post, config: PublicConfig): PageHead {
  const sectionTitle = articleSiteTitle(post, config);
  return {
    title: articleTitle(post, sectionTitle),
    siteName: sectionTitle,
    description: articleDescription(post),
    image: post.banner_img,
    type: 'article',
    publishedTime: post.post_date,
    canonicalPath: paths.article(post.cat_slug, post.post_name),
    jsonLd: articleJsonLd(post, config),
  };
}
