// Active ads from the mirror (data/advertisement/get_active.json), read once hydrated: no page's HTML
// carries them, so an ad edit writes that file only (docs/decisions/0116-ads-from-the-mirror.md).
// Filtered by banner_type and by a safe dest_url (a second fence after the build's). A failed read is
// logged (console.log only) and the slot shows nothing.
import { ep } from '../../../api/endpoints.ts';
import type { Ad, BannerType } from '../../../api/types.ts';
import { isSafeHref } from '../../../api/video.ts';
import { useHydrated, useLoggedFailure } from '../../data/envelope.ts';
import { useMirror } from '../../data/mirror-read.ts';

/** `loading`: on the server, in the hydration render and until the mirror answers; `settled`: read, or failed. */
export interface AdsRead {
  ads: Ad[];
  state: 'loading' | 'settled';
}

export function useAds(type?: BannerType): AdsRead {
  const hydrated = useHydrated();
  const { data, isLoading, status, error } = useMirror<Ad[]>(hydrated ? ep.ads() : null);
  const failed = hydrated && !isLoading && !Array.isArray(data);
  useLoggedFailure(failed ? `Ads failed to load (${type ?? 'all types'}, ${ep.ads()}): ${error?.message ?? `status ${status ?? 'none'}`}` : null);
  const all = Array.isArray(data) ? data : [];
  return {
    ads: all.filter((a) => (!type || a.banner_type === type) && isSafeHref(a.dest_url) && !!a.banner_img),
    state: !hydrated || isLoading ? 'loading' : 'settled',
  };
}
