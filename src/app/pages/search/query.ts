// The search call (docs/api-contract.md: GET /api/post/search/{cat}/{searchVal}?page=
// -> success, result.postData, result.pagination {totalItems, totalPages}) to the
// LIVE API, and its failure states (docs/pages.md, "Search results"): 'Network
// response was not ok' and 'Invalid data structure' are the error states, and
// they are shown to the reader. A service that cannot be
// reached at all gets its own plain message.
import type { PostItem } from '../../../api/types.ts';
import { isOk } from '../../data/api.ts';
import { liveGet } from '../../data/live.ts';

export const MSG_NOT_OK = 'Network response was not ok';
export const MSG_BAD_SHAPE = 'Invalid data structure';
export const MSG_UNREACHABLE = 'Search is unavailable right now: the content service could not be reached.';

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

export async function fetchSearch(base: string, path: string, signal?: AbortSignal): Promise<SearchResult> {
  let res: { status: number; body: unknown };
  try {
    res = await liveGet<unknown>(base, path, { signal });
  } catch (e) {
    if (signal?.aborted) throw e; // a superseded query, not an outage
    throw new SearchError('unreachable', MSG_UNREACHABLE, { cause: e });
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
