// @vitest-environment jsdom
// Event detail (docs/pages.md, "Event detail"): title and long date,
// share with Instagram, the banner rule, the video embed, event_desc as HTML,
// the numbered TOC, the Latest/Popular sidebar (tab1 default), ads (past: the
// second and third active ads), the JSON-LD Event, 'Error: {message}', and the
// 501 redirect with its loop guard.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import type { EventItem } from '../../../../../src/api/types.ts';
import { resetMirrorReads } from '../../../../../src/app/data/mirror-read.ts';
import EventDetailPage from '../../../../../src/app/pages/event-detail/index.tsx';
import PastEventDetailPage from '../../../../../src/app/pages/past-event-detail/index.tsx';
import { clientMount, item, mirrorFetch, ok, serverRender, type Mounted } from '../../../../helpers/app-harness.tsx';

const EVENT: EventItem = {
  event_id: 7,
  event_slug: 'cloud-summit',
  event_title: 'Cloud Summit 2026',
  event_banner: '/uploads/events/cloud.jpg',
  event_location: 'Online',
  event_date: '2026-12-03T15:00:00.000Z',
  event_desc: '<h2 id="agenda">Agenda</h2><p>Keynotes</p><h3 id="day-1">Day 1</h3><p>Talks</p><h4 id="morning">Morning</h4>',
  event_link: 'https://summit.example/register',
  podcast_link: null,
  banner_show: 1,
  toc: [
    { level: 2, id: 'agenda', text: 'Agenda', number: '1.' },
    { level: 3, id: 'day-1', text: 'Day 1', number: '1.1.' },
    { level: 4, id: 'morning', text: 'Morning', number: '1.2.' },
  ],
};
const ADS = [1, 2, 3, 4].map((i) => ({ banner_id: i, banner_type: 'Post-1', banner_name: `Ad ${i}`, banner_img: `/uploads/ads/a${i}.png`, dest_url: `https://ads.example/${i}`, duration_time: 5 }));
const data = (ev: EventItem | null, status = 200) => ({
  [ep.ads()]: ok(ADS),
  [ep.eventDetails('cloud-summit')]: ev ? ok({ eventData: [ev] }) : { status, body: { message: 'Not implemented' } },
  [ep.homeLatestNews()]: ok([item(1, { post_content: 'Latest <b>one</b> snippet' }), item(2)]),
  [ep.homePopular()]: ok([item(3, { post_title: 'Popular three' })]),
});
const PATTERNS = ['/events/:event_slug'];
const PAST = ['/past-events/:event_slug'];

