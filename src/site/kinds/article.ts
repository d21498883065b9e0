import { ep } from '../../api/endpoints.ts';
import { CATEGORY_SLUGS, type Post } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { isRecent, listedPosts, withShell } from '../common.ts';
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

export const article: PageKind = {
  kind: 'article',
  patterns: patternsOf('article'),
  routes(snap, ctx) {
    const routes: RouteSpec[] = [];
    for (const item of listedPosts(snap, CATEGORY_SLUGS)) {
      const post = snap.ok<any>(ep.postDetails(item.cat_slug, item.post_name))?.result?.[0] as Post | undefined;
      if (!post) continue;
      if (post.post_status && post.post_status !== 'publish') continue;
      if (!checkSlug(post.cat_slug).ok || !checkSlug(post.post_name).ok) continue;
      routes.push({
        kind: 'article',
        path: paths.article(post.cat_slug, post.post_name),
        params: { cat_slug: post.cat_slug, post_name: post.post_name },
        deps: articleDeps(post),
        sitemap: {
          lastmod: post.post_date,
          changefreq: 'weekly',
          priority: 0.7,
          images: post.banner_img ? [post.banner_img] : [],
          news: isRecent(post.post_date, ctx.now) ? { title: post.post_title, publicationDate: post.post_date } : undefined,
        },
        // Named by the listed record: two list items whose slugs fold to one
        // (NFC/NFD twins) resolve to one details response, and the collision
        // error must name both records, not the same one twice.
        record: `post ${item.id} (${item.cat_slug}/${item.post_name})`,
      });
    }
    return routes;
  },
  fetches(snap) {
    return listedPosts(snap, CATEGORY_SLUGS).map((p) => ep.postDetails(p.cat_slug, p.post_name)).concat(articleAfterHydration(snap));
  },
};
