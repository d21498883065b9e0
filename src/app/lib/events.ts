// Pure rules of the events pages (docs/pages.md, "Events"), unit-tested apart from the components.
import type { EventItem, EventListResponse } from '../../api/types.ts';
import { stripTags } from '../../encoding/html.ts';
import { cutAtWord } from './excerpt.ts';
import { absoluteUrl, imageUrl, pageAbsoluteUrl, type TrailingSlash } from '../../site/paths.ts';

/** 9 items per step; description cut at 100 characters. */
export const EVENTS_STEP = 9;
export const EVENT_DESC_MAX = 100;

/** Card text: markup stripped, cut to 100 characters at a word boundary, the "…" included. */
export function eventExcerpt(html: string | null | undefined, max = EVENT_DESC_MAX): string {
  return cutAtWord(stripTags(html ?? ''), max);
}

/** The list body's events and page count (normalised shape; tolerant of a missing body). */
export function eventPage(body: EventListResponse | undefined | null): { items: EventItem[]; totalPages: number } {
  const rd = body?.responseData;
  const items = Array.isArray(rd?.eventData) ? rd!.eventData : [];
  const n = Number(rd?.pagination?.totalPages);
  return { items, totalPages: Number.isFinite(n) && n > 0 ? Math.floor(n) : 0 };
}

export interface ShowMoreState {
  /** Cards shown (starts at 9). */
  shown: number;
  /** Items loaded over all fetched pages. */
  loaded: number;
  /** Pages fetched so far (1 after the prerendered first page). */
  pagesLoaded: number;
  /** totalPages as page 1 reported it. */
  totalPages: number;
  /** How many items page 1 returned. */
  firstPageCount: number;
  /** A page fetch failed: the list stops. */
  failed?: boolean;
}

/**
 * Show More disappears when page one reports one page or fewer than 9 items, at the last page with all
 * shown, or after a failed fetch.
 */
export function eventsShowMoreVisible(s: ShowMoreState): boolean {
  if (s.failed) return false;
  if (s.totalPages <= 1 || s.firstPageCount < EVENTS_STEP) return false;
  return !(s.pagesLoaded >= s.totalPages && s.shown >= s.loaded);
}

/** One Show More press: 9 more shown; past the loaded items, with more pages, the next page is asked. */
export function eventsShowMore(s: ShowMoreState): { shown: number; requestPage: number | null } {
  const shown = s.shown + EVENTS_STEP;
  const requestPage = shown > s.loaded && s.pagesLoaded < s.totalPages ? s.pagesLoaded + 1 : null;
  return { shown, requestPage };
}

/** Past events: events of later pages appended, duplicates by event_id dropped (first kept). */
export function mergeUnique(pages: readonly (readonly EventItem[])[]): EventItem[] {
  const seen = new Set<number>();
  const out: EventItem[] = [];
  for (const page of pages) {
    for (const e of page) {
      if (seen.has(e.event_id)) continue;
      seen.add(e.event_id);
      out.push(e);
    }
  }
  return out;
}

export interface PastState {
  page: number;
  totalPages: number;
  loading: boolean;
  /** The last fetched page came back empty. */
  lastEmpty: boolean;
  failed?: boolean;
}

/** Past events: the list stops when the page number reaches totalPages or a page is empty. */
export function pastHasMore(s: Omit<PastState, 'loading'>): boolean {
  return !s.failed && !s.lastEmpty && s.page < s.totalPages;
}

/** Past events: the page increments only when not loading and more pages exist. */
export function pastNextPage(s: PastState): number {
  return !s.loading && pastHasMore(s) ? s.page + 1 : s.page;
}

/** The banner rule (Event detail): no podcast_link, a banner, and banner_show === 1. */
export function showEventBanner(e: Pick<EventItem, 'podcast_link' | 'event_banner' | 'banner_show'>): boolean {
  return !e.podcast_link && !!e.event_banner && Number(e.banner_show) === 1;
}

const VIRTUAL = /^(virtual|online)\b/i;

export function isVirtualEvent(location: string | null | undefined): boolean {
  return VIRTUAL.test((location ?? '').trim());
}

/** schema.org Event for the detail page's JSON-LD (docs/pages.md, "Event detail"). */
export function eventJsonLd(e: EventItem, opts: { siteUrl: string; trailingSlash?: TrailingSlash; imageHost: string; path: string }): Record<string, unknown> {
  const url = pageAbsoluteUrl({ url: opts.siteUrl, trailingSlash: opts.trailingSlash }, opts.path);
  const virtual = isVirtualEvent(e.event_location);
  const img = imageUrl(opts.imageHost, e.event_banner, 1200);
  const start = new Date(e.event_date);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.event_title,
    startDate: Number.isNaN(start.getTime()) ? e.event_date : start.toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: virtual ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    location: virtual
      ? { '@type': 'VirtualLocation', url: e.event_link && /^https?:\/\//i.test(e.event_link) ? e.event_link : url }
      : { '@type': 'Place', name: e.event_location, address: e.event_location },
    description: eventExcerpt(e.event_desc, 300),
    url,
  };
  if (img) ld.image = [img.startsWith('/') ? absoluteUrl(opts.siteUrl, img) : img];
  return ld;
}
