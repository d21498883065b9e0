// The islands: the parts of a page that stay interactive, each hydrated on its
// own by a document that does not run the routed app (docs/decisions/0062-article-islands.md;
// the kinds are ISLAND_KINDS in src/site/kinds/islands.ts). A name here is
// what the server writes in data-island (./Island.tsx) and what the client
// entry (src/client/islands.tsx) looks up, so both sides use one table. An
// island's component depends on its props, the site configuration and the
// page path only: no router (links are AppLink's plain anchors inside an
// island) and no query cache (src/app/data/mirror-read.ts).
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
