// The page data the server embeds in every document (src/render): which page
// kind and path were prerendered, the shell mode, the public configuration, the
// page's own copy when it is a static page, and the dehydrated query state
// (except in documents hydrated as islands). One
// type for both sides of the wire.
import type { DehydratedState } from '@tanstack/react-query';
import type { PublicConfig } from '../config/schema.ts';
import type { PageCopy } from '../config/page-copy.ts';
import { jsonForScript } from '../encoding/json.ts';
import type { PageKindName } from '../site/types.ts';

/** id of the <script type="application/json"> element holding PageData. */
export const DATA_ELEMENT_ID = '__PRESSROOM_DATA__';
/** id of the element holding the app. */
export const ROOT_ELEMENT_ID = 'root';

export interface PageData {
  kind: PageKindName;
  /** The route path the page was rendered at. */
  path: string;
  /** Shell mode (search, preview): the first client render must pass the same value. */
  shell: PageKindName | null;
  config: PublicConfig;
  /** The static page's copy (src/config/page-copy.ts): present on those pages only, holding their own kind's. */
  copy?: PageCopy;
  /** The dehydrated query state; absent from documents hydrated as islands (src/site/kinds/islands.ts). */
  state?: DehydratedState;
}

/**
 * The page data as the element the server embeds: the same bytes as
 * jsonForScript(PageData) (keys in the interface's order), built from parts
 * the renderer serialised once and reuses (the configuration is the same on
 * every page, a static copy on every page of its kind). readPageData reads it.
 */
export function pageDataElement(parts: {
  kind: PageKindName;
  path: string;
  shell: PageKindName | null;
  /** jsonForScript(config) */
  configJson: string;
  /** jsonForScript(copy), null when the page has none */
  copyJson: string | null;
  /** The dehydrated state's JSON, null for a document hydrated as islands */
  stateJson: string | null;
}): string {
  const { kind, path, shell, configJson, copyJson, stateJson } = parts;
  const json =
    `{"kind":${jsonForScript(kind)},"path":${jsonForScript(path)},"shell":${jsonForScript(shell)},"config":${configJson}` +
    `${copyJson === null ? '' : `,"copy":${copyJson}`}${stateJson === null ? '' : `,"state":${stateJson}`}}`;
  return `<script id="${DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** Read the embedded page data (pageDataElement); null when the document carries none. */
export function readPageData(doc: Document): PageData | null {
  const el = doc.getElementById(DATA_ELEMENT_ID);
  if (!el?.textContent) return null;
  return JSON.parse(el.textContent) as PageData;
}
