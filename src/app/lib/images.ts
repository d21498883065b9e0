// Image host URLs with the width query, and srcset strings for the pages' width sets.
import { imageUrl } from '../../site/paths.ts';

/** Listings, home and tag pages: 150, 300, 500, 700, 1000, 1200. */
export const LISTING_WIDTHS = [150, 300, 500, 700, 1000, 1200] as const;
/** Articles and events: 150, 250, 300, 320, 500, 700, 1000, 1200. */
export const ARTICLE_WIDTHS = [150, 250, 300, 320, 500, 700, 1000, 1200] as const;

export function srcSet(host: string, path: string | null | undefined, widths: readonly number[]): string | undefined {
  if (!path) return undefined;
  const parts = widths.map((w) => {
    const u = imageUrl(host, path, w);
    return u ? `${u} ${w}w` : null;
  });
  return parts.every(Boolean) ? parts.join(', ') : undefined;
}

export { imageUrl };
