// Searching the static index (docs/pages.md, "Search results"; docs/decisions/0050-static-search-index.md):
// the build publishes Pagefind's index of the articles under /pagefind/, and
// this module loads Pagefind's browser API from there at run time and answers
// a search in the live search's shape (SearchResult), so the page renders
// index results with the same tabs, cards, list and pagination window.
//
// Pagefind's script is loaded with a dynamic import of its URL, never bundled:
// it must be the script of the index it was published with, and it finds its
// index, worker and WebAssembly next to itself (import.meta.url).
import { SEARCH_LIMIT } from '../../../api/endpoints.ts';
import type { PostItem } from '../../../api/types.ts';
import { withBase } from '../../../site/paths.ts';
import type { IndexMetaKey } from '../../../site/search-index.ts';
import type { SearchResult } from './query.ts';

// The names the build gives the index (src/site/search-index.ts), written out
// here rather than imported: esbuild does not inline constants across modules,
// and an import would put the article's indexing code into a chunk shared with
// the search shell, whose document would then change. tests/unit/app/pages/search/static-index.test.ts
// checks that both sides agree.
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
 * The list item a hit stands for, or null when the hit is not one of our
 * article URLs or lacks what a card shows (id, title, date). The category and
 * post slugs come from the URL, which the build gave Pagefind as the route's
 * path (`/{cat_slug}/{post_name}`, each segment percent-encoded); the rest
 * from the metadata the article element carries (src/site/search-index.ts).
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
 * Pagefind's API, loaded once per document from the index published with the
 * site (under the site's base path, src/site/paths.ts), with the index's other
 * parts merged into the first (the build splits the articles into parts so a
 * publish rebuilds only the parts it changed: src/emit/search-parts.ts). A failed
 * load is tried again by the next search. The URL is a variable, not a string
 * literal, in the import: esbuild leaves `import(x)` alone, while a literal would
 * be resolved (and fail) at bundle time.
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
        // Result URLs as the build gave them, the bare site paths postFromHit reads: by default
        // Pagefind would put the folder above its own (the base path) in front of them.
        await pagefind.options({ baseUrl: '/' });
        // Absolute URLs (the folders are relative to the script's): Pagefind fetches a merged
        // index's files from its worker, whose own URL relative ones would follow. All at once:
        // each waits only for the first part's WebAssembly, which they share.
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

/**
 * One page of results for `term` in category `cat` ('all' for every
 * category): Pagefind ranks every match (relevance, title matches first) and
 * only the hits of the requested page are loaded (one small fragment file
 * each). Hits that are not article pages are left out.
 */
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
