// The element tree the server renders for one route: the same providers and
// App as the browser entry (src/client/entry.tsx), with StaticRouter in place of
// BrowserRouter, around a QueryClient seeded with exactly the route's deps.
// Also used by bench/render-floor.ts so the floor renders the same pages.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { StaticRouter } from 'react-router-dom';
import { App } from '../app/App.tsx';
import { SiteProvider } from '../app/context.tsx';
import { createQueryClient, seedQueries, type ApiEnvelope } from '../app/data/api.ts';
import { HeadProvider, type HeadCollector } from '../app/head.tsx';
import type { PublicConfig } from '../config/schema.ts';
import { pressroomError } from '../core/errors.ts';
import type { PageKindName, RouteSpec, SnapshotView } from '../site/types.ts';

/** Kinds whose document is a run-time shell (README, Decision 6). */
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

export function appElement(opts: {
  route: RouteSpec;
  client: QueryClient;
  publicConfig: PublicConfig;
  collector: HeadCollector | null;
}): ReactElement {
  return (
    <QueryClientProvider client={opts.client}>
      <SiteProvider config={opts.publicConfig}>
        <HeadProvider collector={opts.collector}>
          <StaticRouter location={opts.route.path}>
            <App shell={shellOf(opts.route.kind)} />
          </StaticRouter>
        </HeadProvider>
      </SiteProvider>
    </QueryClientProvider>
  );
}
