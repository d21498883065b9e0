// @vitest-environment jsdom
// Search results (docs/pages.md, "Search results"): the live
// API's states — results, empty, not ok, bad structure, unreachable — as the
// reader sees them, the category tabs and the centred window; and the static
// index (search.staticIndex): results from it when the live call fails, or
// first, in the same layout with its notice.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import SearchPage, { INDEX_NOTICE } from '../../../../../src/app/pages/search/index.tsx';
import { MSG_BAD_SHAPE, MSG_NOT_OK, MSG_UNREACHABLE } from '../../../../../src/app/pages/search/query.ts';
import type { IndexHit, PagefindBrowserApi } from '../../../../../src/app/pages/search/static-index.ts';
import { clientMount, item, ok, serverRender, site, type Mounted } from '../../../../helpers/app-harness.tsx';
import { WAIT } from '../../../../helpers/wait.ts';

// Pagefind's script only exists in a built site: the loader is replaced, the
// rest of the module (the search over Pagefind's API) is the real one.
const loadPagefind = vi.hoisted(() => vi.fn());
vi.mock('../../../../../src/app/pages/search/static-index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../../src/app/pages/search/static-index.ts')>()),
  loadPagefind,
}));

const PATTERNS = ['/search/:cat/:searchVal'];
const CATS = ['news', 'quick-bytes', 'featured', 'podcasts', 'interview', 'guest-author', 'future-ready', 'learning-center'].map((s, i) => ({ cat_id: i + 1, cat_slug: s, cat_name: s.replace(/-/g, ' ') }));
const SEEDED = { [ep.ads()]: ok([]), [ep.categoryAll()]: ok(CATS) };
const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);
const answer = (ids: number[], totalItems: number, totalPages: number, page = 1) => ({ success: true, result: { category: 'all', postData: ids.map((id) => item(id)), pagination: { page, limit: 10, totalItems, totalPages } } });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const titles = (root: HTMLElement) => [...root.querySelectorAll('.post-card-title a, .post-row-title a')].map((a) => a.textContent);
const h1 = (root: HTMLElement) => root.querySelector('h1')?.textContent;
const alert = (root: HTMLElement) => root.querySelector('[role="alert"]')?.textContent ?? '';

let mounted: Mounted | null = null;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  // As in a build without the index, or when its script cannot be fetched.
  loadPagefind.mockReset();
  loadPagefind.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module: /pagefind/pagefind.js'));
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = (url: string, staticIndex: 'fallback' | 'first' | 'off' = 'fallback') =>
  (mounted = clientMount(SearchPage, PATTERNS, url, { html: null, data: SEEDED, config: { ...site, search: { staticIndex } } }));

/** A stand-in for Pagefind's browser API over `n` indexed articles, and the searches it was asked. */
function fakeIndex(n: number) {
  const searches: { term: string; options: unknown }[] = [];
  const loaded: number[] = [];
  const hit = (id: number): IndexHit => ({
    url: `/news/post-${id}`,
    meta: { id: String(id), title: `Indexed post ${id}`, date: '2026-01-10T08:00:00.000Z', author: 'Ada Writer', author_slug: 'ada-writer', image: `/images/p${id}.jpg`, category: 'News' },
  });
  const api: PagefindBrowserApi = {
    async options() {},
    async mergeIndex() {},
    async search(term, options) {
      searches.push({ term, options });
      return { results: range(1, n).map((id) => ({ id: `en_${id}`, data: async () => (loaded.push(id), hit(id)) })) };
    },
  };
  return { api, searches, loaded };
}
const notice = (root: HTMLElement) => root.querySelector('.search-index-notice')?.textContent ?? null;

