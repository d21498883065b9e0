// The one provider tree of the routed app: the query cache, the site
// configuration with the page's static copy, the head collector and the
// router's link for AppLink. The server render (src/render/app.tsx), the
// browser start-up (src/client/start.tsx) and the tests' harnesses wrap their
// router and app in it, so all three run the same tree. Islands have their
// own, smaller root (src/client/islands.tsx): no query cache, no router.
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
