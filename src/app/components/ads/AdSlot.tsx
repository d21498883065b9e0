// An advertisement slot of one banner_type. Shows the first matching ad in the
// prerendered HTML; the rotating behaviour (site-shell spec "Ad rotation") is
// layered on in AdRotator when it exists for the slot.
import type { BannerType } from '../../../api/types.ts';
import { AdBanner } from './AdBanner.tsx';
import { useAds } from './useAds.ts';

export interface AdSlotProps {
  type?: BannerType;
  /** Pick ads by index among the active ones of the type (e.g. [1, 2]: the second and third). */
  pick?: number[];
  width: number;
  height: number;
  className?: string;
  label?: string;
}

export function AdSlot({ type, pick, width, height, className = 'ad-slot', label = 'Advertisement' }: AdSlotProps) {
  const ads = useAds(type);
  const chosen = pick ? pick.map((i) => ads[i]).filter(Boolean) : ads.slice(0, 1);
  if (chosen.length === 0) return null;
  return (
    <aside className={className} aria-label={label}>
      {chosen.map((ad) => (
        <AdBanner key={ad.banner_id} ad={ad} width={width} height={height} />
      ))}
    </aside>
  );
}
