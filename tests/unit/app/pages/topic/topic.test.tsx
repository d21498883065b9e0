// @vitest-environment jsdom
// Topic listing (docs/pages.md, "Topic listing"): page 1 in the
// server HTML and the first client render, the stored 'currentPage' restored
// only after hydration (then read from the mirror), category changes reset to
// page 1, and the redirects for empty lists, bad shapes and a sub-category 404.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import TopicPage from '../../../../../src/app/pages/topic/index.tsx';
import { resetRestoreFlag } from '../../../../../src/app/pages/topic/useStoredPage.ts';
import { clientMount, item, mirrorFetch, ok, serverRender, type Mounted } from '../../../../helpers/app-harness.tsx';
import { WAIT } from '../../../../helpers/wait.ts';

const PATTERNS = ['/topic/:cat_slug', '/topic/:cat_slug/:subcat', '/topic/:cat_slug/page/:page', '/topic/:cat_slug/:subcat/page/:page'];
const SUBCATS = ['ai', 'cloud', 'devops', 'security', 'data', 'mobile', 'web', 'martech'].map((s, i) => ({ subcat_id: i + 1, subcat_slug: s, subcat_name: s.toUpperCase() }));

function topicPage(cat: string, sub: string | null, page: number, totalPages: number, ids: number[]) {
  return ok({ success: true, posts: { postData: ids.map((id) => item(id, { cat_slug: cat })), pagination: { page, limit: 10, totalItems: totalPages * 10, totalPages } } });
}
const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);

const DATA = {
  [ep.ads()]: ok([]),
  [ep.subcatList()]: ok(SUBCATS),
  [ep.topic('news', null, 1)]: topicPage('news', null, 1, 3, range(100, 10)),
  [ep.topic('news', null, 2)]: topicPage('news', null, 2, 3, range(200, 10)),
  [ep.topic('news', null, 3)]: topicPage('news', null, 3, 3, range(300, 4)),
  [ep.topic('news', 'ai', 1)]: topicPage('news', 'ai', 1, 2, range(400, 10)),
};

/** What the prerender seeds for a route: its deps only (src/site/kinds/topic.ts). */
const deps = (cat: string, sub: string | null) => ({ [ep.ads()]: DATA[ep.ads()], [ep.subcatList()]: DATA[ep.subcatList()], [ep.topic(cat, sub, 1)]: DATA[ep.topic(cat, sub, 1)] });

const titles = (root: HTMLElement) => [...root.querySelectorAll('.post-card-title a, .post-row-title a')].map((a) => a.textContent);
const current = (root: HTMLElement) => root.querySelector('.pagination [aria-current="page"]')?.textContent;
const location = (root: HTMLElement) => root.querySelector('[data-testid="location"]')?.textContent;

let mounted: Mounted | null = null;
let errors: ReturnType<typeof vi.spyOn>;
let logs: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetRestoreFlag();
  localStorage.clear();
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', vi.fn(mirrorFetch(DATA)));
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('topic page: server render', () => {
  it('renders page 1: heading, filter strip with 6 tabs and More, 3 large cards, the list, the pager, head and breadcrumbs', () => {
    const { html, head } = serverRender(TopicPage, PATTERNS, '/topic/news/ai', deps('news', 'ai'));
    document.body.innerHTML = html;
    const root = document.body;
    expect(root.querySelector('h1')!.textContent).toBe('News AI');
    expect(root.querySelector('.filter-label')!.textContent).toBe('Filter :');
    const tabs = [...root.querySelectorAll('.filter-tabs > li > a')];
    expect(tabs.map((a) => a.getAttribute('href'))).toEqual(['/topic/news/ai', '/topic/news/cloud', '/topic/news/devops', '/topic/news/security', '/topic/news/data', '/topic/news/mobile']);
    expect(tabs[0].getAttribute('aria-current')).toBe('page');
    const more = root.querySelector('.filter-more-button')!;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect([...root.querySelectorAll('.filter-menu a')].map((a) => a.textContent)).toEqual(['WEB', 'MARTECH']);
    expect(root.querySelectorAll('.listing-cards .post-card')).toHaveLength(3);
    expect(root.querySelectorAll('.listing-list .post-row')).toHaveLength(7);
    expect(root.querySelector('.listing-list .post-row img')!.getAttribute('src')).toBe('/uploads/2026/01/p403.jpg?width=500');
    expect(current(root)).toBe('1');
    expect(root.querySelector('.pagination [aria-label="Previous page"]')!.getAttribute('aria-disabled')).toBe('true');
    // The pager's controls are links to the later pages' own routes (docs/decisions/0105-listing-page-routes.md).
    expect(root.querySelector('.pagination [aria-label="Page 2"]')!.getAttribute('href')).toBe('/topic/news/ai/page/2');
    expect(root.querySelector('.pagination [aria-label="Next page"]')!.getAttribute('href')).toBe('/topic/news/ai/page/2');
    // The news section carries the news title (src/app/lib/site-title.ts), its feeds too.
    expect(head!.title).toBe('News - AI | DevDispatch News');
    expect(head!.siteName).toBe('DevDispatch News');
    expect(JSON.stringify(head!.jsonLd)).toContain('BreadcrumbList');
  });
});

