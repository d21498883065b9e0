// The renderer's copy of the parts that are the same on every page (src/app/lib/cached-subtree.tsx;
// docs/decisions/0095-cached-footer-and-nav.md): pages render a marker where each goes, replaced by
// its HTML. A part is learnt on the first page showing it, by rendering that page again with the part:
// the two must differ exactly at the marker. A part whose page differs elsewhere is never cached. The
// bytes equal rendering every part, by construction.
import { CACHED_PART_TAG, cachedPartMarker, type CachedPartId, type SubtreeSlot } from '../app/lib/cached-subtree.tsx';
import type { RenderKept } from './kept.ts';

/** The cache for a configuration: the session's (kept for its next build), else this build's. */
export function subtreeCacheFor(configJson: string, kept?: RenderKept): SubtreeCache {
  if (!kept) return new SubtreeCache();
  if (kept.subtrees?.key !== configJson) kept.subtrees = { key: configJson, cache: new SubtreeCache() };
  return kept.subtrees.cache;
}

/** Renders the page's app to a string under the given slot. */
export type RenderUnder = (slot: SubtreeSlot) => string;

export class SubtreeCache {
  /** Each part's HTML; null for a part that cannot be cached. */
  private readonly parts = new Map<CachedPartId, string | null>();

  /** The page's app HTML, each cached part copied in. */
  render(renderUnder: RenderUnder): string {
    // Every part not known to be uncacheable leaves a marker.
    let page = this.renderWith((id) => this.parts.get(id) !== null, renderUnder);
    for (const id of new Set(page.left)) {
      if (this.parts.has(id)) continue;
      page = this.learn(id, page, renderUnder);
    }
    return this.fill(page, renderUnder);
  }

  /** For tests: the parts known so far. */
  known(): ReadonlyMap<CachedPartId, string | null> {
    return this.parts;
  }

  private renderWith(markerFor: (id: CachedPartId) => boolean, renderUnder: RenderUnder): { html: string; left: CachedPartId[] } {
    const left: CachedPartId[] = [];
    const html = renderUnder({ markerFor, left });
    return { html, left };
  }

  /** Renders the page again with `id` in place and keeps what replaced its one marker; returns the page as it now stands. */
  private learn(id: CachedPartId, page: { html: string; left: CachedPartId[] }, renderUnder: RenderUnder): { html: string; left: CachedPartId[] } {
    const marked = (other: CachedPartId) => other !== id && page.left.includes(other);
    const whole = this.renderWith(marked, renderUnder);
    const marker = cachedPartMarker(id);
    const at = page.html.indexOf(marker);
    const once = at >= 0 && page.html.indexOf(marker, at + marker.length) < 0 && page.left.filter((p) => p === id).length === 1;
    const before = page.html.slice(0, at);
    const after = page.html.slice(at + marker.length);
    if (once && whole.html.length > before.length + after.length && whole.html.startsWith(before) && whole.html.endsWith(after)) {
      this.parts.set(id, whole.html.slice(before.length, whole.html.length - after.length));
    } else {
      this.parts.set(id, null);
    }
    return whole;
  }

  /** Replaces each marker the render left by its part; a page whose markers are not exactly those is rendered whole. */
  private fill(page: { html: string; left: CachedPartId[] }, renderUnder: RenderUnder): string {
    if (page.left.length === 0) return page.html;
    const pieces: string[] = [];
    let from = 0;
    for (const id of page.left) {
      const marker = cachedPartMarker(id);
      const at = page.html.indexOf(marker, from);
      const html = this.parts.get(id);
      if (at < 0 || typeof html !== 'string') return this.renderWith(() => false, renderUnder).html;
      pieces.push(page.html.slice(from, at), html);
      from = at + marker.length;
    }
    // A marker the render did not leave (none can come from the API's data, see CACHED_PART_TAG) would stay in the page.
    if (page.html.includes(`<${CACHED_PART_TAG}`, from)) return this.renderWith(() => false, renderUnder).html;
    pieces.push(page.html.slice(from));
    return pieces.join('');
  }
}
