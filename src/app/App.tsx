// The isomorphic app: one route table for the server render and the client.
// Patterns come from the page-kind catalogue (src/site/kinds), so a route that
// is prerendered is also a route the client knows.
import { Suspense, useEffect, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PAGE_KINDS } from '../site/kinds/index.ts';
import type { PageKindName } from '../site/types.ts';
import { PageSkeleton } from './components/PageSkeleton.tsx';
import { usePageComponent } from './pages/registry.ts';
import { Layout } from './shell/Layout.tsx';

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
}

export function App({ shell = null }: AppProps) {
  const [pendingShell, setPendingShell] = useState<PageKindName | null>(shell);
  useEffect(() => setPendingShell(null), []);
  return (
    <Routes>
      <Route element={<Layout />}>
        {pendingShell ? (
          <Route path="*" element={<PageSkeleton label="Loading…" />} />
        ) : (
          PAGE_KINDS.flatMap((k) =>
            k.patterns.map((pattern) => (
              <Route
                key={`${k.kind}:${pattern}`}
                path={pattern}
                element={
                  <Suspense fallback={<PageSkeleton label="Loading…" />}>
                    <PageSlot kind={k.kind} />
                  </Suspense>
                }
              />
            )),
          )
        )}
      </Route>
    </Routes>
  );
}
