// Search results /search/{cat}/{searchVal} (docs/pages.md, "Search results"), rendered in the browser
// only from a shell: results from the live API or the static index (./static-index.ts), with a notice
// of their source; error states from ./query.ts shown as an alert. Never indexed.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ep } from '../../../api/endpoints.ts';
import { paths } from '../../../site/paths.ts';
import { FilterTabs } from '../../components/listing/FilterTabs.tsx';
import { ListingBody } from '../../components/listing/ListingBody.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ShareButtons } from '../../components/ShareButtons.tsx';
import { Pagination } from '../../components/pagination/Pagination.tsx';
import { searchWindow } from '../../components/pagination/windows.ts';
import { useSite } from '../../context.tsx';
import { liveKey, useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { basePathOf, liveBaseOf } from '../../lib/site-urls.ts';
import { searchCategories } from './categories.ts';
import { fetchSearch, runSearch, searchErrorMessage, type StaticIndexMode } from './query.ts';
import { loadPagefind, searchStaticIndex } from './static-index.ts';

/**
 * The shell is shared by every search URL and usePageHead sets only title and description, so the
 * page adds a robots noindex while shown (also after client navigation) and removes it after.
 */
function useNoindexWhileMounted(): void {
  useEffect(() => {
    if (document.head.querySelector('meta[name="robots"][content~="noindex"]')) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** Category tabs before 'More': 8. */
export const SEARCH_TABS = 8;
export const EMPTY_HEADING = 'No Result For Your Search';
export const resultHeading = (term: string) => `Search Result : ${term}`;
/** The notice above results from the static index, by configured mode ("off" never shows one). */
export const INDEX_NOTICE: Record<Exclude<StaticIndexMode, 'off'>, string> = {
  fallback: 'Live search is unavailable right now, so these results come from this site’s own index.',
  first: 'These results come from this site’s own index.',
};

export default function SearchPage() {
  const { cat = 'all', searchVal = '' } = useParams();
  const term = searchVal;
  const { site, api, search } = useSite();
  const mode = search.staticIndex;
  // A new category or term starts at page 1.
  const [pageState, setPageState] = useState({ key: `${cat}\n${term}`, page: 1 });
  const page = pageState.key === `${cat}\n${term}` ? pageState.page : 1;
  const setPage = (n: number) => setPageState({ key: `${cat}\n${term}`, page: n });

  const path = ep.search(cat, term, page);
  const q = useQuery({
    queryKey: liveKey(path),
    queryFn: ({ signal }) =>
      runSearch({
        mode,
        signal,
        live: (s) => fetchSearch(liveBaseOf({ site, api }), path, s),
        index: async (s) => searchStaticIndex(await loadPagefind(basePathOf({ site })), cat, term, page, s),
      }),
    retry: false,
  });
  const categories = searchCategories(useApi<unknown>(ep.categoryAll()).data);

  useNoindexWhileMounted();
  usePageHead({ title: `${resultHeading(term)} | ${site.name}`, description: `Search results for “${term}” on ${site.name}.`, noindex: true });

  const tabs = categories.map((c) => ({ key: c.slug, label: c.name, to: paths.search(c.slug, term), active: c.slug === cat }));
  const result = q.data;
  const heading = result && result.totalItems === 0 ? EMPTY_HEADING : resultHeading(term);

  return (
    <div className="listing-page search-page container">
      <header className="listing-header">
        <div className="listing-heading-row">
          <h1 className="listing-title">{heading}</h1>
          <ShareButtons path={paths.search(cat, term)} title={heading} />
        </div>
        <FilterTabs items={tabs} visible={SEARCH_TABS} ariaLabel="Search in category" />
      </header>
      {result?.source === 'index' && mode !== 'off' ? (
        <p className="search-index-notice" role="status">
          {INDEX_NOTICE[mode]}
        </p>
      ) : null}
      {q.isPending ? (
        <PageSkeleton label={`Searching for ${term}…`} />
      ) : q.isError ? (
        <div className="search-error" role="alert">
          <p className="search-error-title">{searchErrorMessage(q.error)}</p>
          <p>Please try again in a moment.</p>
        </div>
      ) : result && result.posts.length > 0 ? (
        <>
          {/* Fade-in: 5 steps at 40 ms on search pages. */}
          <ListingBody key={path} posts={result.posts} firstStepMs={40} secondStepMs={40} sidebarAds={false} listLabel="More results" />
          <Pagination page={page} totalPages={result.totalPages} pages={searchWindow(page, result.totalPages)} onChange={setPage} label="Search result pages" />
        </>
      ) : (
        <p className="search-empty">
          Nothing matched “{term}”{cat !== 'all' ? ' in this category' : ''}. Try other words{cat !== 'all' ? ' or search all categories' : ''}.
        </p>
      )}
    </div>
  );
}
