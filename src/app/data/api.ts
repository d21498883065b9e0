// Data access for the isomorphic app. Every GET the crawl made is a query whose
// key is ['api', path]; on the server its data is seeded from the snapshot, in
// the browser it is hydrated from the page and, for anything else, read from the
// static mirror (src/api/mirror.ts). The data is an envelope {status, body} so a
// 501 or an empty list reads the same on both sides (docs/decisions.md, 7).
import { QueryClient, useQuery, type DefaultOptions } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { mirrorUrl } from '../../api/mirror.ts';
import { withBase } from '../../site/paths.ts';
import { useSiteUrls } from '../lib/site-urls.ts';

export interface ApiEnvelope<T = unknown> {
  status: number;
  body: T;
}

export const apiKey = (path: string) => ['api', path] as const;
export const liveKey = (path: string) => ['live', path] as const;

export const isOk = (status: number) => status >= 200 && status < 300;

export class FetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

/** Read a crawled GET from the static mirror (under the site's base path). A missing mirror file reads as status 404. */
export async function fetchMirror<T>(path: string, basePath = ''): Promise<ApiEnvelope<T>> {
  const url = withBase(basePath, mirrorUrl(path));
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (res.status === 404) return { status: 404, body: null as T };
  if (!res.ok) throw new FetchError(url, res.status, `HTTP error! Status: ${res.status}`);
  return (await res.json()) as ApiEnvelope<T>;
}

export interface ApiResult<T> {
  /** The body when the response was 2xx. */
  data: T | undefined;
  status: number | undefined;
  isLoading: boolean;
  error: Error | null;
}

/** The query of a crawled GET read from the mirror: one definition for useApi and for prefetching. */
export const mirrorQuery = <T>(path: string, basePath: string) => ({ queryKey: apiKey(path), queryFn: () => fetchMirror<T>(path, basePath) });

/** A crawled GET (prerendered data, or the mirror for later pages and tabs). `null` disables. */
export function useApi<T>(path: string | null): ApiResult<T> {
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

const subscribeNothing = () => () => {};

/** False on the server and in the hydration render, true from then on (and at once after a client navigation). */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}

/**
 * Logs a read that failed, once per failure, with console.log (never
 * console.error): a failed ads, latest, popular or event read is logged and
 * shows nothing (docs/pages.md). `message` is null while nothing failed.
 */
export function useLoggedFailure(message: string | null): void {
  useEffect(() => {
    if (message !== null) console.log(message);
  }, [message]);
}

/**
 * A crawled GET that no page's HTML depends on (docs/decisions.md, 54): read
 * from the mirror once the page is hydrated; until then (in the prerendered
 * HTML too) neither data nor loading, so its part renders nothing rather than
 * a skeleton no reader without JavaScript would see filled. A change to it
 * then re-renders no page. A read that fails is logged under `label` and
 * shows nothing.
 */
export function useApiAfterHydration<T>(path: string, label: string): ApiResult<T> {
  const result = useApi<T>(useHydrated() ? path : null);
  useLoggedFailure(result.error ? `${label} failed to load (${path}): ${result.error.message}` : null);
  return result;
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
