// /past-events (docs/pages.md, "Past events"): cards to /past-events/{slug}, Show More by page, events
// deduplicated by event_id, stopping at totalPages or an empty page.
import { useState } from 'react';
import { PageLink as Link } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import { paths } from '../../../site/paths.ts';
import { EventGrid, NO_EVENTS } from '../../components/events/EventCard.tsx';
import { usePagedEvents } from '../../components/events/usePagedEvents.ts';
import { useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';
import { mergeUnique, pastHasMore, pastNextPage } from '../../lib/events.ts';

export default function PastEventsPage() {
  const { site } = useSite();
  const [page, setPage] = useState(1);
  const { pages, totalPages, loading, failed } = usePagedEvents(ep.eventsPast, page);
  usePageHead({
    title: `Past Events | ${site.name}`,
    description: `Recordings, recaps and highlights from past ${site.name} events.`,
    canonicalPath: paths.pastEvents(),
  });
  const items = mergeUnique(pages);
  const lastEmpty = pages.length > 0 && pages[pages.length - 1].length === 0;
  const state = { page, totalPages, loading, lastEmpty, failed };
  const more = pastHasMore(state) || loading;
  return (
    <section className="events-page container">
      <h1 className="page-title">Past Events</h1>
      <nav className="event-tabs" aria-label="Event lists">
        <Link to={paths.events()} className="event-tab">
          Upcoming Events
        </Link>
        <Link to={paths.pastEvents()} className="event-tab active" aria-current="page">
          Past Events
        </Link>
      </nav>
      <div className="event-list">
        {items.length > 0 ? (
          <EventGrid events={items} linkFor={paths.pastEvent} />
        ) : loading ? (
          <p className="event-empty" role="status">Loading...</p>
        ) : (
          <p className="event-empty">{NO_EVENTS}</p>
        )}
        {more && items.length > 0 ? (
          <div className="event-more">
            <button type="button" className="btn btn-outline" disabled={loading} aria-busy={loading} onClick={() => setPage(pastNextPage(state))}>
              {loading ? 'Loading...' : 'Show More'}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
