// Image URLs on the image host with the width query (api-contract.md), and
// srcset strings for the spec's width sets.
import { imageUrl } from '../../site/paths.ts';

/** site-shell spec §9: 150, 300, 500, 700, 1000, 1200. */
export const LISTING_WIDTHS = [150, 300, 500, 700, 1000, 1200] as const;
/** articles spec §9: 150, 250, 300, 320, 500, 700, 1000, 1200. */
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
