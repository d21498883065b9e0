// The isomorphic app: one route table for the server render and the client.
// Patterns come from the page kinds' route table (src/site/kinds/patterns.ts),
// the one the kinds themselves use, so a route that is prerendered is also a
// route the client knows.
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

// What a run-time shell document (search, preview) shows until the client
// knows its URL: the same neutral state on the server and in the first client
// render, so hydration never mismatches. Like every page it has exactly one
// h1:
// - search: in view, placed and styled as the search page's heading that
//   replaces it after hydration, in its words ('Search Result'); the page
//   adds ': {term}' once it reads the URL;
// - preview: the draft's headline is unknown until the live call answers, so
//   the h1 is for assistive technology only, with the same words as the
//   preview page's own loading state (pages/preview).
// Only what the client entry already holds is used here: importing a page's
// parts (the article skeleton) would split new chunks off and add their
// preloads to every page.
// Shells are never indexed (their URLs are reader input or drafts).
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
  /**
   * Set when the document is a run-time shell (search, preview): the server
   * rendered it without knowing the URL, so the client first hydrates the same
   * pending state, then routes for real after hydration (no mismatch).
   */
  shell?: PageKindName | null;
  /**
   * Set when the document was rendered for another URL than the one it is
   * served at: hosts answer every unknown path with 404.html (docs/deploying.md,
   * "404 pages"), and a path such as /news/no-such-post would otherwise match
   * the article pattern on the client and mismatch the prerendered 404. The
   * pinned kind's page is shown at that first URL; navigation routes normally.
   * After hydration, a 404 at a URL the route table gives to the article page
   * moves on to /404, as the article page does for an unknown post
   * (lib/unknown-article.ts).
   */
  pinned?: PageKindName | null;
}

export function App({ shell = null, pinned = null }: AppProps) {
  const [pendingShell, setPendingShell] = useState<PageKindName | null>(shell);
  useEffect(() => {
    setPendingShell(null);
    // Runs once the first client render committed (hydration done): browser
    // tests wait for this mark before they look for mismatch warnings.
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
