// Pure rules of the events pages (docs/pages.md, "Events list", "Past events",
// "Event detail"): date formats, the 100-character cut, the Show
// More and past-events stop rules, the banner rule and the JSON-LD Event.
import { describe, expect, it } from 'vitest';
import type { EventItem } from '../../../../src/api/types.ts';
import {
  eventExcerpt,
  eventJsonLd,
  eventPage,
  eventsShowMore,
  eventsShowMoreVisible,
  mergeUnique,
  pastHasMore,
  pastNextPage,
  showEventBanner,
  type ShowMoreState,
} from '../../../../src/app/lib/events.ts';
import { formatEventDate, formatLongDate } from '../../../../src/app/lib/format.ts';

const ev = (id: number, extra: Partial<EventItem> = {}): EventItem => ({
  event_id: id,
  event_slug: `event-${id}`,
  event_title: `Event ${id}`,
  event_banner: `/uploads/events/e${id}.jpg`,
  event_location: 'London, UK',
  event_date: '2026-06-05T09:30:00.000Z',
  event_desc: '<p>About the event</p>',
  event_link: null,
  podcast_link: null,
  banner_show: 1,
  ...extra,
});

describe('event dates (en-US, UTC)', () => {
  it('cards: short month, 2-digit day, year', () => {
    expect(formatEventDate('2026-06-05T09:30:00.000Z')).toBe('Jun 05, 2026');
    expect(formatEventDate('2026-12-31T23:59:59.000Z')).toBe('Dec 31, 2026'); // UTC, not the local zone
  });
  it('detail: month name, day, year', () => {
    expect(formatLongDate('2026-06-05T09:30:00.000Z')).toBe('June 5, 2026');
  });
});

describe('card description: markup stripped, then cut to 100 characters at a word boundary with "…"', () => {
  it('strips tags before cutting, so no tag is split and markup does not count', () => {
    const html = `<p><strong>${'a'.repeat(60)}</strong> <em>${'b'.repeat(60)}</em></p>`;
    const out = eventExcerpt(html);
    expect(out).not.toMatch(/[<>]/);
    // The second word does not fit: the cut falls after the first, with the ellipsis.
    expect(out).toBe(`${'a'.repeat(60)}…`);
  });
  it('cuts prose at the last whole word within 100 characters, the ellipsis included', () => {
    const words = 'Join engineers from across the industry for two days of talks, workshops and hallway conversations about platform engineering at scale.';
    const out = eventExcerpt(`<p>${words}</p>`);
    expect(Array.from(out).length).toBeLessThanOrEqual(100);
    expect(out.endsWith('…')).toBe(true);
    const kept = out.slice(0, -1);
    expect(words.startsWith(kept)).toBe(true);
    // The character after the kept text is a space or punctuation: no word was cut.
    expect(words.charAt(kept.length)).toMatch(/[\s,.]/);
    expect(out).toBe('Join engineers from across the industry for two days of talks, workshops and hallway conversations…');
  });
  it('keeps a text of 100 characters or fewer whole, with no ellipsis', () => {
    expect(eventExcerpt('<p>Short &amp; sweet</p>')).toBe('Short & sweet');
    expect(eventExcerpt('x'.repeat(100))).toBe('x'.repeat(100));
    const hundred = `${'word '.repeat(19)}wordy`; // exactly 100
    expect(eventExcerpt(hundred)).toBe(hundred);
  });
  it('counts characters, not UTF-16 units, and cuts one overlong word inside it', () => {
    const out = eventExcerpt('😀'.repeat(120));
    expect(Array.from(out)).toHaveLength(100);
    expect(out.endsWith('😀…')).toBe(true);
    expect(eventExcerpt('x'.repeat(101))).toBe(`${'x'.repeat(99)}…`);
  });
});

