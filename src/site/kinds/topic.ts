import { ep } from '../../api/endpoints.ts';
import { CATEGORY_SLUGS } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { allPages, subcats, topicPagination, withShell } from '../common.ts';
import type { PageKind, RouteSpec, SnapshotView, RedirectRule } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Topic listings (docs/pages.md, "Topic listing"): /topic/{cat} and
// /topic/{cat}/{subcat}. Page 1 is prerendered; later pages are not URLs (the
// page number lives in localStorage), the client reads them from the mirror.

function combos(snap: SnapshotView): { cat: string; subcat: string | null }[] {
  const out: { cat: string; subcat: string | null }[] = [];
  const subs = subcats(snap);
  for (const cat of CATEGORY_SLUGS) {
    out.push({ cat, subcat: null });
    for (const s of subs) out.push({ cat, subcat: s.subcat_slug });
  }
  return out;
}

export const topic: PageKind = {
  kind: 'topic',
  patterns: patternsOf('topic'),
  routes(snap) {
    const routes: RouteSpec[] = [];
    for (const { cat, subcat } of combos(snap)) {
      const first = ep.topic(cat, subcat, 1);
      const total = topicPagination(snap.ok(first))?.totalItems ?? 0;
      if (total === 0) continue;
      const newest = (snap.ok<any>(first)?.posts?.postData?.[0]?.post_date as string | undefined) ?? undefined;
      routes.push({
        kind: 'topic',
        path: paths.topic(cat, subcat),
        params: subcat ? { cat_slug: cat, subcat } : { cat_slug: cat },
        deps: withShell(first, ep.subcatList()),
        sitemap: { changefreq: 'hourly', priority: subcat ? 0.5 : 0.8, lastmod: newest },
        record: `topic ${cat}${subcat ? `/${subcat}` : ''}`,
      });
    }
    return routes;
  },
  fetches(snap) {
    const out: string[] = [ep.subcatList()];
    for (const { cat, subcat } of combos(snap)) {
      out.push(...allPages(snap, ep.topic(cat, subcat, 1), (n) => ep.topic(cat, subcat, n), (b) => topicPagination(b)?.totalPages));
    }
    return out;
  },
  // The page sends an empty listing to /no-posts; on a static host that is a redirect rule (docs/decisions.md, 10).
  redirects(snap) {
    const out: RedirectRule[] = [];
    for (const { cat, subcat } of combos(snap)) {
      const body = snap.ok(ep.topic(cat, subcat, 1));
      if (body !== undefined && (topicPagination(body)?.totalItems ?? 0) === 0) {
        out.push({ from: paths.topic(cat, subcat), to: paths.noPosts(), status: 302, source: `empty topic ${cat}${subcat ? `/${subcat}` : ''}` });
      }
    }
    return out;
  },
};
