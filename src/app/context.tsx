// The site's public configuration (brand, nav, footer, hosts, the build's day),
// provided to every component. Embedded in each page so hydration sees the same.
import { createContext, useContext, type ReactNode } from 'react';
import type { PublicConfig } from '../config/schema.ts';

const SiteContext = createContext<PublicConfig | null>(null);

export function SiteProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <SiteContext.Provider value={config}>{children}</SiteContext.Provider>;
}

export function useSite(): PublicConfig {
  const c = useContext(SiteContext);
  if (!c) throw new Error('useSite() outside <SiteProvider>');
  return c;
}
