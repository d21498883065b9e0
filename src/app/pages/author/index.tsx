// Author page /author/{auther_name} (docs/pages.md, "Author page"): profile, then 10 posts a page
// with the author window. Later pages are prerendered at /author/{name}/page/{n}
// (docs/decisions/0105-listing-page-routes.md); once hydrated, a click changes the page in place.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { usePageNavigate as useNavigate } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { SubCategory } from '../../../api/types.ts';
import { cutText } from '../../../encoding/html.ts';
import { feedLinksFor } from '../../../site/feeds.ts';
import { pageAbsoluteUrl, listingPageNumber, paths } from '../../../site/paths.ts';
import { ApiImage } from '../../components/ApiImage.tsx';
import { AdSlot } from '../../components/ads/AdSlot.tsx';
import { ListingBody } from '../../components/listing/ListingBody.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ShareButtons } from '../../components/ShareButtons.tsx';
import { Pagination } from '../../components/pagination/Pagination.tsx';
import { authorWindow } from '../../components/pagination/windows.ts';
import { useSite } from '../../context.tsx';
import { useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { revealClass, useReveal } from '../../lib/reveal.ts';
import { authorOf, checkAuthorPosts } from './shape.ts';

/**
 * 'No author data available.' shows only 5 s after mount with data still absent
 * (docs/decisions/0021-open-page-behaviour-choices.md);
 * prerendered author pages always have data.
 */
export const NO_AUTHOR_DELAY_MS = 5000;
export const NO_AUTHOR_TEXT = 'No author data available.';

export default function AuthorPage() {
  const { auther_name: name = '', page: pageParam } = useParams();
  // The page the document was rendered for: 1 at /author/{name}, n at /author/{name}/page/{n}.
  const routePage = listingPageNumber(pageParam);
  const { site } = useSite();
  const navigate = useNavigate();
  const [pageState, setPageState] = useState({ name, routePage, page: routePage });
  // A different author (or route) starts at its route's page (the component is reused across authors).
  const page = pageState.name === name && pageState.routePage === routePage ? pageState.page : routePage;
  const setPage = (n: number) => setPageState({ name, routePage, page: n });

  const details = useApi<unknown>(ep.authorDetails(name));
  const author = details.data !== undefined ? authorOf(details.data) : null;
  // The route's own page is prerendered; another is read from the mirror.
  const routed = useApi<unknown>(ep.authorPosts(name, null, routePage));
  const other = useApi<unknown>(page !== routePage ? ep.authorPosts(name, null, page) : null);
  const current = page !== routePage ? other : routed;
  const list = current.data !== undefined ? checkAuthorPosts(current.data) : null;
  const subcats = useApi<SubCategory[]>(ep.subcatList());

  const invalid = current.data !== undefined && list === null;
  const empty = list !== null && list.posts.length === 0;
  const failed = !current.isLoading && current.data === undefined;
  // Invalid structure -> /author; empty posts -> /no-posts; other failures logged.
  useEffect(() => {
    if (invalid) {
      console.error(`Invalid author posts response for ${ep.authorPosts(name, null, page)}: authorPosts.postData and authorPosts.pagination.totalPages are required`);
      navigate(paths.authorIndex(), { replace: true });
    } else if (empty) navigate(paths.noPosts(), { replace: true });
    else if (failed) console.log(`Error fetching author posts (${ep.authorPosts(name, null, page)}): status ${current.status ?? 'none'}`, current.error ?? '');
  }, [invalid, empty, failed, name, page, navigate, current.status, current.error]);

  // A sub-category list answered 404 goes to /404.
  const subFailed = !subcats.isLoading && subcats.data === undefined;
  useEffect(() => {
    if (!subFailed) return;
    console.log(`Error fetching sub-categories: status ${subcats.status ?? 'none'}`, subcats.error ?? '');
    if (subcats.status === 404) navigate(paths.notFound(), { replace: true });
  }, [subFailed, subcats.status, subcats.error, navigate]);

  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    setWaitedLong(false);
    if (author) return;
    const t = setTimeout(() => setWaitedLong(true), NO_AUTHOR_DELAY_MS);
    return () => clearTimeout(t);
  }, [author, name]);

  const displayName = author?.author_display_name ?? name;
  usePageHead({
    title: `${displayName}${routePage > 1 ? ` - Page ${routePage}` : ''} | ${site.name}`,
    description: author?.author_description ? cutText(author.author_description, 160) : `Articles, news and interviews by ${displayName} on ${site.name}.`,
    image: author?.author_photo ?? null,
    jsonLd: author
      ? [
          {
            '@context': 'https://schema.org',
            '@type': 'ProfilePage',
            mainEntity: { '@type': 'Person', name: author.author_display_name, description: author.author_description ?? undefined, url: pageAbsoluteUrl(site, paths.author(name)) },
          },
        ]
      : undefined,
    // The author's feeds (docs/deploying.md, "Feeds"; src/emit/feeds writes one per author route).
    alternates: feedLinksFor('author', { auther_name: name }, site.name, displayName),
  });

  // Fade-in: 5 steps at 40 ms; the list at 150 ms after 100 px of scroll.
  const [profileRef, profileShown] = useReveal<HTMLDivElement>({ stepMs: 40 });

  return (
    <div className="listing-page author-page container">
      {author ? (
        <div className="author-profile" ref={profileRef}>
          <div className={`author-photo ${revealClass(0, profileShown)}`}>
            <ApiImage path={author.author_photo} alt={author.author_display_name} width={160} height={160} request={300} eager />
          </div>
          <div className={`author-text ${revealClass(1, profileShown)}`}>
            <p className="author-kicker">Author</p>
            <h1 className="listing-title">{author.author_display_name}</h1>
            {author.author_description ? <p className="author-description">{author.author_description}</p> : null}
            <ShareButtons path={paths.author(name)} title={author.author_display_name} />
          </div>
        </div>
      ) : waitedLong && !details.isLoading ? (
        <p className="author-missing" role="status">
          {NO_AUTHOR_TEXT}
        </p>
      ) : (
        <PageSkeleton label="Loading author…" lines={3} />
      )}
      <h2 className="listing-section-title">{author ? `Posts by ${author.author_display_name}` : 'Posts'}</h2>
      {current.isLoading ? (
        <PageSkeleton label={`Loading page ${page}…`} />
      ) : list && list.posts.length > 0 ? (
        <>
          <ListingBody key={page} posts={list.posts} firstStepMs={40} secondStepMs={150} secondAfterScrollY={100} headingLevel={3} listLabel={`More posts by ${displayName}`} />
          <Pagination
            page={page}
            totalPages={list.totalPages}
            pages={authorWindow(page, list.totalPages)}
            onChange={setPage}
            hrefFor={(n) => paths.listingPage(paths.author(name), n)}
            label={`Pages of posts by ${displayName}`}
          />
        </>
      ) : null}
      <AdSlot type="Footer-3" width={1200} height={150} className="ad-slot ad-slot-wide" label="Advertisement at the foot of the page" />
    </div>
  );
}
