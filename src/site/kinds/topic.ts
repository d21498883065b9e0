import { ep } from '../../api/endpoints.ts';
import { CATEGORY_SLUGS } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { allPages, laterPages, subcats, topicPagination } from '../common.ts';
import type { PageKind, RouteSpec, SnapshotView, RedirectRule } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Topic listings (docs/pages.md, "Topic listing"): /topic/{cat}[/{subcat}] and later pages at
// {listing}/page/{n} (docs/decisions/0105-listing-page-routes.md). A page route reads only its own
// page, so an edit on page 1 re-renders no other page. With JavaScript the client pages from the mirror.

function combos(snap: SnapshotView): { cat: string; subcat: string | null }[] {
  const out: { cat: string; subcat: string | null }[] = [];
  const subs = subcats(snap);
  for (const cat of CATEGORY_SLUGS) {
    out.push({ cat, subcat: null });
    for (const s of subs) out.push({ cat, subcat: s.subcat_slug });
  }
  return out;
}

/** The last fetches answer of a publish session (src/site/kept.ts): the listings, their page counts (-1: no first page) and the paths. */
export type TopicFetches = { combos: { cat: string; subcat: string | null }[]; counts: number[]; out: string[] };

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
        deps: [first, ep.subcatList()],
        sitemap: { changefreq: 'hourly', priority: subcat ? 0.5 : 0.8, lastmod: newest },
        record: `topic ${cat}${subcat ? `/${subcat}` : ''}`,
      });
      // Later pages: not in the sitemap (their posts move); each is its own canonical.
      for (const n of laterPages(snap, first, (p) => ep.topic(cat, subcat, p), (b) => topicPagination(b)?.totalPages, (b) => b?.posts?.postData)) {
        routes.push({
          kind: 'topic',
          path: paths.listingPage(paths.topic(cat, subcat), n),
          params: subcat ? { cat_slug: cat, subcat, page: String(n) } : { cat_slug: cat, page: String(n) },
          deps: [ep.topic(cat, subcat, n), ep.subcatList()],
          sitemap: null,
          record: `topic ${cat}${subcat ? `/${subcat}` : ''} page ${n}`,
        });
      }
    }
    return routes;
  },
  fetches(snap, ctx) {
    // Every page of every listing. A session gets the same array back while counts stand, so the
    // crawl's wanted paths compare nothing of some 10,000 pages.
    const all = combos(snap);
    const counts = all.map(({ cat, subcat }) => {
      const body = snap.ok(ep.topic(cat, subcat, 1));
      return body === undefined ? -1 : (topicPagination(body)?.totalPages ?? 1);
    });
    const last = ctx.kept?.topicFetches.take();
    const same = last && last.combos.length === all.length && all.every((c, i) => c.cat === last.combos[i].cat && c.subcat === last.combos[i].subcat && counts[i] === last.counts[i]);
    const out = same ? last.out : [ep.subcatList()];
    if (!same) for (const { cat, subcat } of all) out.push(...allPages(snap, ep.topic(cat, subcat, 1), (n) => ep.topic(cat, subcat, n), (b) => topicPagination(b)?.totalPages));
    ctx.kept?.topicFetches.keep({ combos: all, counts, out });
    return out;
  },
  // The page sends an empty listing to /no-posts; on a static host that is a redirect rule (docs/decisions/0010-empty-topics-redirect.md).
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
