// The live search call's deadline and the order of the live API and the static
// index (docs/pages.md, "Search results"; config search.staticIndex): which one
// is asked, when the other is asked instead, and which error the reader sees.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSearch, MSG_NOT_OK, MSG_UNREACHABLE, runSearch, SearchError, type SearchResult } from '../../../../../src/app/pages/search/query.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const result = (n: number): SearchResult => ({ posts: [], totalItems: n, totalPages: Math.ceil(n / 10) });
const failing = (e: unknown) => vi.fn(async () => Promise.reject(e));
const answering = (n: number) => vi.fn(async () => result(n));

describe('fetchSearch', () => {
  it('gives up on an API that does not answer within the deadline, as unreachable', async () => {
    let seen: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: { signal: AbortSignal }) => {
        seen = init.signal;
        // Never answers; rejects only when aborted, as fetch does.
        return new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
      }),
    );
    const started = Date.now();
    const err = await fetchSearch('', '/api/post/search/all/x?limit=10&page=1', undefined, 50).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SearchError);
    expect((err as SearchError).kind).toBe('unreachable');
    expect((err as SearchError).message).toBe(MSG_UNREACHABLE);
    expect(seen?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('passes a superseded query on as an abort, not as an outage', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: { signal: AbortSignal }) => new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)))),
    );
    const outer = new AbortController();
    const pending = fetchSearch('', '/api/post/search/all/x?limit=10&page=1', outer.signal, 60_000).catch((e: unknown) => e);
    outer.abort(new DOMException('superseded', 'AbortError'));
    const err = await pending;
    expect(err).not.toBeInstanceOf(SearchError);
    expect((err as DOMException).name).toBe('AbortError');
  });
});

describe('runSearch', () => {
  it('"fallback": the live answer when there is one; the index is not asked', async () => {
    const live = answering(3);
    const index = answering(9);
    expect(await runSearch({ mode: 'fallback', live, index })).toEqual({ ...result(3), source: 'live' });
    expect(index).not.toHaveBeenCalled();
  });

  it.each([
    ['not-ok', MSG_NOT_OK],
    ['unreachable', MSG_UNREACHABLE],
    ['bad-shape', 'Invalid data structure'],
  ] as const)('"fallback": the index when the live call fails (%s)', async (kind, message) => {
    const index = answering(9);
    expect(await runSearch({ mode: 'fallback', live: failing(new SearchError(kind, message)), index })).toEqual({ ...result(9), source: 'index' });
    expect(index).toHaveBeenCalledTimes(1);
  });

  it("\"fallback\": the live call's error when the index fails too", async () => {
    const liveError = new SearchError('not-ok', MSG_NOT_OK);
    await expect(runSearch({ mode: 'fallback', live: failing(liveError), index: failing(new TypeError('Failed to fetch dynamically imported module')) })).rejects.toBe(liveError);
  });

  it('"fallback": a superseded query is not retried on the index', async () => {
    const outer = new AbortController();
    outer.abort();
    const abort = new DOMException('superseded', 'AbortError');
    const index = answering(9);
    await expect(runSearch({ mode: 'fallback', live: failing(abort), index, signal: outer.signal })).rejects.toBe(abort);
    expect(index).not.toHaveBeenCalled();
  });

  it('"first": the index, and the live API only when the index fails', async () => {
    const live = answering(3);
    expect(await runSearch({ mode: 'first', live, index: answering(9) })).toEqual({ ...result(9), source: 'index' });
    expect(live).not.toHaveBeenCalled();
    expect(await runSearch({ mode: 'first', live, index: failing(new Error('no index')) })).toEqual({ ...result(3), source: 'live' });
    const liveError = new SearchError('unreachable', MSG_UNREACHABLE);
    await expect(runSearch({ mode: 'first', live: failing(liveError), index: failing(new Error('no index')) })).rejects.toBe(liveError);
  });

  it('"off": the live API only, its error as it is', async () => {
    const index = answering(9);
    const liveError = new SearchError('not-ok', MSG_NOT_OK);
    await expect(runSearch({ mode: 'off', live: failing(liveError), index })).rejects.toBe(liveError);
    expect(index).not.toHaveBeenCalled();
  });
});
