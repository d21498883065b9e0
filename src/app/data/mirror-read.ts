// Mirror reads of the islands (docs/decisions/0062-article-islands.md): panels, side list, "More
// from". None is in the page's HTML or state, so no cache is needed: one GET of a /data/ file after
// hydration or on a gesture. A module-level map keeps one request per file, so a prefetch is picked up
// by the panel that opens next. Routed pages keep react-query (./api.ts) for pagination and tabs.
import { useEffect, useState } from 'react';
import { fetchMirror, isOk, useHydrated, useLoggedFailure, type ApiEnvelope, type ApiResult } from './envelope.ts';
import { useSiteUrls } from '../lib/site-urls.ts';

type Settled = { env: ApiEnvelope } | { error: Error };

const requests = new Map<string, Promise<ApiEnvelope>>();
const settled = new Map<string, Settled>();

/** Forgets every read (tests start each case from an empty page). */
export function resetMirrorReads(): void {
  requests.clear();
  settled.clear();
}

/** Starts (once) the GET of a crawled path from the mirror; later calls share it. */
export function prefetchMirror(path: string, basePath: string): Promise<ApiEnvelope> {
  const key = `${basePath}\0${path}`;
  let p = requests.get(key);
  if (!p) {
    p = fetchMirror<unknown>(path, basePath);
    requests.set(key, p);
    p.then(
      (env) => settled.set(key, { env }),
      (error: unknown) => {
        settled.set(key, { error: error instanceof Error ? error : new Error(String(error)) });
        requests.delete(key); // a later open may try again
      },
    );
  }
  return p;
}

function resultOf<T>(s: Settled | undefined, enabled: boolean): ApiResult<T> {
  if (!s) return { data: undefined, status: undefined, isLoading: enabled, error: null };
  if ('error' in s) return { data: undefined, status: undefined, isLoading: false, error: s.error };
  return { data: isOk(s.env.status) ? (s.env.body as T) : undefined, status: s.env.status, isLoading: false, error: null };
}

/** A crawled GET from the mirror, fetched once mounted in the browser (never on the server); `null` disables. */
export function useMirror<T>(path: string | null): ApiResult<T> {
  const { basePath } = useSiteUrls();
  const key = path === null ? null : `${basePath}\0${path}`;
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (path === null || settled.has(`${basePath}\0${path}`)) return;
    let live = true;
    const done = () => live && setVersion((v) => v + 1);
    prefetchMirror(path, basePath).then(done, done);
    return () => {
      live = false;
    };
  }, [path, basePath]);
  return resultOf<T>(key === null ? undefined : settled.get(key), key !== null);
}

/**
 * A crawled GET no page's HTML depends on, read once hydrated (before: neither data nor loading).
 * A failed read is logged under `label` and shows nothing.
 */
export function useMirrorAfterHydration<T>(path: string, label: string): ApiResult<T> {
  const result = useMirror<T>(useHydrated() ? path : null);
  useLoggedFailure(result.error ? `${label} failed to load (${path}): ${result.error.message}` : null);
  return result;
}
