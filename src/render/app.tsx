// The element tree the server renders for one route: the browser entry's providers and App
// (src/client/entry.tsx) with StaticRouter, around a QueryClient seeded with the route's deps.
// bench/render-floor.ts uses it too.
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { App } from '../app/App.tsx';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient, seedQueries, type ApiEnvelope } from '../app/data/api.ts';
import type { HeadCollector } from '../app/head.tsx';
import { SubtreeSlotContext, type SubtreeSlot } from '../app/lib/cached-subtree.tsx';
import { usePageComponent } from '../app/pages/registry.ts';
import type { PublicConfig } from '../config/schema.ts';
import type { PageCopy } from '../config/page-copy.ts';
import { pressroomError } from '../errors/errors.ts';
import { PAGE_KINDS } from '../site/kinds/index.ts';
import { pageUrl, routerBasename, withBase } from '../site/paths.ts';
import type { PageKindName, RouteSpec, SnapshotView } from '../site/types.ts';

/** Kinds whose document is a run-time shell (docs/decisions/0006-run-time-shells.md). */
export const shellOf = (kind: PageKindName): PageKindName | null => (kind === 'search' || kind === 'preview' ? kind : null);

/** The route's deps as envelopes; a dep missing from the snapshot is an error naming the route. */
export function depEnvelopes(route: RouteSpec, snapshot: SnapshotView): [string, ApiEnvelope][] {
  return route.deps.map((path) => {
    const entry = snapshot.get(path);
    if (!entry) throw pressroomError('PR_RENDER_MISSING_DATA', { route: route.path, key: path });
    return [path, { status: entry.status, body: entry.body }];
  });
}

export function seededClient(route: RouteSpec, snapshot: SnapshotView): QueryClient {
  const client = createQueryClient();
  seedQueries(client, depEnvelopes(route, snapshot));
  return client;
}

/** Under a base path: the browser's URL as location, a basename prefixing every <Link> (as the client). */
function routerProps(config: PublicConfig, path: string): { location: string; basename?: string } {
  const base = config.site.basePath ?? '';
  const basename = routerBasename(base);
  // The page's URL as the browser has it (site.trailingSlash), so the first client render matches.
  const url = pageUrl(config.site.trailingSlash, path);
  return basename ? { location: withBase(base, url), basename } : { location: url };
}

export function appElement(opts: {
  route: RouteSpec;
  client: QueryClient;
  publicConfig: PublicConfig;
  /** The route's static-page copy (src/config/page-copy.ts pageCopy), null for other kinds. */
  copy: PageCopy | null;
  collector: HeadCollector | null;
  /** The renderer's slot for the parts it copies into every page (./subtree-cache.ts); without one every part is rendered. */
  slot?: SubtreeSlot;
}): ReactElement {
  const app = (
    <AppProviders client={opts.client} config={opts.publicConfig} copy={opts.copy} collector={opts.collector}>
      <StaticRouter {...routerProps(opts.publicConfig, opts.route.path)}>
        <App shell={shellOf(opts.route.kind)} />
      </StaticRouter>
    </AppProviders>
  );
  return opts.slot ? <SubtreeSlotContext value={opts.slot}>{app}</SubtreeSlotContext> : app;
}

function BarePage({ kind }: { kind: PageKindName }) {
  const Page = usePageComponent(kind);
  return <Page />;
}

/**
 * renderToString silently turns an error inside a Suspense boundary into a client fallback. When the
 * output shows one (`<!--$!`), the page is rendered again without the boundary to get the error;
 * only on failure, so the normal path pays nothing.
 */
export function diagnoseFallback(opts: { route: RouteSpec; client: QueryClient; publicConfig: PublicConfig; copy: PageCopy | null }): string {
  const patterns = PAGE_KINDS.find((k) => k.kind === opts.route.kind)?.patterns ?? ['*'];
  try {
    renderToString(
      <AppProviders client={opts.client} config={opts.publicConfig} copy={opts.copy}>
        <StaticRouter {...routerProps(opts.publicConfig, opts.route.path)}>
          <Routes>
            {patterns.map((p) => (
              <Route key={p} path={p} element={<BarePage kind={opts.route.kind} />} />
            ))}
          </Routes>
        </StaticRouter>
      </AppProviders>,
    );
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return 'a Suspense boundary fell back to client rendering (a component suspended or threw)';
}

/** The marker React writes for a boundary that will be client-rendered. */
export const CLIENT_RENDERED_BOUNDARY = '<!--$!';
