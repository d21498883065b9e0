// The page kinds whose documents are hydrated as islands
// (docs/decisions/0062-article-islands.md): the browser runs only the interactive parts (src/app/islands), from
// their own entry (src/client/islands.tsx) without the router and the query
// cache, and the page embeds no query state. Every other kind runs the routed
// app (src/client/start.tsx). An article is read, not worked with: its
// interactive parts are the shell's panels, the share buttons, the table of
// contents, the ads and the lists read after hydration.
import type { PageKindName } from '../types.ts';

export const ISLAND_KINDS: ReadonlySet<PageKindName> = new Set<PageKindName>(['article']);

export const hydratesAsIslands = (kind: PageKindName): boolean => ISLAND_KINDS.has(kind);
