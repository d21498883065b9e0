// Active ads from the prerendered get_active response, filtered by banner_type
// (the API answers every active ad; the slots filter) and by a safe dest_url (unsafe
// ones are already dropped at build time; this is the second fence). A failed
// read is logged with console.log and the slot stays empty (docs/pages.md,
// "Shared shell", Ads).
import { ep } from '../../../api/endpoints.ts';
import type { Ad, BannerType } from '../../../api/types.ts';
import { isSafeHref } from '../../../api/video.ts';
import { useApi, useLoggedFailure } from '../../data/api.ts';

export function useAds(type?: BannerType): Ad[] {
  const { data, isLoading, status, error } = useApi<Ad[]>(ep.ads());
  const failed = !isLoading && !Array.isArray(data);
  useLoggedFailure(failed ? `Ads failed to load (${type ?? 'all types'}, ${ep.ads()}): ${error?.message ?? `status ${status ?? 'none'}`}` : null);
  const all = Array.isArray(data) ? data : [];
  return all.filter((a) => (!type || a.banner_type === type) && isSafeHref(a.dest_url) && !!a.banner_img);
}
