// The files a build must emit, computed from the sample API's HTTP answers by
// walking the contract (docs/api-contract.md) and the page list (docs/pages.md) — never by
// listing the output. Pages: every published post, topic and topic/sub-category
// listing with posts and each of its later pages that lists any, tag with a 200,
// author with posts and their later pages, event and past event, each later page
// of the events list, and the fixed pages. Mirror: every GET those pages and their client-side
// pagination read.
import { ep } from '../../../src/api/endpoints.ts';
import { mirrorFile } from '../../../src/api/mirror.ts';
import { CATEGORY_SLUGS } from '../../../src/api/types.ts';

type Get = (path: string) => Promise<{ status: number; body: any }>;

export function httpGet(base: string): Get {
  return async (path) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: await res.json() };
  };
}

const FIXED_PAGES = [
  'index.html',
  '404.html',
  '_shell/search.html',
  '_shell/preview.html',
  'about/index.html',
  'privacy-policy/index.html',
  'opt-out-form/index.html',
  'contact-us/index.html',
  'sitemap/index.html',
  'author/index.html',
  'no-posts/index.html',
  'events/index.html',
  'past-events/index.html',
];
const SHELL = [ep.latestPost(), ep.leadership(), ep.featuredPanel(), ep.ads()];
const HOME = [ep.homeLatest(), ep.homeLatestNews(), ep.homePopular(), ep.homeQuickByte(), ep.homeArticle(), ep.homePodcast(), ep.homeInterview(), ep.latest()];

export async function expectedSite(get: Get): Promise<{ pages: string[]; mirror: string[]; articles: { cat: string; name: string; title: string }[] }> {
  const pages = new Set(FIXED_PAGES);
  // category/all: the search shell's category select (docs/pages.md, "Search results")
  const gets = new Set([...SHELL, ...HOME, ep.subcatList(), ep.categoryAll()]);
  /** Every page of a paged list, recording each GET. */
  async function allPages(first: (n: number) => string, total: (b: any) => number): Promise<any[]> {
    const bodies = [];
    const one = await get(first(1));
    gets.add(first(1));
    bodies.push(one.body);
    for (let n = 2; n <= total(one.body); n++) {
      gets.add(first(n));
      bodies.push((await get(first(n))).body);
    }
    return bodies;
  }
  const subcats = ((await get(ep.subcatList())).body as { subcat_slug: string }[]).map((s) => s.subcat_slug);

  /** Pages 2 and on of a listing that list anything are routes of their own (docs/pages.md, "Listing pages without JavaScript"). */
  const laterPages = (bodies: any[], items: (b: any) => unknown[] | undefined, file: (n: number) => string) => {
    for (let n = 2; n <= bodies.length; n++) if ((items(bodies[n - 1])?.length ?? 0) > 0) pages.add(file(n));
  };
  const listed = new Map<number, { cat_slug: string; post_name: string }>();
  for (const cat of CATEGORY_SLUGS) {
    for (const sub of [null, ...subcats]) {
      const bodies = await allPages((n) => ep.topic(cat, sub, n), (b) => b.posts.pagination.totalPages);
      if (bodies[0].posts.pagination.totalItems > 0) {
        pages.add(`topic/${cat}${sub ? `/${sub}` : ''}/index.html`);
        laterPages(bodies, (b) => b.posts.postData, (n) => `topic/${cat}${sub ? `/${sub}` : ''}/page/${n}/index.html`);
      }
      if (sub === null) for (const b of bodies) for (const p of b.posts.postData) listed.set(p.id, p);
    }
  }
  for (const sub of subcats) {
    gets.add(ep.tag(sub));
    if ((await get(ep.tag(sub))).status === 200) pages.add(`tag/${sub}/index.html`);
  }
  const authors = new Set<string>();
  const articles: { cat: string; name: string; title: string }[] = [];
  for (const item of listed.values()) {
    const path = ep.postDetails(item.cat_slug, item.post_name);
    gets.add(path);
    const res = await get(path);
    const post = res.body.result?.[0];
    if (res.status !== 201 || !post || (post.post_status && post.post_status !== 'publish')) continue;
    pages.add(`${post.cat_slug}/${post.post_name}/index.html`);
    articles.push({ cat: post.cat_slug, name: post.post_name, title: post.post_title });
    gets.add(ep.asideTopic(post.cat_slug));
    gets.add(ep.authorById(post.post_author_id));
    authors.add(post.author_name);
  }
  for (const name of authors) {
    gets.add(ep.authorDetails(name));
    const details = (await get(ep.authorDetails(name))).body.author?.[0];
    const bodies = await allPages((n) => ep.authorPosts(name, null, n), (b) => b.authorPosts.pagination.totalPages);
    if (details && bodies[0].authorPosts.pagination.totalItems > 0) {
      pages.add(`author/${name}/index.html`);
      laterPages(bodies, (b) => b.authorPosts.postData, (n) => `author/${name}/page/${n}/index.html`);
    }
  }
  const eventLists = [ep.eventsAll, ep.eventsUpcoming, ep.eventsPast];
  const eventBodies = (list: (n: number) => string) => allPages(list, (b) => b.responseData.pagination.totalPages);
  const slugsOf = async (list: (n: number) => string) => (await eventBodies(list)).flatMap((b) => b.responseData.eventData.map((e: { event_slug: string }) => e.event_slug));
  laterPages(await eventBodies(eventLists[0]), (b) => b.responseData.eventData, (n) => `events/page/${n}/index.html`);
  const [all, , past] = [await slugsOf(eventLists[0]), await slugsOf(eventLists[1]), await slugsOf(eventLists[2])];
  for (const [slugs, folder] of [[all, 'events'], [past, 'past-events']] as const) {
    for (const slug of slugs) {
      gets.add(ep.eventDetails(slug));
      if ((await get(ep.eventDetails(slug))).status === 200) pages.add(`${folder}/${slug}/index.html`);
    }
  }
  return { pages: [...pages].sort(), mirror: [...gets].map(mirrorFile).sort(), articles };
}
