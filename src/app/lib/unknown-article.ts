// An unknown article (the post details answered 501) is not shown in place:
// the reader is sent to /404. It must end the same way however the reader got
// there:
// - after a client navigation the article page reads the 501 (or, from the
//   static mirror, a missing file: 404) and replaces the URL with /404;
// - on a direct load the host has no page for the URL and answers with
//   404.html, which hydrates at the requested URL (App's `pinned`) and then,
//   when the client's route table gives that URL to the article page, replaces
//   it with /404 the same way (this module).
// Both carry the requested URL in the history state, so the 404 page's
// redirect check (lib/redirect-check.ts) asks about the URL the reader asked
// for, not about /404. The build prerenders every known article, so a URL the
// host has no page for is exactly one the mirror has no post for.
//
// Only the client entry (App) imports this at run time; pages import its type
// only, so it adds no chunk to any page.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { matchRouteTable } from '../../site/kinds/route-match.ts';
import { paths } from '../../site/paths.ts';
import type { PageKindName } from '../../site/types.ts';

/** History state of the /404 entry that replaced an unknown article's URL. */
export interface NotFoundState {
  /** The path and query the reader asked for. */
  requested: string;
}

/** The page kind App's route table gives `pathname` (React Router's ranking: a static segment beats a parameter). */
export function routeKindAt(pathname: string): PageKindName | null {
  return matchRouteTable(pathname)?.route.kind ?? null;
}

/**
 * After hydration of the 404 document (`active`), at a URL the route table
 * gives to the article page: go to /404 as the article page does.
 */
export function useUnknownArticleToNotFound(active: boolean): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Once, for the URL the document was loaded at: later navigations are
  // routed normally (hence no dependencies).
  useEffect(() => {
    if (!active || routeKindAt(pathname) !== 'article') return;
    const state: NotFoundState = { requested: `${pathname}${search}` };
    navigate(paths.notFound(), { replace: true, state });
  }, []);
}
