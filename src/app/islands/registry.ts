// The islands: interactive parts hydrated alone in documents without the routed app
// (docs/decisions/0062-article-islands.md). One table for the data-island name the server writes and
// the client looks up. An island depends only on its props, the configuration and the page path: no
// router, no query cache.
import type { ComponentType } from 'react';
import { ShareButtons } from '../components/ShareButtons.tsx';
import { ScrollToTop } from '../components/ScrollToTop.tsx';
import { AdView } from '../components/ads/AdView.tsx';
import { TableOfContents } from '../components/article/TableOfContents.tsx';
import { Footer } from '../shell/Footer.tsx';
import { Header } from '../shell/Header.tsx';
import { MoreFromMirror, RelatedFromMirror, ViewCount } from './article-parts.tsx';

export const ISLANDS = {
  header: Header,
  footer: Footer,
  share: ShareButtons,
  toc: TableOfContents,
  ad: AdView,
  related: RelatedFromMirror,
  'more-from': MoreFromMirror,
  'scroll-top': ScrollToTop,
  'view-count': ViewCount,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof ISLANDS;

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(ISLANDS, name);
