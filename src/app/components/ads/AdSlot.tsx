// An advertisement slot of one banner_type (docs/pages.md, "Shared shell", Ads).
// Without `pick`, every active ad of the type takes its turn in the slot (the
// rotation: AdRotator); the prerendered HTML shows the first one. With `pick`,
// the chosen ads are shown side by side, each fixed.
import type { BannerType } from '../../../api/types.ts';
import { AdBanner } from './AdBanner.tsx';
import { AdRotator } from './AdRotator.tsx';
import { useAds } from './useAds.ts';

export interface AdSlotProps {
  type?: BannerType;
  /** Pick ads by index among the active ones of the type (e.g. [1, 2]: the second and third). */
  pick?: number[];
  width: number;
  height: number;
  className?: string;
  label?: string;
  eager?: boolean;
}

export function AdSlot({ type, pick, width, height, className = 'ad-slot', label = 'Advertisement', eager }: AdSlotProps) {
  const ads = useAds(type);
  if (pick) {
    const chosen = pick.map((i) => ads[i]).filter(Boolean);
    if (chosen.length === 0) return null;
    return (
      <aside className={className} aria-label={label}>
        {chosen.map((ad) => (
          <AdBanner key={ad.banner_id} ad={ad} width={width} height={height} eager={eager} />
        ))}
      </aside>
    );
  }
  if (ads.length === 0) return null;
  return (
    <aside className={className} aria-label={label}>
      <AdRotator ads={ads} width={width} height={height} eager={eager} />
    </aside>
  );
}
