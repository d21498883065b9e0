// How long an ad stays before the next: its duration_time in seconds, else the default.
import type { Ad } from '../../../api/types.ts';

export const DEFAULT_AD_DURATION_S = 5;

export function adDurationMs(ad: Ad): number {
  const s = Number(ad.duration_time);
  return (Number.isFinite(s) && s > 0 ? s : DEFAULT_AD_DURATION_S) * 1000;
}
