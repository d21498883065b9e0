// Active ads from the prerendered get_active answer, filtered by banner_type and by a safe dest_url
// (a second fence after the build's). A failed read is logged and the slot stays empty.
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
