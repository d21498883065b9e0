// Searching the static index (docs/decisions/0050-static-search-index.md): Pagefind's browser API is
// loaded from /pagefind/ at run time and answers in the live search's shape. Never bundled: it must be
// the script of its own index, which it finds beside itself.
import { SEARCH_LIMIT } from '../../../api/endpoints.ts';
import type { PostItem } from '../../../api/types.ts';
import { withBase } from '../../../site/paths.ts';
import type { IndexMetaKey } from '../../../site/search-index.ts';
import type { SearchResult } from './query.ts';

// The build's names (src/site/search-index.ts) written out, not imported: esbuild does not inline
// constants across modules, and the import would put indexing code in a chunk the search shell shares.
// tests/unit/app/pages/search/static-index.test.ts checks they agree.
/** Where the build publishes Pagefind's browser API: `/{STATIC_INDEX_DIR}/pagefind.js`. */
export const STATIC_INDEX_SCRIPT = '/pagefind/pagefind.js';
/** The list of the index's other parts (`/{STATIC_INDEX_DIR}/{STATIC_INDEX_PARTS_FILE}`), merged into the first. */
export const STATIC_INDEX_PARTS = '/pagefind/pressroom-parts.json';
/** The Pagefind filter holding an article's category slug (CATEGORY_FILTER). */
export const INDEX_CATEGORY_FILTER = 'category';

/** What Pagefind's `result.data()` gives back, as far as the search page reads it. */
export interface IndexHit {
  url: string;
  meta: Partial<Record<IndexMetaKey, string>> & Record<string, string | undefined>;
}

/**
 * The list item a hit stands for, or null when it is not an article URL or lacks id, title or date.
 * The slugs come from the URL (the route's percent-encoded path), the rest from the article's data.
 */
export function postFromHit(hit: IndexHit): PostItem | null {
  const segs = hit.url.split('/');
  if (segs.length !== 3 || segs[0] !== '' || !segs[1] || !segs[2]) return null;
  let catSlug: string;
  let postName: string;
  try {
    catSlug = decodeURIComponent(segs[1]);
    postName = decodeURIComponent(segs[2]);
  } catch {
    return null;
  }
  const { meta } = hit;
  const id = Number(meta.id);
  if (!meta.id || !Number.isSafeInteger(id) || !meta.title || !meta.date) return null;
  const item: PostItem = {
    id,
    post_title: meta.title,
    post_name: postName,
    cat_slug: catSlug,
    post_author: meta.author ?? '',
    post_date: meta.date,
    banner_img: meta.image || null,
  };
  if (meta.category) item.cat_name = meta.category;
  if (meta.author_slug) item.author_name = meta.author_slug;
  return item;
}

/** What the search page uses of Pagefind's browser API (pagefind.js). */
export interface PagefindBrowserApi {
  options(options: { baseUrl?: string }): Promise<void>;
  mergeIndex(indexPath: string, options?: { baseUrl?: string }): Promise<void>;
  search(term: string, options?: { filters?: Record<string, string> }): Promise<{ results: { id: string; data(): Promise<IndexHit> }[] } | null>;
}

let loading: { url: string; api: Promise<PagefindBrowserApi> } | null = null;

/** The folders of the index's other parts, from the list the build published: each `parts/N/`, as the build names them. */
export function partFolders(list: unknown): string[] {
  const parts = (list as { parts?: unknown } | null)?.parts;
  if (!Array.isArray(parts) || !parts.every((p) => typeof p === 'string' && /^parts\/[0-9]+\/$/.test(p))) throw new Error('the static index\'s list of parts is not one the build writes');
  return parts as string[];
}

/**
 * Pagefind's API, loaded once per document under the base path, the other parts merged into the first
 * (src/emit/search-parts.ts). A failed load is retried by the next search. `import(url)` with a
 * variable: esbuild would resolve a literal at bundle time.
 */
export function loadPagefind(basePath = ''): Promise<PagefindBrowserApi> {
  const url = withBase(basePath, STATIC_INDEX_SCRIPT);
  if (loading?.url !== url) {
    const listed = fetch(withBase(basePath, STATIC_INDEX_PARTS)).then(async (r) => {
      if (!r.ok) throw new Error(`the static index's list of parts answered ${r.status}`);
      return partFolders(await r.json());
    });
    listed.catch(() => undefined); // awaited below, after the script
    const api = (import(/* @vite-ignore */ url) as Promise<PagefindBrowserApi>)
      .then(async (pagefind) => {
        // Result URLs as the build gave them: Pagefind would otherwise prefix the folder above its own.
        await pagefind.options({ baseUrl: '/' });
        // Absolute folder URLs: the worker fetching merged indexes would resolve relative ones against
        // itself. All at once: they share the first part's WebAssembly.
        const folder = new URL('./', new URL(url, location.href));
        await Promise.all((await listed).map((part) => pagefind.mergeIndex(new URL(part, folder).href, { baseUrl: '/' })));
        return pagefind;
      })
      .catch((e: unknown) => {
        if (loading?.api === api) loading = null;
        throw e;
      });
    loading = { url, api };
  }
  return loading.api;
}

/** One page of results for `term` in `cat` ('all'): Pagefind ranks, only this page's hits load. */
export async function searchStaticIndex(api: PagefindBrowserApi, cat: string, term: string, page: number, signal?: AbortSignal): Promise<SearchResult> {
  const found = await api.search(term, cat === 'all' ? {} : { filters: { [INDEX_CATEGORY_FILTER]: cat } });
  signal?.throwIfAborted();
  const results = found?.results ?? [];
  const totalItems = results.length;
  // Pages of the live search's size, so the window and the counts read the same.
  const totalPages = Math.ceil(totalItems / SEARCH_LIMIT);
  const shown = results.slice((page - 1) * SEARCH_LIMIT, page * SEARCH_LIMIT);
  const hits = await Promise.all(shown.map((r) => r.data()));
  signal?.throwIfAborted();
  const posts = hits.map(postFromHit).filter((p) => p !== null);
  return { posts, totalItems, totalPages };
}
