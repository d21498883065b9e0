// One tab's events list (docs/pages.md, "Events list"): 9 cards, Show More reveals 9 more, fetching
// the next page when needed. All Events starts at its route's page (`from`) and its Show More links to
// the next page's route (docs/decisions/0105-listing-page-routes.md); once hydrated a plain click
// reveals more in place.
import { useState } from 'react';
import { EVENTS_STEP, eventsShowMore, eventsShowMoreVisible } from '../../lib/events.ts';
import { ListingPageLink } from '../AppLink.tsx';
import { EventGrid, NO_EVENTS } from './EventCard.tsx';
import { usePagedEvents } from './usePagedEvents.ts';

export interface EventListProps {
  list: (page: number) => string;
  linkFor: (slug: string) => string;
  id?: string;
  labelledBy?: string;
  /** The first page shown (the route's page). */
  from?: number;
  /** The site path of page `n`'s own route, when the list's pages have routes: Show More is then a link. */
  moreHref?: (n: number) => string;
}

export function EventList({ list, linkFor, id, labelledBy, from = 1, moreHref }: EventListProps) {
  const [pageCount, setPageCount] = useState(1);
  const [shown, setShown] = useState(EVENTS_STEP);
  const { pages, totalPages, loading, failed } = usePagedEvents(list, pageCount, from);
  const items = pages.flat();
  // Pages are counted from the list's first page, whichever page this list starts at.
  const state = { shown, loaded: items.length, pagesLoaded: from - 1 + pages.length, totalPages, firstPageCount: pages[0]?.length ?? 0, failed };
  const more = eventsShowMoreVisible(state) || loading;
  const onMore = () => {
    if (loading) return;
    const next = eventsShowMore(state);
    setShown(next.shown);
    if (next.requestPage !== null) setPageCount(next.requestPage - from + 1);
  };
  const label = loading ? 'Loading...' : 'Show More';
  return (
    <div className="event-list" id={id} role={labelledBy ? 'tabpanel' : undefined} aria-labelledby={labelledBy}>
      {items.length > 0 ? (
        <EventGrid events={items.slice(0, shown)} linkFor={linkFor} />
      ) : loading ? (
        <p className="event-empty" role="status">Loading...</p>
      ) : (
        <p className="event-empty">{NO_EVENTS}</p>
      )}
      {more && items.length > 0 ? (
        <div className="event-more">
          {!moreHref ? (
            <button type="button" className="btn btn-outline" onClick={onMore} disabled={loading} aria-busy={loading}>
              {label}
            </button>
          ) : loading ? (
            <a role="link" className="btn btn-outline" aria-disabled="true" aria-busy="true">
              {label}
            </a>
          ) : (
            <ListingPageLink className="btn btn-outline" to={moreHref(from + pageCount)} onPlainClick={onMore}>
              {label}
            </ListingPageLink>
          )}
        </div>
      ) : null}
    </div>
  );
}
