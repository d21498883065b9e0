// The events list of one tab (docs/pages.md, "Events list"): 9 cards shown,
// Show More reveals 9 more and requests the next page when the loaded ones run
// out; the button reads 'Loading...' while busy and disappears by the page's rules.
import { useState } from 'react';
import { EVENTS_STEP, eventsShowMore, eventsShowMoreVisible } from '../../lib/events.ts';
import { EventGrid, NO_EVENTS } from './EventCard.tsx';
import { usePagedEvents } from './usePagedEvents.ts';

export function EventList({ list, linkFor, id, labelledBy }: { list: (page: number) => string; linkFor: (slug: string) => string; id?: string; labelledBy?: string }) {
  const [pageCount, setPageCount] = useState(1);
  const [shown, setShown] = useState(EVENTS_STEP);
  const { pages, totalPages, loading, failed } = usePagedEvents(list, pageCount);
  const items = pages.flat();
  const state = { shown, loaded: items.length, pagesLoaded: pages.length, totalPages, firstPageCount: pages[0]?.length ?? 0, failed };
  const more = eventsShowMoreVisible(state) || loading;
  const onMore = () => {
    if (loading) return;
    const next = eventsShowMore(state);
    setShown(next.shown);
    if (next.requestPage !== null) setPageCount(next.requestPage);
  };
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
          <button type="button" className="btn btn-outline" onClick={onMore} disabled={loading} aria-busy={loading}>
            {loading ? 'Loading...' : 'Show More'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
