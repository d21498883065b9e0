// Site URL paths and their output files. Every internal link in the app and
// every route in plan is built here from checked slugs, so the link, the file
// and the sitemap URL are the same string (docs/deploying.md, "Sitemaps").
//
// URLs carry no trailing slash; each page is written as `{path}/index.html`
// (docs/decisions.md, 5).

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
} as const;

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

/** Absolute URL on the canonical origin. */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}

/** An image on the image host at a width (docs/api-contract.md, "General rules": `{imageHost}{path}?width=N`). */
export function imageUrl(imageHost: string, path: string | null | undefined, width: number): string | null {
  if (!path) return null;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return `${imageHost}${path}?width=${width}`;
}
