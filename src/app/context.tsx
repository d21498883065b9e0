// The site's public configuration and, on a static page, its copy, both embedded in the page so
// hydration sees the same.
import { createContext, use, useContext, type ReactNode } from 'react';
import type { PublicConfig } from '../config/schema.ts';
import type { CopyKind, CopyOf, PageCopy } from '../config/page-copy.ts';

const SiteContext = createContext<PublicConfig | null>(null);
const CopyContext = createContext<PageCopy | null>(null);

export function SiteProvider({ config, copy = null, children }: { config: PublicConfig; copy?: PageCopy | null; children: ReactNode }) {
  return (
    <SiteContext.Provider value={config}>
      <CopyContext.Provider value={copy}>{children}</CopyContext.Provider>
    </SiteContext.Provider>
  );
}

export function useSite(): PublicConfig {
  const c = useContext(SiteContext);
  if (!c) throw new Error('useSite() outside <SiteProvider>');
  return c;
}

/** Never settles: the page stays suspended (its skeleton shows) while the document loads. */
const loadingDocument = new Promise<never>(() => {});
let reloading = false;

/**
 * The static page copy of `kind`. Only that page's document carries it; should the client route to
 * it from another document anyway, the page loads its own document. On the server a missing copy
 * fails the render.
 */
export function usePageCopy<K extends CopyKind>(kind: K): CopyOf<K> {
  const copy = useContext(CopyContext)?.[kind] as CopyOf<K> | undefined;
  if (copy !== undefined) return copy;
  if (typeof window === 'undefined') throw new Error(`the ${kind} page's copy is not in its page data`);
  if (!reloading) {
    reloading = true;
    window.location.reload();
  }
  return use(loadingDocument);
}
