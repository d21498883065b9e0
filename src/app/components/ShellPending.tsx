// What a run-time shell document (search, preview) shows until the client
// knows its URL: the same neutral state on the server and in the first client
// render, so hydration never mismatches. Like every page it has exactly one
// h1:
// - search: in view, placed and styled as the search page's heading that
//   replaces it after hydration, in its words ('Search Result'); the
//   page adds ': {term}' once it reads the URL;
// - preview: the draft's headline is unknown until the live call answers, so
//   the h1 is for assistive technology only, with the same words as the
//   preview page's own loading state (pages/preview).
// Only modules the client entry already holds are imported here: importing a
// page's parts (the article skeleton) would split new chunks off and add
// their preloads to every page.
// Shells are never indexed (their URLs are reader input or drafts).
import type { PageKindName } from '../../site/types.ts';
import { useSite } from '../context.tsx';
import { usePageHead } from '../head.tsx';
import { PageSkeleton } from './PageSkeleton.tsx';

export const SEARCH_SHELL_HEADING = 'Search Result';
export const PREVIEW_HEADING = 'Article preview';

export function ShellPending({ kind }: { kind: PageKindName }) {
  const { site } = useSite();
  const search = kind === 'search';
  usePageHead({ title: `${search ? 'Search' : 'Preview'} | ${site.name}`, description: site.description, noindex: true });
  if (!search) {
    return (
      <>
        <h1 className="visually-hidden">{PREVIEW_HEADING}</h1>
        <PageSkeleton label="Loading preview…" />
      </>
    );
  }
  return (
    <div className="listing-page search-page container">
      <header className="listing-header">
        <div className="listing-heading-row">
          <h1 className="listing-title">{SEARCH_SHELL_HEADING}</h1>
        </div>
      </header>
      <PageSkeleton label="Loading search results…" />
    </div>
  );
}
