// /events (docs/pages.md, "Events list"): the All Events, Upcoming Events and
// Past Events tabs, All by default. Each tab reads its own endpoint (first page
// prerendered, later pages from the static mirror):
//   All Events -> ep.eventsAll (/api/event/totalevents)
//   Upcoming Events -> ep.eventsUpcoming (/api/event/upcoming_events)
//   Past Events -> ep.eventsPast (/api/event/past_events)
import { useRef, useState, type KeyboardEvent } from 'react';
import { ep } from '../../../api/endpoints.ts';
import { paths } from '../../../site/paths.ts';
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
  const [tab, setTab] = useState<TabKey>('all');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  usePageHead({
    title: `Events | ${site.name}`,
    description: `Upcoming and past technology events, conferences and webinars from ${site.name}.`,
    canonicalPath: paths.events(),
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
            onClick={(e) => {
              setTab(t.key);
              // On a phone the strip scrolls sideways (events.css): a tapped
              // tab that was half out of view slides fully into it.
              e.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
            }}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* key: a tab switch starts that tab's list afresh (9 shown, page 1). */}
      <EventList key={active.key} list={active.list} linkFor={paths.event} id={`event-panel-${active.key}`} labelledBy={`event-tab-${active.key}`} />
    </section>
  );
}
