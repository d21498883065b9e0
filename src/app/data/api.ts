// Data access for the isomorphic app. Every crawled GET is a query keyed ['api', path]: seeded from the
// snapshot on the server, hydrated from the page or read from the mirror in the browser. The data is
// an envelope {status, body}, so a 501 reads the same on both sides
// (docs/decisions/0007-envelope-query-data.md).
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
  // On the server a seeded query is read, not observed: an observer per call was a tenth of a page's
  // render. SERVER never changes in a process, so the hooks called are always the same.
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
  // An unseeded read stays pending in the cache, as useQuery leaves it: the renderer reports it.
  if (path !== null && env === undefined) client.getQueryCache().build(client, { queryKey: apiKey(path) });
  return { data: env && isOk(env.status) ? env.body : undefined, status: env?.status, isLoading: path !== null && env === undefined, error: null };
}

/**
 * The query defaults of server and browser: hydrated data never goes stale and nothing refetches, so
 * the first client render sees the prerendered data (docs/architecture.md, "Hydration rules").
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

/** Seeds crawled responses (server render; tests), updated at 0, not Date.now(), for byte-stable pages. */
export function seedQueries(client: QueryClient, entries: Iterable<[path: string, envelope: ApiEnvelope]>): void {
  for (const [path, env] of entries) client.setQueryData(apiKey(path), env, { updatedAt: 0 });
}
