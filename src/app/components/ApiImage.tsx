// An image from the image host: width query, optional srcset/sizes, explicit dimensions and alt text;
// the site's placeholder when the record has none.
import { useSite } from '../context.tsx';
import { imageUrl, srcSet } from '../lib/images.ts';
import { useSiteUrls } from '../lib/site-urls.ts';

export interface ApiImageProps {
  path: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** The width requested from the image host for `src`. */
  request?: number;
  widths?: readonly number[];
  sizes?: string;
  className?: string;
  eager?: boolean;
}

export function ApiImage({ path, alt, width, height, request, widths, sizes, className, eager }: ApiImageProps) {
  const { site } = useSite();
  const { href, imageHost } = useSiteUrls();
  const src = imageUrl(imageHost, path, request ?? width) ?? href(site.placeholderImage);
  return (
    <img
      src={src}
      srcSet={path && widths ? srcSet(imageHost, path, widths) : undefined}
      sizes={path && widths ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      // An eager image is the page's largest above the fold (the article's hero, a listing's first card): fetched first.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
