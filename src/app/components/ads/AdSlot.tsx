// An ad slot of one banner_type, as an island (./AdView.tsx), so island documents fill and rotate ads
// without the routed app. Its props are only the slot's shape: the ads come from the mirror after
// hydration (docs/decisions/0116-ads-from-the-mirror.md), so no page's HTML depends on them.
import { Island } from '../../islands/Island.tsx';
import type { AdViewProps } from './AdView.tsx';

export function AdSlot(props: AdViewProps) {
  return <Island name="ad" props={props} />;
}
