// What an ad slot shows (docs/pages.md, "Shared shell", Ads): without `pick`, the rotation (the HTML
// shows the first); with `pick`, the chosen ads side by side. An island; its ads come as props.
import type { Ad } from '../../../api/types.ts';
import { AdBanner } from './AdBanner.tsx';
import { AdRotator } from './AdRotator.tsx';

export interface AdViewProps {
  /** The active ads of the slot's type, in API order. */
  ads: Ad[];
  /** Pick ads by index among them (e.g. [1, 2]: the second and third). */
  pick?: number[];
  width: number;
  height: number;
  className?: string;
  label?: string;
  eager?: boolean;
}

export function AdView({ ads, pick, width, height, className = 'ad-slot', label = 'Advertisement', eager }: AdViewProps) {
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
