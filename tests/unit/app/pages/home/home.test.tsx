// @vitest-environment jsdom
// Home page (docs/pages.md, "Home"): the blocks in order;
// Latest = lead (700) + two secondary posts (500 on wide, else 300) with the
// Latest (tab1, default) / Popular (tab2) tabs; Podcast feature (video embed
// when the item has a podcast_link, else the card); Guest Author carousel;
// Quick Bytes (side list items 2-5, grid from the fifth); Articles (grid items
// 2-3, side list items 2-5); no side list when only the lead exists; the
// Footer-3 slot; srcset widths; 'No Posts Available' for an empty or failed
// list; head title = site title.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import HomePage from '../../../../../src/app/pages/home/index.tsx';
import { click, item, mount, ok, serverHtml, site, type Data, type Mounted } from '../../../../helpers/app-harness.tsx';

const list = (base: number, n: number, cat: string, extra: Record<string, unknown> = {}) => Array.from({ length: n }, (_, i) => item(base + i, { cat_slug: cat, ...extra }));
const data = (): Data => ({
  [ep.homeLatest()]: ok(list(1, 4, 'featured')),
  [ep.homeLatestNews()]: ok(list(10, 3, 'news')),
  [ep.homePopular()]: ok(list(20, 4, 'news')),
  [ep.homePodcast()]: ok(list(30, 1, 'podcasts')),
  [ep.homeInterview()]: ok(list(40, 10, 'interview')),
  [ep.homeQuickByte()]: ok(list(50, 6, 'quick-bytes')),
  [ep.homeArticle()]: ok(list(60, 6, 'featured')),
});

const ids = (els: Iterable<Element>) => [...els].map((a) => Number(a.getAttribute('href')!.split('-').pop()));
let m: Mounted | null = null;
beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => undefined));
afterEach(() => {
  m?.unmount();
  m = null;
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('home page', () => {
  it('renders the blocks in order, each with its number of posts, image widths and srcsets', () => {
    const { html, head } = serverHtml(<HomePage />, '/', data());
    document.body.innerHTML = html;
    const r = document.body;
    expect(head!.title).toBe(site.site.title);
    expect([...r.querySelectorAll('.home-section .section-title')].map((h) => h.textContent)).toEqual(['Podcast', 'Guest Author', 'Quick Bytes', 'Articles']);
    expect(r.querySelector('.home-latest')!.compareDocumentPosition(r.querySelector('.home-podcast')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Latest: lead + 2 secondary
    const leadImg = r.querySelector('.home-lead img')!;
    expect(leadImg.getAttribute('src')).toBe('/uploads/2026/01/p1.jpg?width=700');
    expect(leadImg.getAttribute('srcset')!.split(', ').map((s) => s.split(' ')[1])).toEqual(['150w', '300w', '500w', '700w', '1000w', '1200w']);
    expect(ids(r.querySelectorAll('.home-secondary .post-card-title a'))).toEqual([2, 3]);
    expect(r.querySelector('.home-secondary img')!.getAttribute('src')).toContain('?width=500');
    expect(r.querySelector('.home-secondary img')!.getAttribute('sizes')).toBe('(min-width: 768px) 500px, 300px');
    // Tabs: Latest default, Popular hidden, both prerendered
    const tabs = [...r.querySelectorAll('[role="tab"]')];
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([['Latest', 'true'], ['Popular', 'false']]);
    expect(ids(r.querySelectorAll('#home-tabpanel-tab1 .tab-row-title'))).toEqual([10, 11, 12]);
    expect((r.querySelector('#home-tabpanel-tab2') as HTMLElement).hidden).toBe(true);
    expect(ids(r.querySelectorAll('#home-tabpanel-tab2 .tab-row-title'))).toEqual([20, 21, 22, 23]);
    // Podcast without podcast_link: the card
    expect(r.querySelector('.home-podcast iframe')).toBeNull();
    expect(ids(r.querySelectorAll('.home-podcast .post-card-title a'))).toEqual([30]);
    // Guest Author carousel with all 10
    expect(r.querySelectorAll('.home-guest .carousel-slide').length).toBe(10);
    // Quick Bytes: feature = item 1, side list items 2-5, grid from the fifth
    expect(ids(r.querySelectorAll('.home-quickbytes .side-list .post-row-title a'))).toEqual([51, 52, 53, 54]);
    expect(ids(r.querySelectorAll('.home-quickbytes .qb-grid .post-card-title a'))).toEqual([54, 55]);
    // Articles: grid items 2-3, side list items 2-5
    expect(ids(r.querySelectorAll('.home-articles .articles-grid .post-card-title a'))).toEqual([61, 62]);
    expect(ids(r.querySelectorAll('.home-articles .side-list .post-row-title a'))).toEqual([61, 62, 63, 64]);
    // Footer-3 slot last: its space reserved, filled from the mirror after hydration (tests/unit/app/components/ads)
    expect(r.querySelector('.home-page > :last-child .ad-slot')!.getAttribute('data-ad-state')).toBe('loading');
    expect(r.querySelector('.home-page > :last-child .ad-slot .ad-space')).not.toBeNull();
    expect(r.querySelector('.reveal-out')).toBeNull();
  });

  it('embeds the podcast video when the item carries a podcast_link', () => {
    const d = data();
    d[ep.homePodcast()] = ok(list(30, 1, 'podcasts', { podcast_link: 'https://www.youtube.com/watch?v=abcdefghijk' }));
    document.body.innerHTML = serverHtml(<HomePage />, '/', d).html;
    expect(document.querySelector('.home-podcast iframe')!.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk');
  });

  it("shows 'No Posts Available' for an empty or failed list", () => {
    const d = data();
    d[ep.homeQuickByte()] = ok([]);
    d[ep.homeArticle()] = { status: 500, body: { error: 'x' } };
    document.body.innerHTML = serverHtml(<HomePage />, '/', d).html;
    expect(document.querySelector('.home-quickbytes .no-posts')!.textContent).toBe('No Posts Available');
    expect(document.querySelector('.home-articles .no-posts')!.textContent).toBe('No Posts Available');
  });

  it('Quick Bytes and Articles with only a lead post have no side list or side panel', () => {
    const d = data();
    d[ep.homeQuickByte()] = ok(list(50, 1, 'quick-bytes'));
    d[ep.homeArticle()] = ok(list(60, 1, 'featured'));
    document.body.innerHTML = serverHtml(<HomePage />, '/', d).html;
    for (const block of ['.home-quickbytes', '.home-articles']) {
      expect(document.querySelectorAll(`${block} .post-card-feature`).length).toBe(1);
      expect(document.querySelector(`${block} .side-list`)).toBeNull();
    }
    expect(document.querySelector('.home-articles .side-panel')).toBeNull();
  });

  it('hydrates without mismatch and switches to the Popular tab', () => {
    m = mount(<HomePage />, '/', data());
    expect(m.recoverable).toEqual([]);
    click(m.container.querySelector('#home-tab-tab2'));
    expect((m.container.querySelector('#home-tabpanel-tab2') as HTMLElement).hidden).toBe(false);
    expect((m.container.querySelector('#home-tabpanel-tab1') as HTMLElement).hidden).toBe(true);
  });
});
