// A part of the page that is the same on every page of a build: the footer,
// the header's navigation. Together they are about a tenth of an article
// page's renderToString (docs/decisions/0095-cached-footer-and-nav.md), so the build's renderer
// renders each once and copies its HTML into every page
// (src/render/subtree-cache.ts).
//
// On the server under the renderer's SubtreeSlot, a cached part renders as a
// marker element, which the renderer replaces with the part's HTML; anywhere
// else (the browser, tests, the benchmark's floor) it renders its children.
// Either way the page's bytes are the same, so hydration sees what it always
// saw. What a part may contain, for its HTML to be the same on every page:
// - nothing that depends on the route, the page's data or a query: only the
//   site configuration (useSite) and constants;
// - no eagerly loaded <img> (React lists those in the page's preloads, outside
//   the part) and no Suspense boundary;
// - one host element at its root (so no text node meets the marker);
// useId is allowed: an id depends on the part's place in the tree, which is
// the same in every page's Layout.
// On the page it learns a part from, the renderer checks that the page
// differs only inside the part (an eager image would not); that the rest
// holds is tested by rendering every route of the sample site both ways
// (tests/integration/subtree-cache.test.ts).
import { createContext, createElement, useContext, type ReactNode } from 'react';

/** The cached parts of the app; the renderer keeps one HTML string for each. */
export type CachedPartId = 'footer' | 'header-nav';

/** The marker element's tag: no HTML the API sends survives sanitising as a custom element, and text and attributes escape '<'. */
export const CACHED_PART_TAG = 'pressroom-cached-part';

/** The marker a part leaves in a page rendered under a slot. */
export const cachedPartMarker = (id: CachedPartId): string => `<${CACHED_PART_TAG} data-part="${id}"></${CACHED_PART_TAG}>`;

/** What one renderToString call does with each part: render it (false), or leave its marker (true) and count it. */
export interface SubtreeSlot {
  markerFor(id: CachedPartId): boolean;
  /** The markers this render left, in order. */
  readonly left: CachedPartId[];
}

export const SubtreeSlotContext = createContext<SubtreeSlot | null>(null);

export function CachedPart({ id, children }: { id: CachedPartId; children: ReactNode }) {
  const slot = useContext(SubtreeSlotContext);
  if (!slot?.markerFor(id)) return children;
  slot.left.push(id);
  return createElement(CACHED_PART_TAG, { 'data-part': id });
}
