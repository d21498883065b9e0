// @vitest-environment jsdom
// Header panels (docs/pages.md, "Shared shell"): none open in the
// prerendered HTML; click toggles, re-click and outside click close; loaded
// panels show up to 3 cards per group with 'By {author} | {date}', the See More
// slug rule and the mobile full-page group link; failed data shows
// 'Error: Error fetching data' and is logged; the search box navigates to
// /search/all/{term}.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../src/api/endpoints.ts';
import { Header } from '../../../../src/app/shell/Header.tsx';
import { seeMoreSlug } from '../../../../src/app/shell/navModel.ts';
import { routeCatSlug } from '../../../../src/app/shell/route-slug.ts';
import { resetMirrorReads } from '../../../../src/app/data/mirror-read.ts';
import { documentNavigation } from '../../../../src/app/lib/navigate.ts';
import { click, item, mirrorFetch, mount, ok, pointerDown, serverHtml, typeInto, type Data, type Mounted } from '../../../helpers/app-harness.tsx';

const panelData = (): Data => ({
  [ep.latestPost()]: ok({
    newsData: [item(1), item(2), item(3), item(4)],
    quickByteData: [item(11, { cat_slug: 'quick-bytes' })],
    articleData: [],
  }),
  [ep.leadership()]: ok({ podcastData: [], inteviewData: [item(21, { cat_slug: 'interview' })], guestPostData: [] }),
  [ep.featuredPanel()]: { status: 500, body: { error: 'boom' } },
});

