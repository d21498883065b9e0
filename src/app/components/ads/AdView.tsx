// What an ad slot shows (docs/pages.md, "Shared shell", Ads): without `pick`, the rotation; with
// `pick`, the chosen ads side by side. The ads are read from the mirror once hydrated (./useAds.ts):
// the server HTML has the labelled slot with its space reserved at the banner's size, so filling it
// moves nothing; a reader without JavaScript, or a failed read, leaves the space empty.
import type { CSSProperties } from 'react';
import type { BannerType } from '../../../api/types.ts';
import { AdBanner } from './AdBanner.tsx';
import { AdRotator } from './AdRotator.tsx';
import { useAds } from './useAds.ts';

export interface AdViewProps {
  /** The banner_type shown; none: any active ad. */
  type?: BannerType;
  /** Pick ads by index among the active ones of the type (e.g. [1, 2]: the second and third). */
  pick?: number[];
  width: number;
  height: number;
  className?: string;
  label?: string;
  eager?: boolean;
}

/** The space one banner takes: sized as its image by ads.css, from the slot's --ad-width and --ad-ratio. */
function Space() {
  return <span className="ad-space" aria-hidden="true" />;
}

export function AdView({ type, pick, width, height, className = 'ad-slot', label = 'Advertisement', eager }: AdViewProps) {
  const { ads, state } = useAds(type);
  const shown = pick ? pick.map((i) => ads[i]) : ads;
  const filled = shown.some(Boolean);
  let content;
  if (pick) {
    // Each picked place keeps its space until its ad is known, and stays empty without one.
    content = shown.map((ad, i) => (ad ? <AdBanner key={ad.banner_id} ad={ad} width={width} height={height} eager={eager} /> : <Space key={`space-${pick[i]}`} />));
  } else {
    content = filled ? <AdRotator ads={ads} width={width} height={height} eager={eager} /> : <Space />;
  }
  // The banner's size, for the empty space and the image alike: the slot measures the same before and after it fills.
  const size = { '--ad-width': `${width}px`, '--ad-ratio': `${width} / ${height}` } as CSSProperties;
  return (
    <aside className={className} style={size} aria-label={label} aria-busy={state === 'loading' ? true : undefined} data-ad-state={filled ? 'filled' : state === 'loading' ? 'loading' : 'empty'}>
      {content}
    </aside>
  );
}
