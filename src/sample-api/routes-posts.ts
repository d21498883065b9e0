// GET handlers for posts: header panels, home lists, topic, tag, search,
// details, preview and aside (docs/api-contract.md, "Endpoints").
// Status codes follow the real service, including its 201s and 501s.

import { TAG_KEYS } from '../api/types.ts';
import { clampPaging, paginate, search, type Catalog } from './catalog.ts';
import type { PostRec } from './corpus.ts';
import { baseItem, excerptItem, fullPost, listingItem, tagItem } from './items.ts';
import type { Store } from './store.ts';

export interface Ctx {
  cat: Catalog;
  store: Store;
}

export interface Reply {
  status: number;
  body: unknown;
  /** false for answers that change without a mutation (view counts) */
  cacheable?: boolean;
}

export type GetHandler = (ctx: Ctx, params: string[], query: URLSearchParams) => Reply;

const ok = (body: unknown, status = 200): Reply => ({ status, body });

function newest(ctx: Ctx, catSlug: string, n: number): PostRec[] {
  return (ctx.cat.byCat.get(catSlug) ?? []).slice(0, n);
}

function panel(ctx: Ctx, groups: Record<string, string>): Reply {
  const out: Record<string, unknown> = {};
  for (const [key, slug] of Object.entries(groups)) out[key] = newest(ctx, slug, 3).map((p) => baseItem(ctx.cat.corpus, p));
  return ok(out);
}

/** Newest posts outside news and podcasts ("homelatest" and "latest"). */
function homeLatest(ctx: Ctx): Reply {
  const out: PostRec[] = [];
  for (const p of ctx.cat.byDate) {
    const slug = ctx.cat.corpus.categories[p.cat].cat_slug;
    if (slug !== 'news' && slug !== 'podcasts') out.push(p);
    if (out.length === 4) break;
  }
  return ok(out.map((p) => excerptItem(ctx.cat.corpus, p)));
}

/** Most distinct viewers (corpus baseline + recorded views), ties newest first. */
export function popular(ctx: Ctx, n = 4): PostRec[] {
  const counts = new Map<number, number>(ctx.cat.corpus.baseViews);
  for (const [id, ips] of ctx.store.views) counts.set(id, (counts.get(id) ?? 0) + ips.size);
  const ranked: [PostRec, number][] = [];
  for (const [id, count] of counts) {
    const p = ctx.cat.byId.get(id);
    if (p && p.status === 'publish') ranked.push([p, count]);
  }
  ranked.sort((a, b) => b[1] - a[1] || b[0].date - a[0].date || b[0].id - a[0].id);
  return ranked.slice(0, n).map((r) => r[0]);
}

const home = (slug: string, n: number): GetHandler => (ctx) => ok(newest(ctx, slug, n).map((p) => excerptItem(ctx.cat.corpus, p)));

function topic(ctx: Ctx, [catSlug, subSlug]: string[], q: URLSearchParams): Reply {
  const { page, limit } = clampPaging(q.get('page'), q.get('limit'));
  const list = (subSlug === undefined ? ctx.cat.byCat.get(catSlug) : ctx.cat.bySubcatCat.get(subSlug)?.get(catSlug)) ?? [];
  const pg = paginate(list, page, limit);
  return ok({ success: true, posts: { postData: pg.items.map((p) => listingItem(ctx.cat.corpus, p)), pagination: pg.pagination } });
}

const TAG_CATS: Record<(typeof TAG_KEYS)[number], string> = {
  news: 'news', featured: 'featured', quickbytes: 'quick-bytes', podcasts: 'podcasts',
  interview: 'interview', futureready: 'future-ready', guestauthor: 'guest-author', learningcenter: 'learning-center',
};

function tag(ctx: Ctx, [subSlug]: string[]): Reply {
  const sub = ctx.cat.subcatBySlug.get(subSlug);
  // Deliberately as the real service: an unknown sub-category is a 500 (the page goes to /404).
  if (!sub) return { status: 500, body: { success: false, message: `Unknown sub-category: ${subSlug}` } };
  const byCat = ctx.cat.bySubcatCat.get(subSlug);
  const posts: Record<string, unknown> = { subCatName: sub.subcat_name };
  for (const key of TAG_KEYS) posts[key] = (byCat?.get(TAG_CATS[key]) ?? []).slice(0, 7).map((p) => tagItem(ctx.cat.corpus, p));
  return ok({ success: true, posts });
}

function searchPosts(ctx: Ctx, [catSlug, term]: string[], q: URLSearchParams): Reply {
  const { page, limit } = clampPaging(q.get('page'), q.get('limit'));
  const pg = paginate(search(ctx.cat, catSlug, term), page, limit);
  const body = { success: true, result: { category: catSlug, postData: pg.items.map((p) => listingItem(ctx.cat.corpus, p)), pagination: pg.pagination } };
  // Not cached: the term space is unbounded, so caching would let one client evict every useful entry.
  return { status: 200, body, cacheable: false };
}

const details = (drafts: boolean): GetHandler => (ctx, [catSlug, name]) => {
  const p = ctx.cat.byPath.get(`${catSlug}/${name}`);
  if (!p || (!drafts && p.status !== 'publish')) {
    return { status: 501, body: { success: false, message: 'Post not found', error: 'Post not Found!' } };
  }
  return ok({ success: true, message: 'Post details fetched successfully', result: [fullPost(ctx.cat.corpus, p)] }, 201);
};

function aside(ctx: Ctx, [catSlug]: string[]): Reply {
  const list = newest(ctx, catSlug, 5);
  if (list.length === 0) return { status: 500, body: { success: false, message: `No posts in category ${catSlug}` } };
  return ok({ success: true, message: 'Related posts fetched successfully', result: list.map((p) => excerptItem(ctx.cat.corpus, p)) }, 201);
}

export const POST_GETS: [string, GetHandler][] = [
  ['/api/post/latestPost', (ctx) => panel(ctx, { newsData: 'news', quickByteData: 'quick-bytes', articleData: 'featured' })],
  ['/api/post/leadership', (ctx) => panel(ctx, { podcastData: 'podcasts', inteviewData: 'interview', guestPostData: 'guest-author' })],
  ['/api/post/featured', (ctx) => panel(ctx, { articleData: 'featured', learningData: 'learning-center', futureReadyData: 'future-ready' })],
  ['/api/post/homelatest', homeLatest],
  ['/api/post/latest', homeLatest],
  ['/api/post/homelatestnews', home('news', 3)],
  ['/api/post/homepopular', (ctx) => ({ status: 200, body: popular(ctx).map((p) => excerptItem(ctx.cat.corpus, p)), cacheable: false })],
  ['/api/post/homeinterview', home('interview', 10)],
  ['/api/post/homequickbyte', home('quick-bytes', 6)],
  ['/api/post/homearticle', home('featured', 6)],
  ['/api/post/homepodcast', home('podcasts', 1)],
  ['/api/post/topic/:cat', topic],
  ['/api/post/topic/:cat/:sub', topic],
  ['/api/post/tag/:sub', tag],
  ['/api/post/search/:cat/:term', searchPosts],
  ['/api/post/postdetails/:cat/:name', details(false)],
  ['/api/post/preview-post/:cat/:name', details(true)],
  ['/api/post/asidetopic/:cat', aside],
];
