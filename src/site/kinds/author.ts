import { ep } from '../../api/endpoints.ts';
import type { Author } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { allPages, authorPagination, laterPages, listedDetails } from '../common.ts';
import { changedPlaces } from '../../lists/list-change.ts';
import type { ListedDetails } from '../listed.ts';
import type { SiteKept } from '../kept.ts';
import { checkSlug } from '../slug.ts';
import { memoBySnapshot } from '../memo.ts';
import type { PageKind, RedirectRule, RouteSpec, SnapshotView } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Author pages (docs/pages.md, "Author page"): every author with published posts, found by the
// details' bylines. Page 1 at /author/{name}, later pages at /author/{name}/page/{n}
// (docs/decisions/0105-listing-page-routes.md); with JavaScript the client reads the mirror.

/** Every byline of a listed post's details that is a valid slug, sorted: the authors an author page or listing can be made for (routes() also needs their details and a post). */
export function authorSlugs(snap: SnapshotView, kept?: SiteKept): string[] {
  return memoBySnapshot(snap, 'authorSlugs', () => computeAuthorSlugs(snap, kept));
}

const bylineOf = ({ post }: ListedDetails): string | undefined => (post?.author_name && checkSlug(post.author_name).ok ? post.author_name : undefined);

/**
 * The last answer of a session by listed slot (as ./article.ts): only slots whose details changed
 * are counted again (every byline was 10 ms an edit at 50,000 posts).
 */
export type AuthorSlugs = { details: readonly ListedDetails[]; bylines: (string | undefined)[]; counts: Map<string, number>; names: string[] };

function computeAuthorSlugs(snap: SnapshotView, kept: SiteKept | undefined): string[] {
  const details = listedDetails(snap, kept);
  const last = kept?.authorSlugs.take();
  const redo = last && changedPlaces(last.details, details);
  const made = last && redo ? patchedAuthorSlugs(last, redo, details) : walkedAuthorSlugs(details);
  kept?.authorSlugs.keep(made);
  return made.names;
}

/** The last answer (changed in place) with the bylines of the replaced slots counted again. */
function patchedAuthorSlugs(last: AuthorSlugs, redo: readonly number[], details: readonly ListedDetails[]): AuthorSlugs {
  const { bylines, counts } = last;
  let moved = false;
  for (const i of redo) {
    const byline = bylineOf(details[i]);
    const was = bylines[i];
    if (byline === was) continue;
    bylines[i] = byline;
    if (was !== undefined) {
      const left = counts.get(was)! - 1;
      if (left === 0) counts.delete(was), (moved = true);
      else counts.set(was, left);
    }
    if (byline !== undefined) {
      const now = (counts.get(byline) ?? 0) + 1;
      counts.set(byline, now);
      if (now === 1) moved = true;
    }
  }
  return { details, bylines, counts, names: moved ? [...counts.keys()].sort() : last.names };
}

/** Every listed slot's byline (what a build that keeps nothing answers, and what the patched answer must equal). */
export function walkedAuthorSlugs(details: readonly ListedDetails[]): AuthorSlugs {
  const bylines = details.map(bylineOf);
  const counts = new Map<string, number>();
  for (const b of bylines) if (b !== undefined) counts.set(b, (counts.get(b) ?? 0) + 1);
  return { details, bylines, counts, names: [...counts.keys()].sort() };
}

export const author: PageKind = {
  kind: 'author',
  patterns: patternsOf('author'),
  routes(snap, ctx) {
    const routes: RouteSpec[] = [];
    for (const name of authorSlugs(snap, ctx.kept)) {
      const details = snap.ok<any>(ep.authorDetails(name))?.author?.[0] as Author | undefined;
      const first = ep.authorPosts(name, null, 1);
      if (!details || (authorPagination(snap.ok(first))?.totalItems ?? 0) === 0) continue;
      routes.push({
        kind: 'author',
        path: paths.author(name),
        params: { auther_name: name },
        deps: [ep.authorDetails(name), first, ep.subcatList()],
        sitemap: { changefreq: 'daily', priority: 0.4, images: details.author_photo ? [details.author_photo] : [] },
        record: `author ${details.author_id} (${name})`,
      });
      for (const n of laterPages(snap, first, (p) => ep.authorPosts(name, null, p), (b) => authorPagination(b)?.totalPages, (b) => b?.authorPosts?.postData)) {
        routes.push({
          kind: 'author',
          path: paths.listingPage(paths.author(name), n),
          params: { auther_name: name, page: String(n) },
          deps: [ep.authorDetails(name), ep.authorPosts(name, null, n), ep.subcatList()],
          sitemap: null,
          record: `author ${details.author_id} (${name}) page ${n}`,
        });
      }
    }
    return routes;
  },
  fetches(snap, ctx) {
    const out: string[] = [ep.subcatList()];
    for (const name of authorSlugs(snap, ctx.kept)) {
      out.push(ep.authorDetails(name));
      out.push(...allPages(snap, ep.authorPosts(name, null, 1), (n) => ep.authorPosts(name, null, n), (b) => authorPagination(b)?.totalPages));
    }
    return out;
  },
  // The page sends an author with no posts to /no-posts; on a static host that is a redirect rule.
  redirects(snap, ctx) {
    const out: RedirectRule[] = [];
    for (const name of authorSlugs(snap, ctx.kept)) {
      const body = snap.ok(ep.authorPosts(name, null, 1));
      if (body !== undefined && (authorPagination(body)?.totalItems ?? 0) === 0) {
        out.push({ from: paths.author(name), to: paths.noPosts(), status: 302, source: `author without posts ${name}` });
      }
    }
    return out;
  },
};
