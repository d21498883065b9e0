// One ad: the image links to dest_url in a new tab (rel="noopener"); banner_name is the alt text.
import type { Ad } from '../../../api/types.ts';
import { useSiteUrls } from '../../lib/site-urls.ts';
import { ApiImage } from '../ApiImage.tsx';

export function AdBanner({ ad, width, height, eager, className = 'ad-banner' }: { ad: Ad; width: number; height: number; eager?: boolean; className?: string }) {
  // dest_url may be site-relative (docs/api-contract.md): under a base path it needs the prefix.
  const { href } = useSiteUrls();
  return (
    <a className={className} href={href(ad.dest_url)} target="_blank" rel="noopener noreferrer sponsored">
      <ApiImage path={ad.banner_img} alt={ad.banner_name || 'Advertisement'} width={width} height={height} request={width} eager={eager} />
    </a>
  );
}
