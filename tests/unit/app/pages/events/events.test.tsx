// @vitest-environment jsdom
// /events and /past-events (docs/pages.md, "Events list", "Past events"):
// the prerendered first page of each tab, hydration without mismatch, tab
// switches, Show More ('Loading...', 9 more, next page from the mirror, hidden
// by the page's rules), the empty message, and past events' duplicate dropping.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import type { EventItem } from '../../../../../src/api/types.ts';
import EventsPage from '../../../../../src/app/pages/events/index.tsx';
import PastEventsPage from '../../../../../src/app/pages/past-events/index.tsx';
import { clientMount, mirrorFetch, ok, serverRender, type Mounted } from '../../../../helpers/app-harness.tsx';

const ev = (id: number, extra: Partial<EventItem> = {}): EventItem => ({
  event_id: id,
  event_slug: `event-${id}`,
  event_title: `Event ${id}`,
  event_banner: `/uploads/events/e${id}.jpg`,
  event_location: 'Berlin, Germany',
  event_date: '2026-03-07T10:00:00.000Z',
  event_desc: `<p><strong>Event ${id}</strong> ${'lorem ipsum '.repeat(20)}</p>`,
  event_link: null,
  podcast_link: null,
  banner_show: 1,
  ...extra,
});
const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);
const page = (ids: number[], totalPages: number) => ok({ responseData: { eventData: ids.map((i) => ev(i)), pagination: { totalPages } } });

const DATA = {
  [ep.ads()]: ok([]),
  [ep.eventsAll(1)]: page(range(1, 9), 3),
  [ep.eventsAll(2)]: page(range(10, 9), 3),
  [ep.eventsAll(3)]: page(range(19, 4), 3),
  [ep.eventsUpcoming(1)]: page(range(100, 5), 1),
  [ep.eventsPast(1)]: page(range(200, 9), 2),
  [ep.eventsPast(2)]: page([205, 206, 300, 301], 2), // duplicates of page 1
};
const deps = { [ep.ads()]: DATA[ep.ads()], [ep.eventsAll(1)]: DATA[ep.eventsAll(1)], [ep.eventsUpcoming(1)]: DATA[ep.eventsUpcoming(1)], [ep.eventsPast(1)]: DATA[ep.eventsPast(1)] };

const cards = (root: ParentNode) => [...root.querySelectorAll('.event-card a')];
// Show More: a link to the next page's route on All Events (docs/decisions/0105-listing-page-routes.md), a button elsewhere.
const more = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.event-more :is(a, button)')].find((b) => /Show More|Loading/.test(b.textContent ?? ''));
const inactive = (el: HTMLElement) => (el instanceof HTMLButtonElement ? el.disabled : el.getAttribute('aria-disabled') === 'true');
const settle = () => act(async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
});

