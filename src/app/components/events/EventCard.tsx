// One event card (docs/pages.md, "Events list"); the description stripped and cut to 100 characters.
import { PageLink as Link } from '../PageLink.tsx';
import type { EventItem } from '../../../api/types.ts';
import { ApiImage } from '../ApiImage.tsx';
import { formatEventDate, isoDate } from '../../lib/format.ts';
import { eventExcerpt } from '../../lib/events.ts';
import { ARTICLE_WIDTHS } from '../../lib/images.ts';

const SIZES = '(min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw';

export function EventCard({ event, to, eager = false }: { event: EventItem; to: string; eager?: boolean }) {
  return (
    <li className="event-card">
      <Link to={to} className="event-card-link">
        <ApiImage
          path={event.event_banner}
          alt={event.event_title}
          width={500}
          height={281}
          request={500}
          widths={ARTICLE_WIDTHS}
          sizes={SIZES}
          className="event-card-image"
          eager={eager}
        />
        <span className="event-card-body">
          <span className="event-card-title">{event.event_title}</span>
          <span className="event-card-meta">
            <span className="event-card-location">{event.event_location}</span>
            <time className="event-card-date" dateTime={isoDate(event.event_date)}>
              {formatEventDate(event.event_date)}
            </time>
          </span>
          <span className="event-card-desc">{eventExcerpt(event.event_desc)}</span>
        </span>
      </Link>
    </li>
  );
}

/** The card grid: 3 columns, 2 at medium, 1 on small screens (events.css). */
export function EventGrid({ events, linkFor }: { events: readonly EventItem[]; linkFor: (slug: string) => string }) {
  return (
    <ul className="event-grid">
      {events.map((e, i) => (
        <EventCard key={e.event_id} event={e} to={linkFor(e.event_slug)} eager={i < 3} />
      ))}
    </ul>
  );
}

export const NO_EVENTS = 'No events have been posted yet.';
