// /events (docs/pages.md, "Events list"): All (default), Upcoming and Past tabs, each its own endpoint
// (first page prerendered, later ones from the mirror). /events/page/{n} starts All Events at page n,
// where Show More leads without JavaScript (docs/decisions/0105-listing-page-routes.md).
import { useRef, useState, type KeyboardEvent } from 'react';
import { useParams } from 'react-router';
import { ep } from '../../../api/endpoints.ts';
import { listingPageNumber, paths } from '../../../site/paths.ts';
import { EventList } from '../../components/events/EventList.tsx';
import { useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';

export const EVENT_TABS = [
  { key: 'all', label: 'All Events', list: ep.eventsAll },
  { key: 'upcoming', label: 'Upcoming Events', list: ep.eventsUpcoming },
  { key: 'past', label: 'Past Events', list: ep.eventsPast },
] as const;
type TabKey = (typeof EVENT_TABS)[number]['key'];

export default function EventsPage() {
  const { site } = useSite();
  const routePage = listingPageNumber(useParams().page);
  const [tab, setTab] = useState<TabKey>('all');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  usePageHead({
    title: `Events${routePage > 1 ? ` - Page ${routePage}` : ''} | ${site.name}`,
    description: `Upcoming and past technology events, conferences and webinars from ${site.name}.`,
    canonicalPath: paths.listingPage(paths.events(), routePage),
  });
  const active = EVENT_TABS.find((t) => t.key === tab)!;
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKey = (e: KeyboardEvent, i: number) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    e.preventDefault();
    const n = (i + d + EVENT_TABS.length) % EVENT_TABS.length;
    setTab(EVENT_TABS[n].key);
    refs.current[n]?.focus();
  };
  return (
    <section className="events-page container">
      <h1 className="page-title">Events</h1>
      <div className="event-tabs" role="tablist" aria-label="Event lists">
        {EVENT_TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`event-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`event-panel-${t.key}`}
            tabIndex={t.key === tab ? 0 : -1}
            className={`event-tab${t.key === tab ? ' active' : ''}`}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* key: a tab switch starts that tab's list afresh (9 shown, page 1; All Events: the route's page). Only All Events has page routes. */}
      <EventList
        key={active.key}
        list={active.list}
        linkFor={paths.event}
        id={`event-panel-${active.key}`}
        labelledBy={`event-tab-${active.key}`}
        from={active.key === 'all' ? routePage : 1}
        moreHref={active.key === 'all' ? (n) => paths.listingPage(paths.events(), n) : undefined}
      />
    </section>
  );
}
