// Client start-up (docs/pages.md, "Start-up"; docs/architecture.md, "Hydration rules"): one
// QueryClient with the server's defaults, hydrated from the embedded state, so nothing refetches; the
// page's chunk loads before hydrateRoot, so hydration never suspends; createRoot when the root is
// empty. The tree is the server's (src/render/app.tsx) with BrowserRouter.
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '../app/App.tsx';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/data/api.ts';
import { routerBasename } from '../site/paths.ts';
import { preloadPage } from '../app/pages/registry.ts';
import { restoreBody } from '../site/embedded-body.ts';
import { readPageData, ROOT_ELEMENT_ID } from '../page-data/page-data.ts';

/** Chunk load timeout 120000 ms (docs/pages.md, "Start-up"). */
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => resolve(undefined), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

/** Start the app in `doc`; resolves once the root is created (hydration continues asynchronously). */
export async function startClient(doc: Document = document): Promise<void> {
  const data = readPageData(doc);
  const container = doc.getElementById(ROOT_ELEMENT_ID);
  if (!data || !container) {
    console.error('Pressroom: the page carries no app data or root element');
    return;
  }
  const queryClient = createQueryClient();
  // The article body is in the markup only (../site/embedded-body.ts): back into the data before hydrating.
  if (data.state) {
    restoreBody(data.state.queries, doc, data.config.site.basePath ?? '');
    hydrate(queryClient, data.state);
  }
  try {
    await withTimeout(preloadPage(data.kind), CHUNK_TIMEOUT_MS);
  } catch (e) {
    // The page suspends and loads again when rendered; the server HTML stays in place meanwhile.
    console.error('Pressroom: loading the page module failed', e);
  }
  // The 404 document is served at any unknown URL: show it there, route normally after.
  const pinned = data.kind === 'not-found' ? data.kind : null;
  const app = (
    <AppProviders client={queryClient} config={data.config} copy={data.copy ?? null}>
      {/* The server's basename (src/render/app.tsx): links and routes under the site's base path. */}
      <BrowserRouter basename={routerBasename(data.config.site.basePath ?? '')}>
        <App shell={data.shell} pinned={pinned} />
      </BrowserRouter>
    </AppProviders>
  );
  const options: RootOptions = {
    onRecoverableError(error, info) {
      // Hydration mismatches land here; browser tests fail on any console error.
      console.error('Pressroom: recoverable React error', error, info.componentStack ?? '');
    },
  };
  if (container.firstElementChild) hydrateRoot(container, app, options);
  else createRoot(container, options).render(app);
}

