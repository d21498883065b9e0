// Site URL paths and their output files: every internal link and route is built here from checked
// slugs, so link, file and sitemap URL are one string. No trailing slash; each page is
// `{path}/index.html` (docs/decisions/0005-no-trailing-slash.md).

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
  /** Page `n` of a paged listing: page 1 is the listing, later ones `{listing}/page/{n}`. */
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
 * Absolute URL of a site path. `siteUrl` already ends in the base path (src/config/schema.ts), so
 * pass the bare site path: a `withBase` result would double the prefix.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}

// The base path a site is served under (/project/ on GitHub Pages). With '' every function below
// returns its input, so a root site's output is unchanged.

/**
 * A base path: '' or '/'-separated segments of unreserved characters (RFC 3986), no '.' or '..', no
 * trailing slash: nothing in it needs escaping in a URL, attribute, redirect file or regex (dots aside).
 */
export const BASE_PATH_PATTERN = /^(\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)*$/;

export const isBasePath = (s: string): boolean => s.length <= 200 && BASE_PATH_PATTERN.test(s);

/** The URL a browser requests: `/about` -> `/project/about`, `/` -> `/project/`; non-site paths unchanged. */
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
 * react-router's `basename`: with the trailing slash a link to `/` is `/project/` (the canonical home
 * URL, answered without a redirect), and both `/project` and `/project/` are stripped. Undefined for ''.
 */
export const routerBasename = (basePath: string): string | undefined => (basePath ? `${basePath}/` : undefined);

// Site-relative href and src in a tag of sanitised CMS HTML. The sanitiser double-quotes every
// attribute and escapes '<' in text, so a match is a real tag; quoted values are skipped whole.
const CMS_TAG = /<(?:a|img)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const SITE_RELATIVE_ATTR = /(\s(?:href|src)=")\/(?![/\\])/gi;

/** CMS HTML with site-relative links and images under the base path, where it is shown. */
export function rebaseHtml(basePath: string, html: string): string {
  if (!basePath || !html) return html;
  return html.replace(CMS_TAG, (tag) => tag.replace(SITE_RELATIVE_ATTR, `$1${basePath}/`));
}

/** The inverse of rebaseHtml (for ./embedded-body.ts): one prefix off each site-relative attribute. */
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