describe('events list Show More', () => {
  const s = (o: Partial<ShowMoreState>): ShowMoreState => ({ shown: 9, loaded: 9, pagesLoaded: 1, totalPages: 3, firstPageCount: 9, ...o });
  it('is hidden when the first page reports only one page', () => {
    expect(eventsShowMoreVisible(s({ totalPages: 1 }))).toBe(false);
    expect(eventsShowMoreVisible(s({ totalPages: 0 }))).toBe(false);
  });
  it('is hidden when fewer than 9 items came back', () => {
    expect(eventsShowMoreVisible(s({ firstPageCount: 8, loaded: 8 }))).toBe(false);
  });
  it('is hidden once the last page was reached and everything loaded is shown', () => {
    expect(eventsShowMoreVisible(s({ pagesLoaded: 3, loaded: 22, shown: 27 }))).toBe(false);
    expect(eventsShowMoreVisible(s({ pagesLoaded: 3, loaded: 22, shown: 18 }))).toBe(true);
  });
  it('is hidden after a failed page fetch (the list stops)', () => {
    expect(eventsShowMoreVisible(s({ failed: true }))).toBe(false);
  });
  it('is shown while more pages exist', () => {
    expect(eventsShowMoreVisible(s({}))).toBe(true);
    expect(eventsShowMoreVisible(s({ pagesLoaded: 2, loaded: 18, shown: 18 }))).toBe(true);
  });
  it('grows the shown count by 9 and requests the next page only when the loaded items run out', () => {
    expect(eventsShowMore(s({}))).toEqual({ shown: 18, requestPage: 2 });
    expect(eventsShowMore(s({ loaded: 27, pagesLoaded: 3 }))).toEqual({ shown: 18, requestPage: null });
    expect(eventsShowMore(s({ shown: 18, loaded: 18, pagesLoaded: 2 }))).toEqual({ shown: 27, requestPage: 3 });
    expect(eventsShowMore(s({ shown: 27, loaded: 22, pagesLoaded: 3 }))).toEqual({ shown: 36, requestPage: null });
  });
});

describe('past events paging', () => {
  it('drops duplicates by event_id, keeping the first', () => {
    const a = ev(1);
    const dup = ev(1, { event_title: 'again' });
    expect(mergeUnique([[a, ev(2)], [dup, ev(3)]]).map((e) => e.event_id)).toEqual([1, 2, 3]);
    expect(mergeUnique([[a, ev(2)], [dup]])[0].event_title).toBe('Event 1');
  });
  it('increments the page only when not loading and more pages exist', () => {
    expect(pastNextPage({ page: 1, totalPages: 3, loading: false, lastEmpty: false })).toBe(2);
    expect(pastNextPage({ page: 1, totalPages: 3, loading: true, lastEmpty: false })).toBe(1);
    expect(pastNextPage({ page: 3, totalPages: 3, loading: false, lastEmpty: false })).toBe(3);
  });
  it('stops when the page number reaches totalPages or a page is empty', () => {
    expect(pastHasMore({ page: 2, totalPages: 3, lastEmpty: false })).toBe(true);
    expect(pastHasMore({ page: 3, totalPages: 3, lastEmpty: false })).toBe(false);
    expect(pastHasMore({ page: 2, totalPages: 3, lastEmpty: true })).toBe(false);
    expect(pastNextPage({ page: 2, totalPages: 5, loading: false, lastEmpty: true })).toBe(2);
  });
});

describe('eventPage', () => {
  it('reads eventData and totalPages, tolerating a missing body', () => {
    expect(eventPage({ responseData: { eventData: [ev(1)], pagination: { totalPages: 4 } } })).toEqual({ items: [ev(1)], totalPages: 4 });
    expect(eventPage(undefined)).toEqual({ items: [], totalPages: 0 });
    expect(eventPage({ responseData: { eventData: [], pagination: { totalPages: null as unknown as number } } })).toEqual({ items: [], totalPages: 0 });
  });
});

describe('banner rule', () => {
  it('shows the banner only without podcast_link, with a banner and banner_show === 1', () => {
    expect(showEventBanner(ev(1))).toBe(true);
    expect(showEventBanner(ev(1, { podcast_link: 'https://youtu.be/abcdefghijk' }))).toBe(false);
    expect(showEventBanner(ev(1, { event_banner: null }))).toBe(false);
    expect(showEventBanner(ev(1, { banner_show: 0 }))).toBe(false);
  });
});

describe('JSON-LD Event', () => {
  const opts = { siteUrl: 'https://devdispatch.example', imageHost: '', path: '/events/event-1' };
  it('a place for a physical event', () => {
    const ld = eventJsonLd(ev(1, { event_desc: '<h2 id="x">Agenda</h2><p>Talks &amp; demos</p>' }), opts);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Event 1',
      startDate: '2026-06-05T09:30:00.000Z',
      location: { '@type': 'Place', name: 'London, UK', address: 'London, UK' },
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      description: 'Agenda Talks & demos',
      url: 'https://devdispatch.example/events/event-1',
      image: ['https://devdispatch.example/uploads/events/e1.jpg?width=1200'],
    });
  });
  it('a virtual location for Virtual/Online events', () => {
    const ld = eventJsonLd(ev(2, { event_location: 'Online', event_link: 'https://meet.example/x', event_banner: null }), opts);
    expect(ld.location).toEqual({ '@type': 'VirtualLocation', url: 'https://meet.example/x' });
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(ld).not.toHaveProperty('image');
    expect(eventJsonLd(ev(3, { event_location: 'Virtual' }), opts).location).toEqual({ '@type': 'VirtualLocation', url: 'https://devdispatch.example/events/event-1' });
  });
});
