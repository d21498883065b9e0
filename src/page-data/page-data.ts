// The page data embedded in every document: the kind and path prerendered, the shell mode, the public
// configuration, a static page's copy, and the dehydrated state (not in island documents). One type
// for both sides of the wire.
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
 * The page data element: the bytes of jsonForScript(PageData), built from parts the renderer
 * serialised once and reuses. readPageData reads it.
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
