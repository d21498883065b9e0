import { ep } from '../../api/endpoints.ts';
import { CATEGORY_SLUGS, type Post } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { isRecent, listedDetails, listedPosts, recentAt, withShell, type PostHead } from '../common.ts';
import { checkSlug } from '../slug.ts';
import type { PageKind, RouteSpec } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Article pages (docs/pages.md, "Article"): every published post listed in
// a topic listing. Drafts are never listed, so they never become routes
// (docs/api-contract.md: preview-only).

export function articleDeps(post: Pick<Post, 'cat_slug' | 'post_name' | 'post_author_id'>): string[] {
  return withShell(ep.postDetails(post.cat_slug, post.post_name), ep.authorById(post.post_author_id));
}

/**
 * Read by every article page once hydrated, not part of its HTML (decision 54):
 * the side list of each category with articles and the "More from" list.
 */
export function articleAfterHydration(snap: Parameters<NonNullable<PageKind['fetches']>>[0]): string[] {
  return [...new Set(listedPosts(snap, CATEGORY_SLUGS).map((p) => ep.asideTopic(p.cat_slug)))].concat(ep.latest());
}

// The route of a details record, kept with the record: a snapshot shares the records of the
// responses that did not change with the one it was copied from, so a change-driven build
// (and each round of the crawl's fixed point) derives routes again only for the posts that
// changed. Keyed by what else the route reads: the listed item's id and slugs, and whether the
// build clock puts the post in the news window (the clock itself moves on every build of a
// watcher; the route changes only when the post enters or leaves the window). Compared field by
// field: no key string printed per post on each pass.
const SPECS = new WeakMap<PostHead, { date: number; recent: boolean; id: number; cat: string; name: string; spec: RouteSpec | null }>();

export const article: PageKind = {
  kind: 'article',
  patterns: patternsOf('article'),
  routes(snap, ctx) {
    const routes: RouteSpec[] = [];
    const now = Date.parse(ctx.now);
    for (const { item, post } of listedDetails(snap)) {
      if (!post || typeof post !== 'object') continue;
      let hit = SPECS.get(post);
      const date = hit?.date ?? Date.parse(post.post_date);
      const recent = recentAt(date, now);
      if (hit?.recent !== recent || hit.id !== item.id || hit.cat !== item.cat_slug || hit.name !== item.post_name) {
        SPECS.set(post, (hit = { date, recent, id: item.id, cat: item.cat_slug, name: item.post_name, spec: articleRoute(post, item, ctx.now) }));
      }
      if (hit.spec) routes.push(hit.spec);
    }
    return routes;
  },
  fetches(snap) {
    return listedDetails(snap).map((d) => d.path).concat(articleAfterHydration(snap));
  },
};

/** A published post's route, or null (a draft, an unsafe slug). */
function articleRoute(post: PostHead, item: Pick<Post, 'id' | 'cat_slug' | 'post_name'>, now: string): RouteSpec | null {
  if (post.post_status && post.post_status !== 'publish') return null;
  if (!checkSlug(post.cat_slug).ok || !checkSlug(post.post_name).ok) return null;
  return {
    kind: 'article',
    path: paths.article(post.cat_slug, post.post_name),
    params: { cat_slug: post.cat_slug, post_name: post.post_name },
    deps: articleDeps(post),
    sitemap: {
      lastmod: post.post_date,
      changefreq: 'weekly',
      priority: 0.7,
      images: post.banner_img ? [post.banner_img] : [],
      news: isRecent(post.post_date, now) ? { title: post.post_title, publicationDate: post.post_date } : undefined,
    },
    // Named by the listed record: two list items whose slugs fold to one
    // (NFC/NFD twins) resolve to one details response, and the collision
    // error must name both records, not the same one twice.
    record: `post ${item.id} (${item.cat_slug}/${item.post_name})`,
  };
}
