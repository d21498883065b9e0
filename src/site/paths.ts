// Site URL paths and their output files: every internal link and route is built here from checked
// slugs, so link, file and sitemap URL are one string. A site path has no trailing slash; the URL a
// page is linked, listed and served at is `pageUrl` of it (site.trailingSlash), and its file is
// `outputFileFor` of it (the page-file layout): docs/decisions/0117-trailing-slash-and-page-files.md.

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

/** site.trailingSlash: whether a page's URL ends in '/' ("always") or not ("never", `/` aside). */
export type TrailingSlash = 'never' | 'always';
/** The page-file layout: `x/index.html` ("folder") or `x.html` ("file") for the page at site path /x. */
export type PageFiles = 'folder' | 'file';
/** How the build names a page: its URL form and its file (config.site.trailingSlash, config.output.pageFiles resolved). */
export interface UrlForm {
  trailingSlash: TrailingSlash;
  pageFiles: PageFiles;
}

export const DEFAULT_URL_FORM: UrlForm = Object.freeze({ trailingSlash: 'never', pageFiles: 'folder' });

// A path's last segment with a dot names a file (slugs have no dot: ./slug.ts), e.g. /feed.xml, /assets/app.js.
const FILE_SEGMENT = /\.[^/]*$/;

/**
 * The URL path a page is linked, listed and canonicalised at: with "always" a site path gains its
 * trailing slash (`/about` -> `/about/`, query and fragment kept after it). Unchanged: "never", `/`,
 * a path already ending in '/', a path whose last segment names a file, and anything not a site path.
 */
export function pageUrl(trailingSlash: TrailingSlash | undefined, path: string): string {
  if (trailingSlash !== 'always' || !path.startsWith('/') || path.startsWith('//')) return path;
  const cut = path.search(/[?#]/);
  const bare = cut < 0 ? path : path.slice(0, cut);
  if (bare.endsWith('/') || FILE_SEGMENT.test(bare)) return path;
  return `${bare}/${cut < 0 ? '' : path.slice(cut)}`;
}

/** The site path of a page URL (the inverse of pageUrl): one trailing slash off, `/` kept. */
export const sitePathOf = (pathname: string): string => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);

/**
 * The one answer to "which file serves this page": relative to out/, '/'-separated, percent-escapes
 * decoded. "folder": `x/index.html`; "file": `x.html`. The home is `index.html` in both.
 */
export function outputFileFor(path: string, pageFiles: PageFiles): string {
  if (path === '/') return 'index.html';
  const decoded = path
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s))
    .join('/');
  return pageFiles === 'file' ? `${decoded}.html` : `${decoded}/index.html`;
}

/** The absolute URL of a page: site.url and pageUrl of its site path. */
export function pageAbsoluteUrl(site: { url: string; trailingSlash?: TrailingSlash }, path: string): string {
  return absoluteUrl(site.url, pageUrl(site.trailingSlash, path));
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