describe('topic page: site title per section (src/app/lib/site-title.ts)', () => {
  const page = (cat: string, sub: string | null) => ({ [ep.ads()]: ok([]), [ep.subcatList()]: ok([{ subcat_id: 1, subcat_slug: 'cyber-security', subcat_name: 'Cyber Security' }]), [ep.topic(cat, sub, 1)]: topicPage(cat, sub, 1, 1, range(10, 4)) });
  it('the news topic carries the news title in its title, og:site_name and feed links', () => {
    const { head } = serverRender(TopicPage, PATTERNS, '/topic/news', page('news', null));
    expect(head!.title).toBe('News | DevDispatch News');
    expect(head!.siteName).toBe('DevDispatch News');
    expect(head!.alternates![0].title).toBe('DevDispatch News: News (RSS)');
  });
  it('the cyber-security sub-category carries the security title under any category', () => {
    for (const cat of ['news', 'featured']) {
      const { head } = serverRender(TopicPage, PATTERNS, `/topic/${cat}/cyber-security`, page(cat, 'cyber-security'));
      expect(head!.title).toMatch(/ - Cyber Security \| DevDispatch IT Security News$/);
      expect(head!.siteName).toBe('DevDispatch IT Security News');
    }
  });
  it('other topics carry the site name', () => {
    const { head } = serverRender(TopicPage, PATTERNS, '/topic/podcasts', page('podcasts', null));
    // (The fixture's posts carry cat_name 'News'; the heading follows the API's name.)
    expect(head!.title).toBe('News | DevDispatch');
    expect(head!.siteName).toBe('DevDispatch');
    expect(head!.alternates![0].title).toBe('DevDispatch: News (RSS)');
  });
});

describe('topic page: currentPage in localStorage', () => {
  it('hydrates page 1 without mismatch, then restores the stored page from the mirror', async () => {
    const { html, state } = serverRender(TopicPage, PATTERNS, '/topic/news', deps('news', null));
    expect(html).toContain('Post number 100');
    expect(html).not.toContain('Post number 200');
    localStorage.setItem('currentPage', '2');
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news', { html, state });
    expect(mounted.recoverable).toEqual([]);
    await vi.waitFor(() => expect(titles(mounted!.container)).toContain('Post number 200'), WAIT);
    expect(titles(mounted.container)).not.toContain('Post number 100');
    expect(current(mounted.container)).toBe('2');
    const hydrationWarnings = errors.mock.calls.map((c: unknown[]) => String(c[0])).filter((m: string) => /hydrat|did not match|server rendered/i.test(m));
    expect(hydrationWarnings).toEqual([]);
    expect(fetch).toHaveBeenCalledWith('/data/post/topic/news@limit=10,page=2.json', expect.anything());
  });

  it('stores the page on change, and a change of sub-category resets to page 1', async () => {
    const { html, state } = serverRender(TopicPage, PATTERNS, '/topic/news', deps('news', null));
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news', { html, state });
    const root = mounted.container;
    // A plain click on the link is taken over (its default, the document load, prevented by the
    // page); one with Ctrl is left to the browser. Seen from the document, after the app's handler,
    // which then stops jsdom's own navigation.
    const taken: boolean[] = [];
    const watch = (e: Event) => (taken.push(e.defaultPrevented), e.preventDefault());
    document.addEventListener('click', watch);
    const link = root.querySelector<HTMLElement>('.pagination [aria-label="Page 3"]')!;
    act(() => void link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true })));
    act(() => void link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
    document.removeEventListener('click', watch);
    expect(taken).toEqual([false, true]);
    await vi.waitFor(() => expect(titles(root)).toContain('Post number 300'), WAIT);
    expect(localStorage.getItem('currentPage')).toBe('3');
    expect(root.querySelector('.pagination [aria-label="Next page"]')!.getAttribute('aria-disabled')).toBe('true');
    act(() => root.querySelector<HTMLAnchorElement>('a[href="/topic/news/ai"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
    await vi.waitFor(() => expect(titles(root)).toContain('Post number 400'), WAIT);
    expect(current(root)).toBe('1');
    expect(localStorage.getItem('currentPage')).toBe('1');
  });

  it('shows the last page for a stored page beyond the end', async () => {
    localStorage.setItem('currentPage', '9');
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news', { html: null, data: DATA });
    await vi.waitFor(() => expect(titles(mounted!.container)).toContain('Post number 300'), WAIT);
    expect(current(mounted.container)).toBe('3');
  });
});

