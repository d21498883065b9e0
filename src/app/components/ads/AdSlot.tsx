// An ad slot of one banner_type: reads its active ads (./useAds.ts) and shows them as an island
// (./AdView.tsx), so island documents rotate ads without the routed app.
import type { BannerType } from '../../../api/types.ts';
import { Island } from '../../islands/Island.tsx';
import type { AdViewProps } from './AdView.tsx';
import { useAds } from './useAds.ts';

export interface AdSlotProps extends Omit<AdViewProps, 'ads'> {
  type?: BannerType;
}

export function AdSlot({ type, ...view }: AdSlotProps) {
  const ads = useAds(type);
  // Only the ads the slot can show travel in the page: the picked ones keep their index.
  const shown = view.pick ? ads.slice(0, Math.max(...view.pick) + 1) : ads;
  return <Island name="ad" props={{ ads: shown, ...view }} />;
}
