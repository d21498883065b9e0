// The one provider tree of the routed app (query cache, site configuration and static copy, head
// collector, router link), shared by the server render, the browser start-up and the tests. Islands
// have their own smaller root (src/client/islands.tsx).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PageCopy } from '../config/page-copy.ts';
import type { PublicConfig } from '../config/schema.ts';
import { RouterLinkProvider } from './components/PageLink.tsx';
import { SiteProvider } from './context.tsx';
import { HeadProvider, type HeadCollector } from './head.tsx';

export interface AppProvidersProps {
  client: QueryClient;
  config: PublicConfig;
  /** The page's static copy (src/config/page-copy.ts), null elsewhere. */
  copy?: PageCopy | null;
  /** Collects the page head on the server; null in the browser. */
  collector?: HeadCollector | null;
  /** The router and what it routes (StaticRouter on the server, BrowserRouter in the browser). */
  children: ReactNode;
}

export function AppProviders({ client, config, copy = null, collector = null, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={client}>
      <SiteProvider config={config} copy={copy}>
        <HeadProvider collector={collector}>
          <RouterLinkProvider>{children}</RouterLinkProvider>
        </HeadProvider>
      </SiteProvider>
    </QueryClientProvider>
  );
}
