// Site URL paths and their output files. Every internal link in the app and
// every route in plan is built here from checked slugs, so the link, the file
// and the sitemap URL are the same string (docs/deploying.md, "Sitemaps").
//
// URLs carry no trailing slash; each page is written as `{path}/index.html`
// (docs/decisions/0005-no-trailing-slash.md).

const seg = (s: string) => encodeURIComponent(s);

export const paths = {
  home: () => '/',
  article: (cat: string, name: string) => `/${seg(cat)}/${seg(name)}`,
  topic: (cat: string, subcat?: string | null) => `/topic/${seg(cat)}${subcat ? `/${seg(subcat)}` : ''}`,
  tag: (subcat: string) => `/tag/${seg(subcat)}`,
  author: (name: string) => `/author/${seg(name)}`,
  authorIndex: () => '/author',
  noPosts: () => '/no-posts',
  search: (cat: string, term: string) => `/search/${seg(cat)}/${seg(term)}`,
  preview: (cat: string, name: string) => `/preview/${seg(cat)}/${seg(name)}`,
  events: () => '/events',
  pastEvents: () => '/past-events',
  event: (slug: string) => `/events/${seg(slug)}`,
  pastEvent: (slug: string) => `/past-events/${seg(slug)}`,
  about: () => '/about',
  privacy: () => '/privacy-policy',
  optOut: () => '/opt-out-form',
  contact: () => '/contact-us',
  sitemapPage: () => '/sitemap',
  notFound: () => '/404',
  /**
   * Page `n` of a paged listing (a topic, an author, the events list): page 1 is the listing's
   * own URL, page 2 and later `{listing}/page/{n}`, each prerendered for readers and crawlers
   * without JavaScript (docs/decisions/0105-listing-page-routes.md).
   */
  listingPage: (listing: string, n: number) => (n <= 1 ? listing : `${listing}/page/${n}`),
} as const;

/** The page number of a listing route's `page` parameter: 1 when it is absent or not a plainly written positive number (`02`, `x`). */
export function listingPageNumber(param: string | undefined): number {
  return param !== undefined && /^[1-9][0-9]{0,8}$/.test(param) ? Number(param) : 1;
}

/** Output file (relative to out/, '/'-separated, percent-escapes decoded) for a URL path. */
export function outputFileFor(path: string): string {
  if (path === '/') return 'index.html';
  const decoded = path
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s))
    .join('/');
  return `${decoded}/index.html`;
}

/**
 * Absolute URL of a site path. `siteUrl` is the configured `site.url`, which
 * already ends in the base path when the site is served under one
 * (src/config/schema.ts), so `path` must be the bare site path: passing a
 * `withBase` result here would double the prefix.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}

// The base path: the prefix a site is served under (a GitHub Pages project
// site lives at /project/). '' is a site at the origin's root, and then every
// function below returns its input unchanged, so such a site's output is the
// same bytes as before base paths existed.

/**
 * What a base path may be: '' or '/' followed by '/'-separated segments of
 * unreserved URL characters (RFC 3986), none of them '.' or '..', no trailing
 * slash. Nothing in it needs escaping in a URL, an HTML attribute, a host's
 * redirect file or a regular expression's literal part (dots aside).
 */
export const BASE_PATH_PATTERN = /^(\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)*$/;

export const isBasePath = (s: string): boolean => s.length <= 200 && BASE_PATH_PATTERN.test(s);

/**
 * The URL a browser requests for a site path: `/about` -> `/project/about`,
 * `/` -> `/project/` (the folder the host serves index.html of). Anything that
 * is not a site path (absolute URLs, '//host', '#x', 'mailto:') is returned
 * unchanged.
 */
export function withBase(basePath: string, path: string): string {
  if (!basePath || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${basePath}${path}`;
}

/** The site path of a requested URL path, or null when the path lies outside the base path. */
export function stripBase(basePath: string, pathname: string): string | null {
  if (!basePath) return pathname;
  if (pathname === basePath) return '/';
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
}

/**
 * react-router's `basename` for a base path. With the trailing slash, a link to
 * `/` is `/project/` (the URL the canonical tag and the sitemap give the home
 * page, and the one GitHub Pages answers without a redirect) and `/about` is
 * `/project/about`; react-router strips it from `/project` and `/project/`
 * alike. Undefined for '' so the routers keep their default.
 */
export const routerBasename = (basePath: string): string | undefined => (basePath ? `${basePath}/` : undefined);

// Site-relative href and src attributes inside a tag of sanitised CMS HTML. The
// sanitiser writes every attribute double-quoted with '"' escaped, and a
// literal '<' in text is escaped, so a match is always a real attribute of a
// real tag; quoted values are skipped whole, so a '>' inside one does not end
// the tag early.
const CMS_TAG = /<(?:a|img)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const SITE_RELATIVE_ATTR = /(\s(?:href|src)=")\/(?![/\\])/gi;

/**
 * CMS HTML with its site-relative links and images moved under the base path.
 * The body stays a site-path document in the snapshot (one snapshot renders
 * under any base path); this runs where it is shown.
 */
export function rebaseHtml(basePath: string, html: string): string {
  if (!basePath || !html) return html;
  return html.replace(CMS_TAG, (tag) => tag.replace(SITE_RELATIVE_ATTR, `$1${basePath}/`));
}

/**
 * The inverse of rebaseHtml: the site-path document back from HTML shown under
 * the base path (the article body the client takes from the page's markup,
 * ./embedded-body.ts). rebaseHtml prefixed every site-relative attribute once,
 * so removing one prefix from each restores the original.
 */
export function unrebaseHtml(basePath: string, html: string): string {
  if (!basePath || !html) return html;
  const prefixed = new RegExp(`(\\s(?:href|src)=")${basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`, 'gi');
  return html.replace(CMS_TAG, (tag) => tag.replace(prefixed, '$1/'));
}

/** An image on the image host at a width (docs/api-contract.md, "General rules": `{imageHost}{path}?width=N`). */
export function imageUrl(imageHost: string, path: string | null | undefined, width: number): string | null {
  if (!path) return null;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return `${imageHost}${path}?width=${width}`;
}
