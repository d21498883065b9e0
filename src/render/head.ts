// The <head> of every page (docs/deploying.md, "Page metadata"). Attribute values are escaped here:
// this is string templating, not React.
import type { SiteConfig } from '../config/schema.ts';
import { escapeHtml } from '../encoding/html.ts';
import { jsonForScript } from '../encoding/json.ts';
import type { PageHead } from '../app/head.tsx';
import { absoluteUrl, imageUrl, pageAbsoluteUrl, withBase } from '../site/paths.ts';

/** og:image width: the largest of the pages' srcset widths (docs/pages.md, "Article"). */
const OG_IMAGE_WIDTH = 1200;
const ABSOLUTE = /^https?:\/\//i;

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

/** Head parts that are the same on every page, built once per renderer. `cssUrl` comes from the bundle, already under the base path. */
export function staticHead(opts: { cssUrl: string; basePath?: string }): { top: string; bottom: string } {
  const top = ['<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">'].join('\n');
  const bottom = [
    '<meta name="theme-color" content="#5b2a86">',
    `<link rel="icon" href="${escapeHtml(withBase(opts.basePath ?? '', '/assets/favicon.svg'))}" type="image/svg+xml">`,
    `<link rel="stylesheet" href="${escapeHtml(opts.cssUrl)}">`,
  ].join('\n');
  return { top, bottom };
}

/** Absolute URL of a page image: absolute URLs as they are, site assets on the site, the rest on the image host. */
export function ogImageUrl(config: SiteConfig, image: string | null | undefined): string {
  const origin = config.site.url;
  const src = image || config.site.logo;
  if (ABSOLUTE.test(src)) return src;
  if (src.startsWith('/assets/')) return absoluteUrl(origin, src);
  const url = imageUrl(config.api.imageHost, src, OG_IMAGE_WIDTH) ?? config.site.logo;
  return ABSOLUTE.test(url) ? url : absoluteUrl(origin, url);
}

/** The page-specific head tags, in a fixed order. */
export function pageHead(config: SiteConfig, head: PageHead, routePath: string): string {
  const { site } = config;
  const title = head.title;
  const description = head.description ?? site.description;
  const canonical = pageAbsoluteUrl(site, head.canonicalPath ?? routePath);
  const image = ogImageUrl(config, head.image);
  const type = head.type ?? 'website';
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  tags.push(
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:type', type),
    meta('property', 'og:site_name', head.siteName ?? site.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
  );
  if (type === 'article' && head.publishedTime) tags.push(meta('property', 'article:published_time', head.publishedTime));
  tags.push(meta('name', 'twitter:card', 'summary_large_image'));
  if (site.twitterHandle) tags.push(meta('name', 'twitter:site', site.twitterHandle));
  tags.push(meta('name', 'twitter:title', title), meta('name', 'twitter:description', description), meta('name', 'twitter:image', image));
  for (const alt of head.alternates ?? []) {
    // Feed paths are site paths (src/site/feeds.ts); the browser requests them under the base path.
    tags.push(`<link rel="alternate" type="${escapeHtml(alt.type)}" href="${escapeHtml(withBase(site.basePath, alt.href))}" title="${escapeHtml(alt.title)}">`);
  }
  for (const ld of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonForScript(ld)}</script>`);
  return tags.join('\n');
}

/**
 * modulepreload links, entry first, then the page's chunks (deduplicated). At low priority: modules
 * only hydrate, so they must not take a slow link's bandwidth from the CSS and the largest image
 * (Lighthouse, bench/readers.ts: topic page first paint 2.2 -> 0.8 s).
 */
export function preloadLinks(entryUrl: string, chunks: readonly string[]): string {
  const urls = [entryUrl, ...chunks.filter((u, i) => u !== entryUrl && chunks.indexOf(u) === i)];
  return urls.map((u) => `<link rel="modulepreload" fetchpriority="low" href="${escapeHtml(u)}">`).join('\n');
}
