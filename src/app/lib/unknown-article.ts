// An unknown article (details 501) sends the reader to /404, however they got there: after a client
// navigation the article page replaces the URL; on a direct load the host's 404.html hydrates at the
// requested URL (App's `pinned`) and, if the route table gives it to the article page, replaces it
// the same way (this module). Both carry the requested URL in history state for the redirect check.
// Only App imports this at run time; pages import its type, so it adds no chunk.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageNavigate } from '../components/PageLink.tsx';
import { matchRouteTable } from '../../site/kinds/route-match.ts';
import { paths, sitePathOf } from '../../site/paths.ts';
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

/** After hydrating the 404 document at an article URL: go to /404 as the article page does. */
export function useUnknownArticleToNotFound(active: boolean): void {
  const { pathname, search } = useLocation();
  const navigate = usePageNavigate();
  // Once, for the URL the document loaded at: later navigations route normally.
  useEffect(() => {
    if (!active || routeKindAt(pathname) !== 'article') return;
    const state: NotFoundState = { requested: `${sitePathOf(pathname)}${search}` };
    navigate(paths.notFound(), { replace: true, state });
  }, []);
}
