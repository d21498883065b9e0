// Every request path of the content API, built in one place. The crawl fetches
// these, the snapshot is keyed by them, the app's queries use them as query
// keys, and the static mirror maps them to files (./mirror.ts). Query strings
// are built with sorted keys so one request has exactly one spelling.
//
// Slugs are inserted with encodeURIComponent: the crawl only calls these with
// slugs that passed src/site/slug.ts, but search terms and preview slugs come
// from readers and must stay data.

const enc = encodeURIComponent;

function withQuery(path: string, query: Record<string, number | string | undefined>): string {
  const keys = Object.keys(query).filter((k) => query[k] !== undefined).sort();
  if (keys.length === 0) return path;
  return `${path}?${keys.map((k) => `${k}=${enc(String(query[k]))}`).join('&')}`;
}

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
  topic: (cat: string, subcat: string | null, page: number, limit = TOPIC_LIMIT) =>
    withQuery(`/api/post/topic/${enc(cat)}${subcat ? `/${enc(subcat)}` : ''}`, { page, limit }),
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
  authorPosts: (name: string, subcat: string | null, page: number, limit = AUTHOR_LIMIT) =>
    withQuery(`/api/author/posts/${enc(name)}${subcat ? `/${enc(subcat)}` : ''}`, { page, limit }),
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

/** Snapshot key of a GET: `GET /api/...`. */
export function snapshotKey(path: string): string {
  return `GET ${path}`;
}
