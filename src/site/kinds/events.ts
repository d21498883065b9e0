import { ep } from '../../api/endpoints.ts';
import type { EventItem } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { allPages, laterPages } from '../common.ts';
import { checkSlug } from '../slug.ts';
import type { PageKind, RouteSpec, SnapshotView } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Events (docs/pages.md, "Events"). The first page of each tab is prerendered, later ones come from
// the mirror; All Events' later pages are also prerendered at /events/page/{n} for readers without
// JavaScript (docs/decisions/0105-listing-page-routes.md).

const eventPages = (b: any): number | undefined => b?.responseData?.pagination?.totalPages;
const LISTS = [ep.eventsAll, ep.eventsUpcoming, ep.eventsPast] as const;

function listed(snap: SnapshotView, list: (n: number) => string): EventItem[] {
  const out: EventItem[] = [];
  const pages = eventPages(snap.ok(list(1))) ?? 0;
  for (let n = 1; n <= Math.max(pages, 1); n++) out.push(...((snap.ok<any>(list(n))?.responseData?.eventData ?? []) as EventItem[]));
  return out.filter((e) => checkSlug(e.event_slug).ok);
}

function uniqueSlugs(events: EventItem[]): string[] {
  return [...new Set(events.map((e) => e.event_slug))].sort();
}

export const EVENT_DETAIL_DEPS = [ep.homeLatestNews(), ep.homePopular()];

function detailRoutes(snap: SnapshotView, slugs: string[], kind: 'event-detail' | 'past-event-detail'): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const slug of slugs) {
    const ev = snap.ok<any>(ep.eventDetails(slug))?.eventData?.[0] as EventItem | undefined;
    if (!ev) continue;
    routes.push({
      kind,
      path: kind === 'event-detail' ? paths.event(slug) : paths.pastEvent(slug),
      params: { event_slug: slug },
      deps: [ep.eventDetails(slug), ...EVENT_DETAIL_DEPS],
      // /past-events/{slug} is a second URL with canonical /events/{slug}: only canonicals go in the sitemap.
      sitemap: kind === 'event-detail' ? { changefreq: 'weekly', priority: 0.5, images: ev.event_banner ? [ev.event_banner] : [] } : null,
      record: `event ${ev.event_id} (${slug})`,
    });
  }
  return routes;
}

export const events: PageKind = {
  kind: 'events',
  patterns: patternsOf('events'),
  routes: (snap) => [
    {
      kind: 'events',
      path: paths.events(),
      params: {},
      deps: [ep.eventsAll(1), ep.eventsUpcoming(1), ep.eventsPast(1)],
      sitemap: { changefreq: 'daily', priority: 0.6 },
      record: 'events list',
    },
    // A later page shows the All Events tab from that page: the other tabs' first pages are read when chosen.
    ...laterPages(snap, ep.eventsAll(1), ep.eventsAll, eventPages, (b) => b?.responseData?.eventData).map(
      (n): RouteSpec => ({
        kind: 'events',
        path: paths.listingPage(paths.events(), n),
        params: { page: String(n) },
        deps: [ep.eventsAll(n)],
        sitemap: null,
        record: `events list page ${n}`,
      }),
    ),
  ],
  fetches: (snap) => LISTS.flatMap((list) => allPages(snap, list(1), list, eventPages)),
};

export const pastEvents: PageKind = {
  kind: 'past-events',
  patterns: patternsOf('past-events'),
  routes: () => [
    {
      kind: 'past-events',
      path: paths.pastEvents(),
      params: {},
      deps: [ep.eventsPast(1)],
      sitemap: { changefreq: 'daily', priority: 0.4 },
      record: 'past events list',
    },
  ],
};

export const eventDetail: PageKind = {
  kind: 'event-detail',
  patterns: patternsOf('event-detail'),
  routes: (snap) => detailRoutes(snap, uniqueSlugs(listed(snap, ep.eventsAll)), 'event-detail'),
  fetches: (snap) => uniqueSlugs(listed(snap, ep.eventsAll)).map(ep.eventDetails),
};

export const pastEventDetail: PageKind = {
  kind: 'past-event-detail',
  patterns: patternsOf('past-event-detail'),
  routes: (snap) => detailRoutes(snap, uniqueSlugs(listed(snap, ep.eventsPast)), 'past-event-detail'),
  fetches: (snap) => uniqueSlugs(listed(snap, ep.eventsPast)).map(ep.eventDetails),
};