let mounted: Mounted | null = null;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('event detail: server render', () => {
  it('renders title, long date, share with Instagram, banner, HTML body and the numbered TOC', () => {
    const { html, head } = serverRender(EventDetailPage, PATTERNS, '/events/cloud-summit', data(EVENT));
    document.body.innerHTML = html;
    expect(document.querySelector('h1')!.textContent).toBe('Cloud Summit 2026');
    expect(document.querySelector('.event-detail-meta time')!.textContent).toBe('December 3, 2026');
    expect(document.querySelector('[aria-label="Share on Instagram"]')).not.toBeNull();
    expect(document.querySelector('.event-detail-banner img')!.getAttribute('src')).toBe('/uploads/events/cloud.jpg?width=1000');
    expect(document.querySelector('.event-detail-body h2#agenda')!.textContent).toBe('Agenda');
    const toc = [...document.querySelectorAll('.event-toc-item')].map((li) => [li.className, li.textContent, li.querySelector('a')!.getAttribute('href')]);
    expect(toc).toEqual([
      ['event-toc-item toc-level-2', '1. Agenda', '#agenda'],
      ['event-toc-item toc-level-3', '1.1. Day 1', '#day-1'],
      ['event-toc-item toc-level-4', '1.2. Morning', '#morning'],
    ]);
    // JSON-LD Event (virtual)
    expect(head!.jsonLd).toEqual([
      expect.objectContaining({ '@type': 'Event', name: 'Cloud Summit 2026', startDate: '2026-12-03T15:00:00.000Z', location: { '@type': 'VirtualLocation', url: 'https://summit.example/register' } }),
    ]);
    expect(head!.title).toBe('Cloud Summit 2026 | DevDispatch');
  });

  it('sidebar: Latest (tab1) by default with links to /{cat_slug}/{post_name}, title, snippet, author and date', () => {
    const { html } = serverRender(EventDetailPage, PATTERNS, '/events/cloud-summit', data(EVENT));
    document.body.innerHTML = html;
    expect(document.querySelector('#sidebar-tab1')!.getAttribute('aria-selected')).toBe('true');
    const first = document.querySelector('.sidebar-item')!;
    expect(first.querySelector('a')!.getAttribute('href')).toBe('/news/post-1');
    expect(first.querySelector('a')!.textContent).toBe('Post number 1');
    expect(first.querySelector('.sidebar-item-snippet')!.textContent).toBe('Latest one snippet');
    expect(first.querySelector('.sidebar-item-meta')!.textContent).toBe('By Ada Writer | Jan 10, 2026');
  });

  it('uses a video embed instead of the banner when podcast_link is set; no banner when banner_show is not 1', () => {
    const withVideo = serverRender(EventDetailPage, PATTERNS, '/events/cloud-summit', data({ ...EVENT, podcast_link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).html;
    expect(withVideo).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(withVideo).not.toContain('event-detail-banner');
    const hidden = serverRender(EventDetailPage, PATTERNS, '/events/cloud-summit', data({ ...EVENT, banner_show: 0 })).html;
    expect(hidden).not.toContain('event-detail-banner');
  });

  it('ads: none in the HTML, the slot with two empty spaces (read from the mirror after hydration)', () => {
    document.body.innerHTML = serverRender(PastEventDetailPage, PAST, '/past-events/cloud-summit', data(EVENT)).html;
    expect(document.querySelectorAll('.event-ads img')).toHaveLength(0);
    expect(document.querySelectorAll('.event-ads .ad-space')).toHaveLength(2);
    document.body.innerHTML = '';
  });
});

describe('event detail: ads after hydration', () => {
  beforeEach(() => {
    resetMirrorReads();
    vi.stubGlobal('fetch', vi.fn(mirrorFetch(data(EVENT))));
  });

  const alts = async (Page: typeof EventDetailPage, patterns: string[], url: string) => {
    const { html, state } = serverRender(Page, patterns, url, data(EVENT));
    mounted = clientMount(Page, patterns, url, { html, state });
    await act(async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    });
    const shown = [...mounted.container.querySelectorAll('.event-ads img')].map((i) => i.getAttribute('alt'));
    mounted.unmount();
    mounted = null;
    return shown;
  };

  it('the past-event version uses the second and third active ads, the upcoming version the first and second', async () => {
    expect(await alts(PastEventDetailPage, PAST, '/past-events/cloud-summit')).toEqual(['Ad 2', 'Ad 3']);
    expect(await alts(EventDetailPage, PATTERNS, '/events/cloud-summit')).toEqual(['Ad 1', 'Ad 2']);
  });
});

describe('event detail: client', () => {
  it('hydrates without a mismatch, scrolls to top, switches the sidebar to Popular (tab2)', () => {
    const { html, state } = serverRender(EventDetailPage, PATTERNS, '/events/cloud-summit', data(EVENT));
    mounted = clientMount(EventDetailPage, PATTERNS, '/events/cloud-summit', { html, state });
    expect(mounted.recoverable).toEqual([]);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    act(() => (mounted!.container.querySelector('#sidebar-tab2') as HTMLButtonElement).click());
    expect(mounted.container.querySelector('.sidebar-item a')!.textContent).toBe('Popular three');
  });

  it('shows a skeleton while loading, then the event (client navigation)', async () => {
    vi.stubGlobal('fetch', vi.fn(mirrorFetch(data(EVENT))));
    mounted = clientMount(EventDetailPage, PATTERNS, '/events/cloud-summit', { html: null, data: { [ep.ads()]: ok([]) } });
    expect(mounted.container.querySelector('.skeleton-page')).not.toBeNull();
    await act(async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    });
    expect(mounted.container.querySelector('h1')!.textContent).toBe('Cloud Summit 2026');
  });

  it("shows 'Error: {message}' when the fetch fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('x', { status: 503 })));
    mounted = clientMount(EventDetailPage, PATTERNS, '/events/cloud-summit', { html: null, data: { [ep.ads()]: ok([]) } });
    await act(async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    });
    expect(mounted.container.querySelector('[role="alert"]')!.textContent).toBe('Error: HTTP error! Status: 503');
  });

  it('501 on /past-events/{slug} redirects to /events/{slug}; on /events/{slug} it shows the not-found content (no loop)', () => {
    const d = data(null, 501);
    mounted = clientMount(PastEventDetailPage, PAST, '/past-events/cloud-summit', { html: null, data: d });
    expect(mounted.container.querySelector('[data-testid="location"]')!.textContent).toBe('/events/cloud-summit');
    mounted.unmount();
    mounted = clientMount(EventDetailPage, PATTERNS, '/events/cloud-summit', { html: null, data: d });
    expect(mounted.container.querySelector('h1')!.textContent).toBe('Error 404 - Not Found');
  });
});
