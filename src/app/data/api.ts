// Data access for the isomorphic app. Every GET the crawl made is a query whose
// key is ['api', path]; on the server its data is seeded from the snapshot, in
// the browser it is hydrated from the page and, for anything else, read from the
// static mirror (src/api/mirror.ts). The data is an envelope {status, body} so a
// 501 or an empty list reads the same on both sides (docs/decisions/0007-envelope-query-data.md).
import { QueryClient, useQuery, useQueryClient, type DefaultOptions } from '@tanstack/react-query';
import { fetchMirror, isOk, type ApiEnvelope, type ApiResult } from './envelope.ts';
import { useSiteUrls } from '../lib/site-urls.ts';

export { FetchError, fetchMirror, isOk, useHydrated, useLoggedFailure, type ApiEnvelope, type ApiResult } from './envelope.ts';

export const apiKey = (path: string) => ['api', path] as const;
export const liveKey = (path: string) => ['live', path] as const;

/** The query of a crawled GET read from the mirror: one definition for useApi and for prefetching. */
export const mirrorQuery = <T>(path: string, basePath: string) => ({ queryKey: apiKey(path), queryFn: () => fetchMirror<T>(path, basePath) });

/** No DOM: the server render (src/render), where every page is rendered once from a client seeded beforehand. */
const SERVER = typeof window === 'undefined';

/** A crawled GET (prerendered data, or the mirror for later pages and tabs). `null` disables. */
export function useApi<T>(path: string | null): ApiResult<T> {
  // On the server a seeded query is read, not observed: an observer per call (its options,
  // key hash and subscription) was a tenth of a page's render, for a render that never
  // updates. The result is what useQuery gives there (seeded: the data; else pending, not
  // fetched). SERVER never changes in a process, so the hooks called are always the same.
  if (SERVER) return seededResult<T>(useQueryClient(), path);
  const { basePath } = useSiteUrls();
  const q = useQuery({ ...mirrorQuery<T>(path ?? '', basePath), enabled: path !== null });
  const env = q.data as ApiEnvelope<T> | undefined;
  return {
    data: env && isOk(env.status) ? env.body : undefined,
    status: env?.status,
    isLoading: path !== null && q.isPending,
    error: q.error,
  };
}

function seededResult<T>(client: QueryClient, path: string | null): ApiResult<T> {
  const env = path === null ? undefined : (client.getQueryData(apiKey(path)) as ApiEnvelope<T> | undefined);
  // A read the route did not seed is left in the cache pending, as useQuery leaves it: the
  // renderer reports it (src/render/pending.ts), and in strict mode fails the build.
  if (path !== null && env === undefined) client.getQueryCache().build(client, { queryKey: apiKey(path) });
  return { data: env && isOk(env.status) ? env.body : undefined, status: env?.status, isLoading: path !== null && env === undefined, error: null };
}

/**
 * The one set of query defaults for the server render and the browser. Hydrated
 * data never goes stale and nothing refetches on mount, focus or reconnect, so
 * the first client render sees exactly the prerendered data (docs/architecture.md,
 * "Hydration rules": hydrated queries refetch on mount when staleTime is 0).
 */
export const QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    staleTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

/**
 * Seed a QueryClient with crawled responses (server render; tests). The update
 * time is fixed (0, not Date.now()) so the dehydrated state, and with it the
 * page, is byte-identical between builds; with staleTime Infinity it never
 * makes the data stale.
 */
export function seedQueries(client: QueryClient, entries: Iterable<[path: string, envelope: ApiEnvelope]>): void {
  for (const [path, env] of entries) client.setQueryData(apiKey(path), env, { updatedAt: 0 });
}
