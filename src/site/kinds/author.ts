import { ep } from '../../api/endpoints.ts';
import type { Author } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { allPages, authorPagination, listedDetails, withShell } from '../common.ts';
import { checkSlug } from '../slug.ts';
import { memoBySnapshot } from '../memo.ts';
import type { PageKind, RedirectRule, RouteSpec, SnapshotView } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Author pages (docs/pages.md, "Author page"): every author with published
// posts, found through the bylines of post details. Page 1 is prerendered, later
// pages come from the mirror.

function authorSlugs(snap: SnapshotView): string[] {
  return memoBySnapshot(snap, 'authorSlugs', () => computeAuthorSlugs(snap));
}

function computeAuthorSlugs(snap: SnapshotView): string[] {
  const names = new Set<string>();
  for (const { post } of listedDetails(snap)) {
    if (post?.author_name && checkSlug(post.author_name).ok) names.add(post.author_name);
  }
  return [...names].sort();
}

export const author: PageKind = {
  kind: 'author',
  patterns: patternsOf('author'),
  routes(snap) {
    const routes: RouteSpec[] = [];
    for (const name of authorSlugs(snap)) {
      const details = snap.ok<any>(ep.authorDetails(name))?.author?.[0] as Author | undefined;
      const first = ep.authorPosts(name, null, 1);
      if (!details || (authorPagination(snap.ok(first))?.totalItems ?? 0) === 0) continue;
      routes.push({
        kind: 'author',
        path: paths.author(name),
        params: { auther_name: name },
        deps: withShell(ep.authorDetails(name), first, ep.subcatList()),
        sitemap: { changefreq: 'daily', priority: 0.4, images: details.author_photo ? [details.author_photo] : [] },
        record: `author ${details.author_id} (${name})`,
      });
    }
    return routes;
  },
  fetches(snap) {
    const out: string[] = [ep.subcatList()];
    for (const name of authorSlugs(snap)) {
      out.push(ep.authorDetails(name));
      out.push(...allPages(snap, ep.authorPosts(name, null, 1), (n) => ep.authorPosts(name, null, n), (b) => authorPagination(b)?.totalPages));
    }
    return out;
  },
  // The page sends an author with no posts to /no-posts; on a static host that is a redirect rule.
  redirects(snap) {
    const out: RedirectRule[] = [];
    for (const name of authorSlugs(snap)) {
      const body = snap.ok(ep.authorPosts(name, null, 1));
      if (body !== undefined && (authorPagination(body)?.totalItems ?? 0) === 0) {
        out.push({ from: paths.author(name), to: paths.noPosts(), status: 302, source: `author without posts ${name}` });
      }
    }
    return out;
  },
};