describe('topic page: redirects', () => {
  it('goes to /no-posts when the server returns an empty post list', async () => {
    const data = { ...DATA, [ep.topic('news', null, 1)]: topicPage('news', null, 1, 0, []) };
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news', { html: null, data });
    await vi.waitFor(() => expect(location(mounted!.container)).toBe('/no-posts'), WAIT);
  });

  it('logs an error and goes to /404 when the shape is invalid', async () => {
    const data = { ...DATA, [ep.topic('news', null, 1)]: ok({ success: true, posts: { postData: [], pagination: { totalPages: 1 } } }) };
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news', { html: null, data });
    await vi.waitFor(() => expect(location(mounted!.container)).toBe('/404'), WAIT);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Invalid topic response'));
  });

  it('goes to /404 when the sub-category list answers 404, and only logs other failures', async () => {
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news', { html: null, data: { ...DATA, [ep.subcatList()]: { status: 404, body: null } } });
    await vi.waitFor(() => expect(location(mounted!.container)).toBe('/404'), WAIT);
    mounted.unmount();
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news', { html: null, data: { ...DATA, [ep.subcatList()]: { status: 500, body: null } } });
    await vi.waitFor(() => expect(logs).toHaveBeenCalledWith(expect.stringContaining('Error fetching sub-categories: status 500'), expect.anything()), WAIT);
    expect(location(mounted.container)).toBeUndefined();
    expect(titles(mounted.container)).toContain('Post number 100');
  });
});

describe('topic page: a later page at its own route (docs/decisions/0105-listing-page-routes.md)', () => {
  const page2 = { [ep.ads()]: DATA[ep.ads()], [ep.subcatList()]: DATA[ep.subcatList()], [ep.topic('news', null, 2)]: DATA[ep.topic('news', null, 2)] };

  it('prerenders /topic/news/page/2 from page 2 alone, with links back to page 1 and on to page 3', () => {
    const { html, head } = serverRender(TopicPage, PATTERNS, '/topic/news/page/2', page2);
    document.body.innerHTML = html;
    const root = document.body;
    expect(titles(root)).toContain('Post number 200');
    expect(titles(root)).not.toContain('Post number 100');
    expect(current(root)).toBe('2');
    expect(root.querySelector('.pagination [aria-label="Previous page"]')!.getAttribute('href')).toBe('/topic/news');
    expect(root.querySelector('.pagination [aria-label="Page 1"]')!.getAttribute('href')).toBe('/topic/news');
    expect(root.querySelector('.pagination [aria-label="Next page"]')!.getAttribute('href')).toBe('/topic/news/page/3');
    expect(head!.title).toBe('News - Page 2 | DevDispatch News');
    expect(head!.canonicalPath).toBeUndefined(); // the route's own path
  });

  it('hydrates page 2 without a mismatch or a read, stores it as the current page and restores nothing over it', async () => {
    const { html, state } = serverRender(TopicPage, PATTERNS, '/topic/news/page/2', page2);
    localStorage.setItem('currentPage', '3');
    mounted = clientMount(TopicPage, PATTERNS, '/topic/news/page/2', { html, state });
    expect(mounted.recoverable).toEqual([]);
    await vi.waitFor(() => expect(localStorage.getItem('currentPage')).toBe('2'), WAIT);
    expect(current(mounted.container)).toBe('2');
    expect(fetch).not.toHaveBeenCalled();
    act(() => mounted!.container.querySelector<HTMLElement>('.pagination [aria-label="Page 1"]')!.click());
    await vi.waitFor(() => expect(titles(mounted!.container)).toContain('Post number 100'), WAIT);
    expect(fetch).toHaveBeenCalledWith('/data/post/topic/news@limit=10,page=1.json', expect.anything());
    expect(localStorage.getItem('currentPage')).toBe('1');
  });
});
