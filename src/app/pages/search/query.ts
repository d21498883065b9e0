// The live search call (docs/api-contract.md) and its failure states (docs/pages.md, "Search results"):
// 'Network response was not ok' and 'Invalid data structure', plus a plain message when the service
// is unreachable or slower than SEARCH_TIMEOUT_MS. With the static index on, `runSearch` asks it on
// failure ("fallback") or first ("first"); a live error shows only when both fail.
import type { PostItem } from '../../../api/types.ts';
import type { PublicConfig } from '../../../config/schema.ts';
import { isOk } from '../../data/api.ts';
import { liveGet } from '../../data/live.ts';

export const MSG_NOT_OK = 'Network response was not ok';
export const MSG_BAD_SHAPE = 'Invalid data structure';
export const MSG_UNREACHABLE = 'Search is unavailable right now: the content service could not be reached.';
/** A live search that has not answered by then counts as unreachable (and falls back to the index when it is on). */
export const SEARCH_TIMEOUT_MS = 5000;

export type SearchFailure = 'not-ok' | 'bad-shape' | 'unreachable';

export class SearchError extends Error {
  constructor(
    readonly kind: SearchFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SearchError';
  }
}

export interface SearchResult {
  posts: PostItem[];
  totalItems: number;
  totalPages: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The search answer's shape, or null. */
export function checkSearchResponse(body: unknown): SearchResult | null {
  if (!isObj(body) || !isObj(body.result)) return null;
  const { postData, pagination } = body.result;
  if (!Array.isArray(postData) || !isObj(pagination) || !isCount(pagination.totalItems) || !isCount(pagination.totalPages)) return null;
  return { posts: postData as PostItem[], totalItems: pagination.totalItems, totalPages: pagination.totalPages };
}

export async function fetchSearch(base: string, path: string, signal?: AbortSignal, timeoutMs = SEARCH_TIMEOUT_MS): Promise<SearchResult> {
  let res: { status: number; body: unknown };
  // One controller for superseded queries and timeouts; only a timeout is an outage.
  const controller = new AbortController();
  const stop = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    res = await liveGet<unknown>(base, path, { signal: controller.signal });
  } catch (e) {
    if (signal?.aborted) throw e; // a superseded query, not an outage
    throw new SearchError('unreachable', MSG_UNREACHABLE, { cause: e });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
  if (!isOk(res.status)) throw new SearchError('not-ok', MSG_NOT_OK);
  const checked = checkSearchResponse(res.body);
  if (!checked) throw new SearchError('bad-shape', MSG_BAD_SHAPE);
  return checked;
}

/** What an error reads as on the page. */
export function searchErrorMessage(e: unknown): string {
  return e instanceof SearchError ? e.message : MSG_UNREACHABLE;
}

export type SearchSource = 'live' | 'index';
export type StaticIndexMode = PublicConfig['search']['staticIndex'];

/** A page of results and where it came from (the page shows a notice for the index). */
export interface SearchAnswer extends SearchResult {
  source: SearchSource;
}

export interface RunSearch {
  mode: StaticIndexMode;
  live: (signal?: AbortSignal) => Promise<SearchResult>;
  index: (signal?: AbortSignal) => Promise<SearchResult>;
  signal?: AbortSignal;
}

/**
 * Live search and static index in the configured order: "fallback" (index on any live failure),
 * "first" (live when the index fails) or "off". Both failing shows the live error. A superseded query
 * is never retried elsewhere.
 */
export async function runSearch({ mode, live, index, signal }: RunSearch): Promise<SearchAnswer> {
  if (mode === 'first') {
    try {
      return { ...(await index(signal)), source: 'index' };
    } catch (e) {
      if (signal?.aborted) throw e;
    }
    return { ...(await live(signal)), source: 'live' };
  }
  try {
    return { ...(await live(signal)), source: 'live' };
  } catch (liveError) {
    if (mode === 'off' || signal?.aborted || !(liveError instanceof SearchError)) throw liveError;
    try {
      return { ...(await index(signal)), source: 'index' };
    } catch (e) {
      if (signal?.aborted) throw e;
      throw liveError;
    }
  }
}