let mounted: Mounted | null = null;
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', vi.fn(mirrorFetch(DATA)));
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/events', () => {
  it('prerenders the All Events tab: 9 cards linking to /events/{slug} with title, location, date and a plain description cut to 100 characters at a word', () => {
    const { html, head } = serverRender(EventsPage, ['/events'], '/events', deps);
    document.body.innerHTML = html;
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    expect(tabs.map((t) => t.textContent)).toEqual(['All Events', 'Upcoming Events', 'Past Events']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(cards(document)).toHaveLength(9);
    const first = document.querySelector('.event-card')!;
    expect(first.querySelector('a')!.getAttribute('href')).toBe('/events/event-1');
    expect(first.querySelector('.event-card-title')!.textContent).toBe('Event 1');
    expect(first.querySelector('.event-card-location')!.textContent).toBe('Berlin, Germany');
    expect(first.querySelector('.event-card-date')!.textContent).toBe('Mar 07, 2026');
    const desc = first.querySelector('.event-card-desc')!.textContent!;
    // Plain text, at most 100 characters with the ellipsis, ending on a whole word.
    expect(desc).toBe(`Event 1 ${'lorem ipsum '.repeat(7)}lorem…`);
    expect(Array.from(desc).length).toBeLessThanOrEqual(100);
    expect(first.querySelector('img')!.getAttribute('alt')).toBe('Event 1');
    expect(more(document)!.textContent).toBe('Show More');
    // Without JavaScript, Show More leads to page 2's own prerendered route.
    expect(more(document)!.getAttribute('href')).toBe('/events/page/2');
    expect(head!.title).toMatch(/^Events \| /);
    expect(head!.canonicalPath).toBe('/events');
  });

  it('prerenders /events/page/2: All Events from page 2 (its own canonical), Show More to page 3; hydrates and shows more from page 3', async () => {
    const page2 = { [ep.ads()]: DATA[ep.ads()], [ep.eventsAll(2)]: DATA[ep.eventsAll(2)] };
    const { html, head, state } = serverRender(EventsPage, ['/events', '/events/page/:page'], '/events/page/2', page2);
    document.body.innerHTML = html;
    expect(cards(document).map((a) => a.getAttribute('href'))).toEqual(range(10, 9).map((i) => `/events/event-${i}`));
    expect(more(document)!.getAttribute('href')).toBe('/events/page/3');
    expect(head!.canonicalPath).toBe('/events/page/2');
    expect(head!.title).toMatch(/^Events - Page 2 \| /);
    document.body.innerHTML = '';
    mounted = clientMount(EventsPage, ['/events', '/events/page/:page'], '/events/page/2', { html, state });
    expect(mounted.recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    act(() => more(mounted!.container)!.click());
    await settle();
    expect(cards(mounted.container)).toHaveLength(13);
    expect(more(mounted.container)).toBeUndefined(); // page 3 was the last
    expect(vi.mocked(fetch).mock.calls.map((c) => String(c[0]))).toEqual(['/data/event/totalevents@page=3.json']);
  });

  it('hydrates without a mismatch, then Show More reads the next pages from the mirror until it disappears', async () => {
    const { html, state } = serverRender(EventsPage, ['/events'], '/events', deps);
    mounted = clientMount(EventsPage, ['/events'], '/events', { html, state });
    const root = mounted.container;
    expect(mounted.recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    act(() => more(root)!.click());
    expect(more(root)!.textContent).toBe('Loading...');
    expect(inactive(more(root)!)).toBe(true);
    await settle();
    expect(cards(root)).toHaveLength(18);
    act(() => more(root)!.click());
    await settle();
    expect(cards(root)).toHaveLength(22);
    expect(more(root)).toBeUndefined(); // last page reached
    const fetched = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.map((c) => String(c[0]));
    expect(fetched).toHaveLength(2);
  });

  it('switches tabs: Upcoming (one page, 5 items: no Show More) and Past (prerendered)', async () => {
    const { html, state } = serverRender(EventsPage, ['/events'], '/events', deps);
    mounted = clientMount(EventsPage, ['/events'], '/events', { html, state });
    const root = mounted.container;
    const tab = (name: string) => [...root.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name) as HTMLButtonElement;
    act(() => tab('Upcoming Events').click());
    expect(tab('Upcoming Events').getAttribute('aria-selected')).toBe('true');
    expect(cards(root).map((a) => a.getAttribute('href'))).toEqual(range(100, 5).map((i) => `/events/event-${i}`));
    expect(more(root)).toBeUndefined();
    act(() => tab('Past Events').click());
    expect(cards(root)).toHaveLength(9);
    expect(more(root)).toBeDefined();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('shows the empty message when a tab has no events', () => {
    const empty = { ...deps, [ep.eventsAll(1)]: page([], 0) };
    const { html } = serverRender(EventsPage, ['/events'], '/events', empty);
    expect(html).toContain('No events have been posted yet.');
    expect(html).not.toContain('Show More');
  });

  it('stops Show More when a page fetch fails (logged only)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('boom', { status: 500 })));
    const { html, state } = serverRender(EventsPage, ['/events'], '/events', deps);
    mounted = clientMount(EventsPage, ['/events'], '/events', { html, state });
    act(() => more(mounted!.container)!.click());
    await settle();
    expect(more(mounted.container)).toBeUndefined();
    expect(console.warn).toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('/past-events', () => {
  it('prerenders the two buttons and cards to /past-events/{slug}', () => {
    const { html } = serverRender(PastEventsPage, ['/past-events'], '/past-events', { [ep.ads()]: DATA[ep.ads()], [ep.eventsPast(1)]: DATA[ep.eventsPast(1)] });
    document.body.innerHTML = html;
    const links = [...document.querySelectorAll('.event-tabs a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Upcoming Events', '/events'],
      ['Past Events', '/past-events'],
    ]);
    expect(links[1].getAttribute('aria-current')).toBe('page');
    expect(cards(document)[0].getAttribute('href')).toBe('/past-events/event-200');
  });

  it('Show More loads page 2, drops duplicates by event_id and stops at totalPages', async () => {
    const seed = { [ep.ads()]: DATA[ep.ads()], [ep.eventsPast(1)]: DATA[ep.eventsPast(1)] };
    const { html, state } = serverRender(PastEventsPage, ['/past-events'], '/past-events', seed);
    mounted = clientMount(PastEventsPage, ['/past-events'], '/past-events', { html, state });
    expect(mounted.recoverable).toEqual([]);
    act(() => more(mounted!.container)!.click());
    await settle();
    expect(cards(mounted.container)).toHaveLength(11);
    expect(more(mounted.container)).toBeUndefined();
  });
});
