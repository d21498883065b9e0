// Page kind -> its component module, loaded on demand (one chunk each). The page being hydrated loads
// before hydrateRoot, so hydration never suspends; the server preloads every page once.
import { use, type ComponentType } from 'react';
import type { PageKindName } from '../../site/types.ts';

export type PageComponent = ComponentType;
type Loader = () => Promise<{ default: PageComponent }>;

export const PAGE_LOADERS: Record<PageKindName, Loader> = {
  home: () => import('./home/index.tsx'),
  article: () => import('./article/index.tsx'),
  topic: () => import('./topic/index.tsx'),
  tag: () => import('./tag/index.tsx'),
  author: () => import('./author/index.tsx'),
  'author-index': () => import('./author-index/index.tsx'),
  'no-posts': () => import('./no-posts/index.tsx'),
  search: () => import('./search/index.tsx'),
  preview: () => import('./preview/index.tsx'),
  events: () => import('./events/index.tsx'),
  'past-events': () => import('./past-events/index.tsx'),
  'event-detail': () => import('./event-detail/index.tsx'),
  'past-event-detail': () => import('./past-event-detail/index.tsx'),
  about: () => import('./about/index.tsx'),
  'privacy-policy': () => import('./privacy-policy/index.tsx'),
  'opt-out-form': () => import('./opt-out-form/index.tsx'),
  contact: () => import('./contact/index.tsx'),
  'sitemap-page': () => import('./sitemap-page/index.tsx'),
  'not-found': () => import('./not-found/index.tsx'),
};

const resolved = new Map<PageKindName, PageComponent>();
const pending = new Map<PageKindName, Promise<PageComponent>>();

export function preloadPage(kind: PageKindName): Promise<PageComponent> {
  let p = pending.get(kind);
  if (!p) {
    p = PAGE_LOADERS[kind]().then((m) => {
      resolved.set(kind, m.default);
      return m.default;
    });
    pending.set(kind, p);
  }
  return p;
}

export async function preloadAllPages(): Promise<void> {
  await Promise.all((Object.keys(PAGE_LOADERS) as PageKindName[]).map(preloadPage));
}

/** The page component: synchronous when preloaded, else suspends until its chunk arrives. */
export function usePageComponent(kind: PageKindName): PageComponent {
  return resolved.get(kind) ?? use(preloadPage(kind));
}
