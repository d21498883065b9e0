// The page kinds give every event (its canonical detail route) and every
// static page a sitemap entry, and /events depends on page 1 of all three tabs
// (src/site/kinds/events.ts, static.ts).
import { describe, expect, it } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import { eventDetail, events, pastEventDetail, pastEvents } from '../../../../../src/site/kinds/events.ts';
import { about, contact, optOutForm, privacyPolicy, sitemapPage } from '../../../../../src/site/kinds/static.ts';
import { memorySnapshot, testCtx } from '../../../../helpers/memory-snapshot.ts';

const ev = (id: number, slug: string) => ({ event_id: id, event_slug: slug, event_title: slug, event_banner: `/uploads/e${id}.jpg`, event_location: 'Online', event_date: '2026-01-01T00:00:00.000Z', event_desc: '', event_link: null, podcast_link: null, banner_show: 1 });
const list = (items: ReturnType<typeof ev>[], totalPages: number) => ({ body: { responseData: { eventData: items, pagination: { totalPages } } } });

const snap = memorySnapshot({
  [ep.eventsAll(1)]: list([ev(1, 'alpha'), ev(2, 'beta')], 2),
  [ep.eventsAll(2)]: list([ev(3, 'gamma')], 2),
  [ep.eventsPast(1)]: list([ev(2, 'beta')], 1),
  [ep.eventsUpcoming(1)]: list([ev(1, 'alpha'), ev(3, 'gamma')], 1),
  [ep.eventDetails('alpha')]: { body: { eventData: [ev(1, 'alpha')] } },
  [ep.eventDetails('beta')]: { body: { eventData: [ev(2, 'beta')] } },
  [ep.eventDetails('gamma')]: { body: { eventData: [ev(3, 'gamma')] } },
});
const ctx = testCtx() as never;

describe('events and static page kinds', () => {
  it('/events depends on page 1 of all three tabs (not on the ads, read from the mirror)', () => {
    const [r] = events.routes(snap, ctx);
    expect(r.deps).toEqual([ep.eventsAll(1), ep.eventsUpcoming(1), ep.eventsPast(1)]);
    expect(r.sitemap).not.toBeNull();
    expect(events.fetches!(snap, ctx)).toContain(ep.eventsAll(2));
  });

  it('every listed event has a detail route with a sitemap entry; past events also under /past-events, outside the sitemap (canonical is /events/{slug})', () => {
    const detail = eventDetail.routes(snap, ctx);
    expect(detail.map((r) => r.path)).toEqual(['/events/alpha', '/events/beta', '/events/gamma']);
    expect(detail.every((r) => r.sitemap !== null)).toBe(true);
    expect(detail[0].deps).toEqual([ep.eventDetails('alpha'), ep.homeLatestNews(), ep.homePopular()]);
    const past = pastEventDetail.routes(snap, ctx);
    expect(past.map((r) => r.path)).toEqual(['/past-events/beta']);
    expect(past[0].sitemap).toBeNull();
    expect(pastEvents.routes(snap, ctx)[0].sitemap).not.toBeNull();
  });

  it('the static pages have sitemap entries; the site map page depends on the sub-category list', () => {
    const paths = [about, privacyPolicy, optOutForm, contact, sitemapPage].map((k) => k.routes(snap, ctx)[0]);
    expect(paths.map((r) => r.path)).toEqual(['/about', '/privacy-policy', '/opt-out-form', '/contact-us', '/sitemap']);
    expect(paths.every((r) => r.sitemap !== null)).toBe(true);
    expect(paths[4].deps).toContain(ep.subcatList());
  });
});