let m: Mounted | null = null;
let log: ReturnType<typeof vi.spyOn>;
let served: ReturnType<typeof vi.fn>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  // The panels read the data mirror (src/app/data/mirror-read.ts): served from panelData().
  resetMirrorReads();
  served = vi.fn(mirrorFetch(panelData()));
  vi.stubGlobal('fetch', served);
});
afterEach(() => {
  m?.unmount();
  m = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Lets the mirror reads answer and the panel render. */
const settle = () => act(async () => {});

const button = (root: HTMLElement, label: string) => [...root.querySelectorAll<HTMLButtonElement>('.nav-section-button')].find((b) => b.textContent === label)!;
const panel = (root: HTMLElement) => root.querySelector('.header-panel');

describe('header', () => {
  it('prerenders the logo, three section buttons, Events and Contact Us, the search box, and no open panel', () => {
    const { html } = serverHtml(<Header />, '/', panelData());
    document.body.innerHTML = html;
    const logo = document.querySelector('a.logo')!;
    expect(logo.getAttribute('href')).toBe('/');
    expect(logo.querySelector('img')!.getAttribute('width')).toBe('130');
    expect(logo.querySelector('img')!.getAttribute('height')).toBe('60');
    expect([...document.querySelectorAll('.nav-section-button')].map((b) => b.textContent)).toEqual(['Latest', 'Leadership', 'Features']);
    expect([...document.querySelectorAll('.nav-link')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Events', '/events'],
      ['Contact Us', '/contact-us'],
    ]);
    expect(document.querySelector('.header-panel')).toBeNull();
    expect(document.querySelector('form[role="search"] label')!.textContent).toBe('Search articles');
    document.body.innerHTML = '';
  });

  it('opens a panel on click, closes it on re-click, and switches between sections', () => {
    m = mount(<Header />, '/', panelData());
    expect(m.recoverable).toEqual([]);
    const latest = button(m.container, 'Latest');
    click(latest);
    expect(latest.getAttribute('aria-expanded')).toBe('true');
    expect(panel(m.container)!.id).toBe('header-panel-latest');
    click(button(m.container, 'Leadership'));
    expect(panel(m.container)!.id).toBe('header-panel-leadership');
    expect(latest.getAttribute('aria-expanded')).toBe('false');
    click(button(m.container, 'Leadership'));
    expect(panel(m.container)).toBeNull();
  });

  it('closes on a click outside the header but not on a click inside the panel', () => {
    m = mount(<Header />, '/', panelData());
    click(button(m.container, 'Latest'));
    pointerDown(panel(m.container)!);
    expect(panel(m.container)).not.toBeNull();
    pointerDown(document.body);
    expect(panel(m.container)).toBeNull();
  });

  it('shows up to 3 cards per group with image, title and the By line; See More and the mobile group link', async () => {
    m = mount(<Header />, '/', panelData());
    click(button(m.container, 'Latest'));
    await settle();
    const groups = [...m.container.querySelectorAll('.panel-group')];
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['News', 'Quick Bytes']);
    const news = groups[0];
    const cards = news.querySelectorAll('.panel-card');
    expect(cards.length).toBe(3);
    const img = cards[0].querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/2026/01/p1.jpg?width=300');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['120', '80']);
    expect(cards[0].querySelector('.panel-card-title')!.getAttribute('href')).toBe('/news/post-1');
    expect(cards[0].querySelector('.panel-card-byline')!.textContent).toBe('By Ada Writer | Jan 10, 2026');
    expect(news.querySelector('.panel-see-more')!.getAttribute('href')).toBe('/topic/news');
    const groupLink = news.querySelector('a.panel-group-link')!;
    expect(groupLink.getAttribute('href')).toBe('/topic/news');
    // A plain <a>, not a router link: the full page load the page asks for.
    expect(groupLink.getAttribute('data-discover')).toBeNull();
    expect(groups[1].querySelector('.panel-see-more')!.getAttribute('href')).toBe('/topic/quick-bytes');
    // articleData is in the response but is not one of the Latest groups.
    expect(m.container.querySelectorAll('.panel-card').length).toBe(4);
  });

  it('See More of an empty group falls back to the page cat_slug, then to the configured slug', async () => {
    m = mount(<Header routeSlug={routeCatSlug('/topic/guest-author')} />, '/topic/guest-author', panelData());
    click(button(m.container, 'Leadership'));
    await settle();
    const more = [...m.container.querySelectorAll('.panel-see-more')].map((a) => a.getAttribute('href'));
    // podcastData empty -> route param; inteviewData has a post -> its slug; guestPostData empty -> route param.
    expect(more).toEqual(['/topic/guest-author', '/topic/interview', '/topic/guest-author']);
    expect(seeMoreSlug([], null, 'podcasts')).toBe('podcasts');
    expect(routeCatSlug('/news/some-post')).toBe('news');
    expect(routeCatSlug('/topic/featured/ai')).toBe('featured');
    expect(routeCatSlug('/tag/ai')).toBeNull();
    expect(routeCatSlug('/events')).toBeNull();
  });

  it("shows 'Error: Error fetching data' when the panel data failed, and logs it", async () => {
    m = mount(<Header />, '/', panelData());
    click(button(m.container, 'Features'));
    await settle();
    const p = panel(m.container)!;
    expect(p.querySelector('.panel-error')!.textContent).toBe('Error: Error fetching data');
    expect(p.querySelector('.panel-card')).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  it('shows nothing while the panel data is loading', async () => {
    const never = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', never);
    const data = panelData();
    delete data[ep.latestPost()];
    m = mount(<Header />, '/', data, { hydrate: false });
    click(button(m.container, 'Latest'));
    const p = panel(m.container)!;
    expect(p.textContent).toBe('');
    expect(never).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('makes no second request when a panel opens whose data was already read', async () => {
    m = mount(<Header />, '/', panelData());
    for (const round of [1, 2]) {
      for (const l of ['Latest', 'Leadership', 'Features']) {
        click(button(m.container, l));
        await settle();
      }
      expect(served, `round ${round}`).toHaveBeenCalledTimes(3);
    }
  });

  it('fires the three panel calls together, from the data mirror, as soon as keyboard focus reaches a section button, once', async () => {
    const f = vi.fn(async () => new Response(JSON.stringify({ status: 200, body: { podcastData: [], inteviewData: [], guestPostData: [] } }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', f);
    const data = panelData();
    for (const p of [ep.latestPost(), ep.leadership(), ep.featuredPanel()]) delete data[p];
    m = mount(<Header />, '/', data, { hydrate: false });
    const b = button(m.container, 'Leadership');
    act(() => b.focus());
    expect(f.mock.calls.map((c) => String((c as unknown[])[0])).sort()).toEqual(['/data/post/featured.json', '/data/post/latestPost.json', '/data/post/leadership.json']);
    act(() => b.blur());
    act(() => button(m!.container, 'Features').focus());
    click(b);
    await act(async () => {});
    expect(f).toHaveBeenCalledTimes(3);
    vi.unstubAllGlobals();
  });

  it('the search box loads /search/all/{term} with the term encoded', () => {
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
    m = mount(<Header />, '/', panelData(), { pattern: '/' });
    const input = m.container.querySelector<HTMLInputElement>('form[role="search"] input')!;
    typeInto(input, 'c++ & ai');
    act(() => {
      m!.container.querySelector('form[role="search"]')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(assign.mock.calls).toEqual([['/search/all/c%2B%2B%20%26%20ai']]);
    expect(input.value).toBe('');
  });

  it('the left control toggles the collapsed navigation', () => {
    m = mount(<Header />, '/', panelData());
    const toggle = m.container.querySelector('.header-toggle')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(m.container.querySelector('#site-nav')!.classList.contains('is-open')).toBe(true);
  });
});
