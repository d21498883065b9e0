// Pages 1..n of an event list (or from a later route's page) from the prerendered data and the mirror:
// the first page is seeded, so the first client render matches; later pages are read on Show More.
import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventListResponse } from '../../../api/types.ts';
import { apiKey, fetchMirror, isOk, type ApiEnvelope } from '../../data/api.ts';
import { eventPage } from '../../lib/events.ts';
import { useSiteUrls } from '../../lib/site-urls.ts';
import type { EventItem } from '../../../api/types.ts';

export interface PagedEvents {
  /** Items per fetched page, in page order from the first asked for (pages still loading are left out). */
  pages: EventItem[][];
  totalPages: number;
  loading: boolean;
  failed: boolean;
}

/** Pages `from`..`from + pageCount - 1` of the list (`from` > 1 on a later page's own route, docs/decisions/0105-listing-page-routes.md). */
export function usePagedEvents(list: (page: number) => string, pageCount: number, from = 1): PagedEvents {
  const paths = Array.from({ length: pageCount }, (_, i) => list(from + i));
  const { basePath } = useSiteUrls();
  const results = useQueries({
    queries: paths.map((path) => ({
      queryKey: apiKey(path),
      queryFn: () => fetchMirror<EventListResponse>(path, basePath),
    })),
  });
  const pages: EventItem[][] = [];
  let failed = false;
  let loading = false;
  let totalPages = 0;
  let problem: string | null = null;
  results.forEach((r, i) => {
    const env = r.data as ApiEnvelope<EventListResponse> | undefined;
    if (r.isPending) loading = true;
    if (r.error || (env && !isOk(env.status))) {
      failed = true;
      problem ??= r.error ? r.error.message : `HTTP error! Status: ${env!.status}`;
      return;
    }
    if (!env) return;
    const p = eventPage(env.body);
    if (i === 0) totalPages = p.totalPages;
    pages.push(p.items);
  });
  // A failed page read is logged only (never console.error); the list stops.
  useEffect(() => {
    if (problem) console.warn(`Failed to fetch events: ${problem}`);
  }, [problem]);
  return { pages, totalPages, loading, failed };
}
