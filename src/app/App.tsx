// The isomorphic app: one route table for the server render and the client, from the page kinds'
// patterns (src/site/kinds/patterns.ts), so a prerendered route is a route the client knows.
import { Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { candidateRoutes } from '../site/kinds/route-match.ts';
import type { PageKindName } from '../site/types.ts';
import { PageSkeleton } from './components/PageSkeleton.tsx';
import { useSite } from './context.tsx';
import { usePageHead } from './head.tsx';
import { useUnknownArticleToNotFound } from './lib/unknown-article.ts';
import { usePageComponent } from './pages/registry.ts';
import { Layout } from './shell/Layout.tsx';
import { PagePathContext } from './lib/page-path.ts';

// What a run-time shell (search, preview) shows until the client knows its URL: the same neutral
// state on the server and in the first client render, with its one h1:
// - search: the search page's heading ('Search Result'), to which the page adds ': {term}';
// - preview: the headline is unknown until the live call answers, so the h1 is for assistive
//   technology only, worded as the preview page's loading state.
// Only what the client entry already holds is used: importing a page's parts would add chunks and
// preloads to every page. Shells are never indexed.
export const SEARCH_SHELL_HEADING = 'Search Result';
export const PREVIEW_HEADING = 'Article preview';

function ShellPending({ kind }: { kind: PageKindName }) {
  const { site } = useSite();
  const search = kind === 'search';
  usePageHead({ title: `${search ? 'Search' : 'Preview'} | ${site.name}`, description: site.description, noindex: true });
  if (!search) {
    return (
      <>
        <h1 className="visually-hidden">{PREVIEW_HEADING}</h1>
        <PageSkeleton label="Loading preview…" />
      </>
    );
  }
  return (
    <div className="listing-page search-page container">
      <header className="listing-header">
        <div className="listing-heading-row">
          <h1 className="listing-title">{SEARCH_SHELL_HEADING}</h1>
        </div>
      </header>
      <PageSkeleton label="Loading search results…" />
    </div>
  );
}

function PageSlot({ kind }: { kind: PageKindName }) {
  const Page = usePageComponent(kind);
  return <Page />;
}

export interface AppProps {
  /** A run-time shell: the client first hydrates the same pending state, then routes for real. */
  shell?: PageKindName | null;
  /**
   * The kind the document was rendered as when served at another URL (hosts answer unknown paths with
   * 404.html, docs/deploying.md "404 pages"), shown at that first URL so /news/no-such-post does not
   * mismatch as an article. After hydration such a 404 at an article URL moves on to /404
   * (lib/unknown-article.ts).
   */
  pinned?: PageKindName | null;
}

export function App({ shell = null, pinned = null }: AppProps) {
  const [pendingShell, setPendingShell] = useState<PageKindName | null>(shell);
  useEffect(() => {
    setPendingShell(null);
    // Once the first client render committed: browser tests wait for this mark.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useUnknownArticleToNotFound(pinned === 'not-found');
  const { pathname } = useLocation();
  const [pinnedPath] = useState(pathname);
  const pinnedKind = pinned && pathname === pinnedPath ? pinned : null;
  return (
    <PagePathContext value={pathname}>
      <Routes>
        <Route element={<Layout />}>
          {pendingShell ? (
            <Route path="*" element={<ShellPending kind={pendingShell} />} />
          ) : pinnedKind ? (
            <Route
              path="*"
              element={
                <Suspense fallback={<PageSkeleton label="Loading…" />}>
                  <PageSlot kind={pinnedKind} />
                </Suspense>
              }
            />
          ) : (
            // Only the patterns that can match this path (React Router would rank the whole table on every render).
            candidateRoutes(pathname).map((r) => (
              <Route
                key={`${r.kind}:${r.path}`}
                path={r.path}
                element={
                  <Suspense fallback={<PageSkeleton label="Loading…" />}>
                    <PageSlot kind={r.kind} />
                  </Suspense>
                }
              />
            ))
          )}
        </Route>
      </Routes>
    </PagePathContext>
  );
}
