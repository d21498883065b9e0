// Per-page head metadata, declared by the page itself: the server collects it after renderToString;
// in the browser an effect updates the title and description after a client navigation.
import { createContext, useContext, useEffect, type ReactNode } from 'react';

export interface PageHead {
  title: string;
  /** og:site_name: the section's site title (lib/site-title.ts); the site name when absent. */
  siteName?: string;
  description?: string;
  /** Canonical path (no origin); defaults to the route's path. */
  canonicalPath?: string;
  /** Image-host path or absolute URL for og:image. */
  image?: string | null;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** JSON-LD objects; render escapes them like all embedded JSON. */
  jsonLd?: object[];
  /** <link rel="alternate"> feeds: [{type, href, title}] */
  alternates?: { type: string; href: string; title: string }[];
  /** Extra: article published time etc. */
  publishedTime?: string;
  status?: number;
}

export interface HeadCollector {
  head: PageHead | null;
}

const HeadContext = createContext<HeadCollector | null>(null);

export function HeadProvider({ collector, children }: { collector: HeadCollector | null; children: ReactNode }) {
  return <HeadContext.Provider value={collector}>{children}</HeadContext.Provider>;
}

export function usePageHead(head: PageHead): void {
  const collector = useContext(HeadContext);
  if (collector) collector.head = head; // server: the last page-level call wins
  useEffect(() => {
    document.title = head.title;
    const desc = document.querySelector('meta[name="description"]');
    if (desc && head.description) desc.setAttribute('content', head.description);
  }, [head.title, head.description]);
}
