// The page kinds hydrated as islands (docs/decisions/0062-article-islands.md): the browser runs only
// the interactive parts (src/app/islands) from their own entry, without router or query cache, and
// the page embeds no query state. Other kinds run the routed app (src/client/start.tsx).
import type { PageKindName } from '../types.ts';

export const ISLAND_KINDS: ReadonlySet<PageKindName> = new Set<PageKindName>(['article']);

export const hydratesAsIslands = (kind: PageKindName): boolean => ISLAND_KINDS.has(kind);
