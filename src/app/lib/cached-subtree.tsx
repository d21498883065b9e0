// A part that is the same on every page of a build (footer, header navigation): about a tenth of an
// article's renderToString (docs/decisions/0095-cached-footer-and-nav.md), so the renderer renders each
// once and copies its HTML (src/render/subtree-cache.ts). Under the renderer's SubtreeSlot it renders a
// marker; anywhere else its children; the bytes are the same either way. A part may hold:
// - nothing depending on the route, the page's data or a query: only useSite and constants;
// - no eager <img> (React lists those in the page's preloads) and no Suspense boundary;
// - one host element at its root; useId is fine (same place in every Layout).
// The renderer checks the learning page differs only inside the part, and
// tests/integration/subtree-cache.test.ts renders every sample route both ways.
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
