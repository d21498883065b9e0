// Every request path of the content API, built in one place: the crawl fetches them, the snapshot
// and the app's queries are keyed by them, the mirror maps them to files (./mirror.ts). Query keys
// are sorted, so a request has one spelling. Slugs go through encodeURIComponent: the crawl's are
// checked (src/site/slug.ts), but search terms and preview slugs come from readers.

const enc = encodeURIComponent;

function withQuery(path: string, query: Record<string, number | string | undefined>): string {
  const keys = Object.keys(query).filter((k) => query[k] !== undefined).sort();
  if (keys.length === 0) return path;
  return `${path}?${keys.map((k) => `${k}=${enc(String(query[k]))}`).join('&')}`;
}

// The paged paths already built, by base path, limit and page: plan and crawl ask for every page of
// every listing each pass, and building one cost more than the lookup. Module-level: it memoises a
// pure function of its strings, the same in any site and build.
const PAGED = new Map<string, Map<number, string[]>>();

function pagedPath(base: string, page: number, limit: number): string {
  // Only small whole pages are kept: an API's page count is untrusted, the cache must stay small.
  if (!Number.isInteger(page) || page < 0 || page > 100_000 || !Number.isInteger(limit)) return withQuery(base, { page, limit });
  let byLimit = PAGED.get(base);
  if (!byLimit) PAGED.set(base, (byLimit = new Map()));
  let pages = byLimit.get(limit);
  if (!pages) byLimit.set(limit, (pages = []));
  return (pages[page] ??= withQuery(base, { page, limit }));
}

// A listing's base path, one string per listing, so a lookup finds its hash computed. Module-level as
// PAGED: a pure function of its strings.
const BASES = new Map<string, Map<string, Map<string, string>>>();

function basePath(prefix: string, name: string, subcat: string | null): string {
  let byName = BASES.get(prefix);
  if (!byName) BASES.set(prefix, (byName = new Map()));
  let bySubcat = byName.get(name);
  if (!bySubcat) byName.set(name, (bySubcat = new Map()));
  let base = bySubcat.get(subcat ?? '');
  if (base === undefined) bySubcat.set(subcat ?? '', (base = `${prefix}/${enc(name)}${subcat ? `/${enc(subcat)}` : ''}`));
  return base;
}
const topicBase = (cat: string, subcat: string | null) => basePath('/api/post/topic', cat, subcat);

export const TOPIC_LIMIT = 10;
export const AUTHOR_LIMIT = 10;
export const SEARCH_LIMIT = 10;

export const ep = {
  // header panels
  latestPost: () => '/api/post/latestPost',
  leadership: () => '/api/post/leadership',
  featuredPanel: () => '/api/post/featured',
  // home lists
  homeLatest: () => '/api/post/homelatest',
  homeLatestNews: () => '/api/post/homelatestnews',
  homePopular: () => '/api/post/homepopular',
  homeInterview: () => '/api/post/homeinterview',
  homeQuickByte: () => '/api/post/homequickbyte',
  homeArticle: () => '/api/post/homearticle',
  homePodcast: () => '/api/post/homepodcast',
  latest: () => '/api/post/latest',
  // listings
  topic: (cat: string, subcat: string | null, page: number, limit = TOPIC_LIMIT) => pagedPath(topicBase(cat, subcat), page, limit),
  tag: (subcat: string) => `/api/post/tag/${enc(subcat)}`,
  search: (cat: string, term: string, page: number, limit = SEARCH_LIMIT) =>
    withQuery(`/api/post/search/${enc(cat)}/${enc(term)}`, { page, limit }),
  subcatList: () => '/api/category/subcatlist',
  categoryAll: () => '/api/category/all',
  // article
  postDetails: (cat: string, name: string) => `/api/post/postdetails/${enc(cat)}/${enc(name)}`,
  previewPost: (cat: string, name: string) => `/api/post/preview-post/${enc(cat)}/${enc(name)}`,
  asideTopic: (cat: string) => `/api/post/asidetopic/${enc(cat)}`,
  postCount: (id: number) => `/api/post/post_count/${enc(String(id))}`,
  authorById: (id: number) => `/api/author/${enc(String(id))}`,
  // authors
  authorDetails: (name: string) => `/api/author/details/${enc(name)}`,
  authorPosts: (name: string, subcat: string | null, page: number, limit = AUTHOR_LIMIT) => pagedPath(basePath('/api/author/posts', name, subcat), page, limit),
  // events
  eventsAll: (page: number) => withQuery('/api/event/totalevents', { page }),
  eventsUpcoming: (page: number) => withQuery('/api/event/upcoming_events', { page }),
  eventsPast: (page: number) => withQuery('/api/event/past_events', { page }),
  eventDetails: (slug: string) => `/api/event/eventdetails/${enc(slug)}`,
  // ads
  ads: () => '/api/advertisement/get_active',
  // POSTs (live only, never crawled)
  subscribe: () => '/api/subscribe/add',
  contact: () => '/api/contact/add',
  checkRedirect: () => '/api/url_redirect/check_redirect',
} as const;

/** What a snapshot key starts with: the method of the request it stores. */
export const SNAPSHOT_KEY_PREFIX = 'GET ';

/** Snapshot key of a GET: `GET /api/...`. */
export function snapshotKey(path: string): string {
  return `${SNAPSHOT_KEY_PREFIX}${path}`;
}
