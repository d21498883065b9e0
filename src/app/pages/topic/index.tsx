// Topic listing /topic/{cat_slug}[/{subcat}] (docs/pages.md, "Topic listing"). Page 1 and each later
// page ({listing}/page/{n}, docs/decisions/0105-listing-page-routes.md) are prerendered; once hydrated a
// page change reads the mirror in place. The page number is kept in localStorage (./useStoredPage.ts).
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { usePageNavigate as useNavigate } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { SubCategory, TopicResponse } from '../../../api/types.ts';
import { feedLinksFor } from '../../../site/feeds.ts';
import { pageAbsoluteUrl, listingPageNumber, paths } from '../../../site/paths.ts';
import { AdSlot } from '../../components/ads/AdSlot.tsx';
import { EmptyState } from '../../components/listing/EmptyState.tsx';
import { FilterTabs } from '../../components/listing/FilterTabs.tsx';
import { ListingBody } from '../../components/listing/ListingBody.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ShareButtons } from '../../components/ShareButtons.tsx';
import { Pagination } from '../../components/pagination/Pagination.tsx';
import { topicWindow } from '../../components/pagination/windows.ts';
import { useSite } from '../../context.tsx';
import { useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { capitalise } from '../../lib/format.ts';
import { siteTitle } from '../../lib/site-title.ts';
import { checkTopicResponse } from './shape.ts';
import { useStoredPage } from './useStoredPage.ts';

/** Tabs before 'More': 6. */
export const TOPIC_TABS = 6;

/** The category's display name: the API's cat_name when a post carries it, else the slug in words. */
export function categoryName(slug: string, catName: string | undefined): string {
  return capitalise(catName?.trim() || slug.replace(/-/g, ' '));
}

export default function TopicPage() {
  const { cat_slug: cat = '', subcat = null, page: pageParam } = useParams();
  const sub = subcat ?? null;
  // The page the document was rendered for: 1 at the listing's URL, n at {listing}/page/{n} (docs/decisions/0105-listing-page-routes.md).
  const routePage = listingPageNumber(pageParam);
  const { site } = useSite();
  const navigate = useNavigate();
  const [page, setPage] = useStoredPage(`${cat}/${sub ?? ''}`, routePage);

  // The route's own page is prerendered (and is all a later page's route reads); another is read from the mirror.
  const routed = useApi<TopicResponse>(ep.topic(cat, sub, routePage));
  const routedList = routed.data !== undefined ? checkTopicResponse(routed.data) : null;
  const totalPages = routedList?.totalPages ?? 1;
  // A stored page beyond this listing's end shows its last page.
  const shownPage = Math.min(Math.max(page, 1), Math.max(totalPages, 1));
  const other = useApi<TopicResponse>(shownPage !== routePage ? ep.topic(cat, sub, shownPage) : null);
  const current = shownPage !== routePage ? other : routed;
  const list = current.data !== undefined ? checkTopicResponse(current.data) : null;
  const subcats = useApi<SubCategory[]>(ep.subcatList());

  const malformed = current.data !== undefined && list === null;
  const empty = list !== null && list.posts.length === 0;
  const failed = !current.isLoading && current.data === undefined;
  // The last page that showed posts: a page that then fails to load goes back to it.
  const [lastShown, setLastShown] = useState(routePage);
  const shows = list !== null && list.posts.length > 0;
  useEffect(() => {
    if (shows) setLastShown(shownPage);
  }, [shows, shownPage]);
  const goingBack = failed && shownPage !== lastShown;

  // Malformed -> console error and /404; empty -> /no-posts; a failed load is logged and the page shown
  // before stays. In effects, so the server render stays pure.
  useEffect(() => {
    if (malformed) {
      console.error(`Invalid topic response for ${ep.topic(cat, sub, shownPage)}: posts.postData and posts.pagination {totalItems, totalPages} are required`);
      navigate(paths.notFound(), { replace: true });
    } else if (empty) {
      navigate(paths.noPosts(), { replace: true });
    } else if (failed) {
      console.log(`Error fetching topic posts (${ep.topic(cat, sub, shownPage)}): status ${current.status ?? 'none'}`, current.error ?? '');
      if (goingBack) setPage(lastShown);
    }
  }, [malformed, empty, failed, goingBack, lastShown, setPage, cat, sub, shownPage, navigate, current.status, current.error]);

  // A failed sub-category list is logged; status 404 redirects to /404.
  const subFailed = !subcats.isLoading && subcats.data === undefined;
  useEffect(() => {
    if (!subFailed) return;
    console.log(`Error fetching sub-categories: status ${subcats.status ?? 'none'}`, subcats.error ?? '');
    if (subcats.status === 404) navigate(paths.notFound(), { replace: true });
  }, [subFailed, subcats.status, subcats.error, navigate]);

  const subList = Array.isArray(subcats.data) ? subcats.data : [];
  const catTitle = categoryName(cat, routedList?.posts[0]?.cat_name);
  const subName = sub ? (subList.find((s) => s.subcat_slug === sub)?.subcat_name ?? sub.replace(/-/g, ' ')) : null;
  const subTitle = subName ? capitalise(subName) : null;
  const title = `${catTitle}${subTitle ? ` - ${subTitle}` : ''}`;
  const sectionTitle = siteTitle(site, { kind: 'topic', cat_slug: cat, subcat: sub });

  usePageHead({
    title: `${title}${routePage > 1 ? ` - Page ${routePage}` : ''} | ${sectionTitle}`,
    siteName: sectionTitle,
    description: `The latest ${title} posts on ${site.name}: news, articles, podcasts and interviews for technology and marketing professionals.`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: pageAbsoluteUrl(site, paths.home()) },
          { '@type': 'ListItem', position: 2, name: catTitle, item: pageAbsoluteUrl(site, paths.topic(cat)) },
          ...(sub && subTitle ? [{ '@type': 'ListItem', position: 3, name: subTitle, item: pageAbsoluteUrl(site, paths.topic(cat, sub)) }] : []),
        ],
      },
    ],
    // The category's feeds (docs/deploying.md, "Feeds") on /topic/{cat_slug} (src/emit/feeds writes one per topic route).
    alternates: sub ? undefined : feedLinksFor('topic', { cat_slug: cat }, sectionTitle, catTitle),
  });

  const tabs = subList.map((s) => ({ key: s.subcat_slug, label: s.subcat_name, to: paths.topic(cat, s.subcat_slug), active: s.subcat_slug === sub }));

  return (
    <div className="listing-page topic-page container">
      <header className="listing-header">
        <div className="listing-heading-row">
          <h1 className="listing-title">
            {catTitle}
            {subTitle ? <span className="listing-subtitle"> {subTitle}</span> : null}
          </h1>
          {/* Shares this listing: its URL and its heading as the title. */}
          <ShareButtons path={paths.topic(cat, sub)} title={`${catTitle}${subTitle ? ` ${subTitle}` : ''}`} />
        </div>
        {tabs.length > 0 ? <FilterTabs items={tabs} visible={TOPIC_TABS} ariaLabel={`Filter ${catTitle} by sub-category`} label="Filter :" /> : null}
      </header>
      {current.isLoading || goingBack ? (
        <PageSkeleton label={`Loading page ${goingBack ? lastShown : shownPage}…`} />
      ) : list && list.posts.length > 0 ? (
        <>
          {/* Fade-in: 40 ms steps; the second block after 100 px of scroll at 150 ms steps. */}
          <ListingBody key={shownPage} posts={list.posts} firstStepMs={40} secondStepMs={150} secondAfterScrollY={100} listLabel={`More ${title} posts`} />
          <Pagination
            page={shownPage}
            totalPages={list.totalPages}
            pages={topicWindow(shownPage, list.totalPages)}
            onChange={setPage}
            hrefFor={(n) => paths.listingPage(paths.topic(cat, sub), n)}
            label={`${title} pages`}
          />
        </>
      ) : (
        <EmptyState />
      )}
      <AdSlot type="Footer-3" width={1200} height={150} className="ad-slot ad-slot-wide" label="Advertisement at the foot of the page" />
    </div>
  );
}
