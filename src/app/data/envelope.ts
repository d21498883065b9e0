// The data shapes and reads the whole app shares without a query cache: the envelope of every crawled
// GET, a mirror read, the hydration hooks. Routed pages reach them through ./api.ts, islands through
// ./mirror-read.ts, so the islands' bundle has no query library.
import { useEffect, useSyncExternalStore } from 'react';
import { mirrorUrl } from '../../api/mirror.ts';
import { withBase } from '../../site/paths.ts';

export interface ApiEnvelope<T = unknown> {
  status: number;
  body: T;
}

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

const subscribeNothing = () => () => {};

/** False on the server and in the hydration render, true from then on (and at once after a client navigation). */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}

/** Logs a failed read once with console.log (never console.error): such a part shows nothing. */
export function useLoggedFailure(message: string | null): void {
  useEffect(() => {
    if (message !== null) console.log(message);
  }, [message]);
}
