// A slot rotating through ads of one banner_type (docs/pages.md, "Shared shell", Ads): the first is
// prerendered, the rest follow after hydration; only the shown ad is in the DOM, the next preloaded.
import type { Ad } from '../../../api/types.ts';
import { imageUrl } from '../../../site/paths.ts';
import { useSiteUrls } from '../../lib/site-urls.ts';
import { AdBanner } from './AdBanner.tsx';
import { AD_FADE_MS, useRotation } from './useRotation.ts';
import { adDurationMs } from './duration.ts';

export function AdRotator({ ads, width, height, eager }: { ads: Ad[]; width: number; height: number; eager?: boolean }) {
  const { imageHost } = useSiteUrls();
  const { index, visible } = useRotation(
    ads.length,
    (i) => adDurationMs(ads[i]),
    (i) => {
      const src = imageUrl(imageHost, ads[i]?.banner_img, width);
      if (src) new Image().src = src;
    },
  );
  const ad = ads[index];
  if (!ad) return null;
  return (
    <div
      className={visible ? 'ad-rotator is-visible' : 'ad-rotator is-fading'}
      style={{ ['--ad-fade-ms' as string]: `${AD_FADE_MS}ms` }}
      data-ad-index={index}
      data-ad-count={ads.length}
    >
      <AdBanner key={ad.banner_id} ad={ad} width={width} height={height} eager={eager} />
    </div>
  );
}