describe('search page', () => {
  it('shows results: heading, 3 cards then a list, the pager; page 2 asks the live API again', async () => {
    fetchMock.mockImplementation(async (url: string) => (url.includes('page=2') ? json(answer(range(11, 3), 13, 2, 2)) : json(answer(range(1, 10), 13, 2))));
    const root = open('/search/all/react').container;
    expect(root.querySelector('[aria-busy="true"]')).not.toBeNull();
    await vi.waitFor(() => expect(titles(root)).toHaveLength(10), WAIT);
    expect(fetchMock).toHaveBeenCalledWith('/api/post/search/all/react?limit=10&page=1', expect.anything());
    expect(h1(root)).toBe('Search Result : react');
    expect(root.querySelectorAll('.listing-cards .post-card')).toHaveLength(3);
    expect(root.querySelectorAll('.listing-list .post-row')).toHaveLength(7);
    expect(root.querySelector<HTMLButtonElement>('button[aria-label="Previous page"]')!.disabled).toBe(true);
    act(() => root.querySelector<HTMLButtonElement>('button[aria-label="Page 2"]')!.click());
    await vi.waitFor(() => expect(titles(root)).toEqual(['Post number 11', 'Post number 12', 'Post number 13']), WAIT);
    expect(root.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!.disabled).toBe(true);
  });

  it('shows the category tabs: All and the first 7 categories as tabs, the rest under More', async () => {
    fetchMock.mockImplementation(async () => json(answer([1], 1, 1)));
    const root = open('/search/podcasts/react').container;
    const tabs = [...root.querySelectorAll('.filter-tabs > li > a')];
    expect(tabs).toHaveLength(8);
    expect(tabs[0].getAttribute('href')).toBe('/search/all/react');
    expect(root.querySelector('a[aria-current="page"]')!.getAttribute('href')).toBe('/search/podcasts/react');
    expect([...root.querySelectorAll('.filter-menu a')].map((a) => a.getAttribute('href'))).toEqual(['/search/learning-center/react']);
    await vi.waitFor(() => expect(titles(root)).toHaveLength(1), WAIT);
  });

  it("reads 'No Result For Your Search' when totalItems is 0", async () => {
    fetchMock.mockImplementation(async () => json(answer([], 0, 0)));
    const root = open('/search/all/zzzz').container;
    await vi.waitFor(() => expect(h1(root)).toBe('No Result For Your Search'), WAIT);
    expect(titles(root)).toEqual([]);
    expect(root.querySelector('.pagination')).toBeNull();
  });

  it(`shows '${MSG_NOT_OK}' for a non-ok answer`, async () => {
    fetchMock.mockImplementation(async () => json({ success: false }, 500));
    const root = open('/search/all/react').container;
    await vi.waitFor(() => expect(alert(root)).toContain(MSG_NOT_OK), WAIT);
  });

  it(`shows '${MSG_BAD_SHAPE}' for a bad structure`, async () => {
    fetchMock.mockImplementation(async () => json({ success: true, result: { postData: 'nope' } }));
    const root = open('/search/all/react').container;
    await vi.waitFor(() => expect(alert(root)).toContain(MSG_BAD_SHAPE), WAIT);
  });

  it('says plainly when the live API cannot be reached', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const root = open('/search/all/react').container;
    await vi.waitFor(() => expect(alert(root)).toContain(MSG_UNREACHABLE), WAIT);
  });

  it('keeps the term as data in the API path', async () => {
    fetchMock.mockImplementation(async () => json(answer([], 0, 0)));
    const root = open(`/search/all/${encodeURIComponent("a/b?c=1&d'")}`).container;
    await vi.waitFor(() => expect(h1(root)).toBe('No Result For Your Search'), WAIT);
    expect(fetchMock).toHaveBeenCalledWith(`/api/post/search/all/${encodeURIComponent("a/b?c=1&d'")}?limit=10&page=1`, expect.anything());
  });

  it('is noindex: in its head data and, in the browser, as a robots tag while shown', async () => {
    const { head } = serverRender(SearchPage, PATTERNS, '/search/all/react', SEEDED);
    expect(head!.noindex).toBe(true);
    fetchMock.mockImplementation(async () => json(answer([], 0, 0)));
    const m = open('/search/all/react');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    await vi.waitFor(() => expect(h1(m.container)).toBe('No Result For Your Search'), WAIT);
    m.unmount();
    mounted = null;
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('reads no static index while the live search answers', async () => {
    fetchMock.mockImplementation(async () => json(answer(range(1, 3), 3, 1)));
    const root = open('/search/all/react').container;
    await vi.waitFor(() => expect(titles(root)).toHaveLength(3), WAIT);
    expect(loadPagefind).not.toHaveBeenCalled();
    expect(notice(root)).toBeNull();
  });
});

describe('search page with the static index', () => {
  it('falls back to the index on a non-ok answer: same heading, 3 cards then a list, the window, and the notice', async () => {
    fetchMock.mockImplementation(async () => json({ success: false }, 503));
    const index = fakeIndex(13);
    loadPagefind.mockResolvedValue(index.api);
    const root = open('/search/all/react').container;
    await vi.waitFor(() => expect(titles(root)).toHaveLength(10), WAIT);
    expect(h1(root)).toBe('Search Result : react');
    expect(notice(root)).toBe(INDEX_NOTICE.fallback);
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(root.querySelectorAll('.listing-cards .post-card')).toHaveLength(3);
    expect(root.querySelectorAll('.listing-list .post-row')).toHaveLength(7);
    expect(root.querySelector('.post-card-title a')!.getAttribute('href')).toBe('/news/post-1');
    expect(root.querySelector('.post-card .byline')!.textContent).toBe('By Ada Writer | Jan 10, 2026');
    expect(index.searches).toEqual([{ term: 'react', options: {} }]);
    // Only the shown page's hits are loaded (each is a fragment download).
    expect(index.loaded.sort((a, b) => a - b)).toEqual(range(1, 10));
    expect([...root.querySelectorAll('.pagination button[aria-label^="Page "]')].map((b) => b.textContent)).toEqual(['1', '2']);
    act(() => root.querySelector<HTMLButtonElement>('button[aria-label="Page 2"]')!.click());
    await vi.waitFor(() => expect(titles(root)).toEqual(['Indexed post 11', 'Indexed post 12', 'Indexed post 13']), WAIT);
    expect(notice(root)).toBe(INDEX_NOTICE.fallback);
    expect(root.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!.disabled).toBe(true);
  });

  it('falls back when the API cannot be reached, and filters the index by the tab\'s category', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const index = fakeIndex(2);
    loadPagefind.mockResolvedValue(index.api);
    const root = open('/search/podcasts/react').container;
    await vi.waitFor(() => expect(titles(root)).toEqual(['Indexed post 1', 'Indexed post 2']), WAIT);
    expect(index.searches).toEqual([{ term: 'react', options: { filters: { category: 'podcasts' } } }]);
    expect(notice(root)).toBe(INDEX_NOTICE.fallback);
  });

  it("reads 'No Result For Your Search' when the index has no match, with the notice", async () => {
    fetchMock.mockImplementation(async () => json({ success: false }, 500));
    loadPagefind.mockResolvedValue(fakeIndex(0).api);
    const root = open('/search/all/zzzz').container;
    await vi.waitFor(() => expect(h1(root)).toBe('No Result For Your Search'), WAIT);
    expect(notice(root)).toBe(INDEX_NOTICE.fallback);
    expect(root.querySelector('.pagination')).toBeNull();
  });

  it('shows the live error when the index cannot be loaded either', async () => {
    fetchMock.mockImplementation(async () => json({ success: false }, 500));
    const root = open('/search/all/react').container;
    await vi.waitFor(() => expect(alert(root)).toContain(MSG_NOT_OK), WAIT);
    expect(loadPagefind).toHaveBeenCalledTimes(1);
    expect(notice(root)).toBeNull();
  });

  it('"first" searches the index and never calls the live API', async () => {
    loadPagefind.mockResolvedValue(fakeIndex(4).api);
    const root = open('/search/all/react', 'first').container;
    await vi.waitFor(() => expect(titles(root)).toHaveLength(4), WAIT);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notice(root)).toBe(INDEX_NOTICE.first);
  });

  it('"first" asks the live API when the index cannot be loaded, without the notice', async () => {
    fetchMock.mockImplementation(async () => json(answer(range(1, 2), 2, 1)));
    const root = open('/search/all/react', 'first').container;
    await vi.waitFor(() => expect(titles(root)).toEqual(['Post number 1', 'Post number 2']), WAIT);
    expect(loadPagefind).toHaveBeenCalledTimes(1);
    expect(notice(root)).toBeNull();
  });

  it('"off" never loads the index', async () => {
    fetchMock.mockImplementation(async () => json({ success: false }, 500));
    loadPagefind.mockResolvedValue(fakeIndex(3).api);
    const root = open('/search/all/react', 'off').container;
    await vi.waitFor(() => expect(alert(root)).toContain(MSG_NOT_OK), WAIT);
    expect(loadPagefind).not.toHaveBeenCalled();
  });
});
