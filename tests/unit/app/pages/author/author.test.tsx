// @vitest-environment jsdom
// Author page (docs/pages.md, "Author page"): profile with the
// placeholder photo, page 1 prerendered, later pages from the mirror with the
// shifted-to-end window, the redirects, and 'No author data available.' after
// the chosen delay. Plus the sitemap entries of author routes.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import AuthorPage, { NO_AUTHOR_DELAY_MS, NO_AUTHOR_TEXT } from '../../../../../src/app/pages/author/index.tsx';
import { author as authorKind } from '../../../../../src/site/kinds/author.ts';
import { memorySnapshot } from '../../../../helpers/memory-snapshot.ts';
import { clientMount, item, mirrorFetch, ok, serverRender, site, type Mounted } from '../../../../helpers/app-harness.tsx';
import { WAIT } from '../../../../helpers/wait.ts';

const PATTERNS = ['/author/:auther_name', '/author/:auther_name/page/:page'];
const ADA = { author_id: 7, author_name: 'ada-writer', author_display_name: 'Ada Writer', author_description: 'Writes about compilers.', author_photo: null };
const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);
const postsPage = (page: number, totalPages: number, ids: number[]) => ok({ authorPosts: { postData: ids.map((id) => item(id)), pagination: { page, limit: 10, totalItems: totalPages * 10, totalPages } } });

const DATA = {
  [ep.ads()]: ok([]),
  [ep.subcatList()]: ok([{ subcat_id: 1, subcat_slug: 'ai', subcat_name: 'AI' }]),
  [ep.authorDetails('ada-writer')]: ok({ author: [ADA] }),
  ...Object.fromEntries(range(1, 12).map((n) => [ep.authorPosts('ada-writer', null, n), postsPage(n, 12, range(n * 100, n === 12 ? 3 : 10))])),
};
const deps = { [ep.ads()]: DATA[ep.ads()], [ep.subcatList()]: DATA[ep.subcatList()], [ep.authorDetails('ada-writer')]: DATA[ep.authorDetails('ada-writer')], [ep.authorPosts('ada-writer', null, 1)]: DATA[ep.authorPosts('ada-writer', null, 1)] };

const titles = (root: HTMLElement) => [...root.querySelectorAll('.post-card-title a, .post-row-title a')].map((a) => a.textContent);
const pagerNumbers = (root: HTMLElement) => [...root.querySelectorAll('.pagination-page')].map((b) => Number(b.textContent));
const location = (root: HTMLElement) => root.querySelector('[data-testid="location"]')?.textContent;
const click = (root: HTMLElement, label: string) => act(() => root.querySelector<HTMLElement>(`.pagination [aria-label="${label}"]`)!.click());

let mounted: Mounted | null = null;
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', vi.fn(mirrorFetch(DATA)));
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('author page', () => {
  it('prerenders name, description, placeholder photo and page 1; hydrates without mismatch', () => {
    const { html, head, state } = serverRender(AuthorPage, PATTERNS, '/author/ada-writer', deps);
    document.body.innerHTML = html;
    expect(document.querySelector('h1')!.textContent).toBe('Ada Writer');
    expect(document.querySelector('.author-description')!.textContent).toBe('Writes about compilers.');
    const photo = document.querySelector<HTMLImageElement>('.author-photo img')!;
    expect(photo.getAttribute('src')).toBe(site.site.placeholderImage);
    expect(photo.getAttribute('alt')).toBe('Ada Writer');
    expect(titles(document.body)).toContain('Post number 100');
    expect(pagerNumbers(document.body)).toEqual([1, 2, 3, 4, 5]);
    expect(head!.title).toBe('Ada Writer | DevDispatch');
    document.body.innerHTML = '';
    mounted = clientMount(AuthorPage, PATTERNS, '/author/ada-writer', { html, state });
    expect(mounted.recoverable).toEqual([]);
  });

  it('reads later pages from the mirror; the window ends at the last page', async () => {
    mounted = clientMount(AuthorPage, PATTERNS, '/author/ada-writer', { html: null, data: deps });
    const root = mounted.container;
    click(root, 'Page 2');
    await vi.waitFor(() => expect(titles(root)).toContain('Post number 200'), WAIT);
    expect(fetch).toHaveBeenCalledWith('/data/author/posts/ada-writer@limit=10,page=2.json', expect.anything());
    // Walk to page 11 of 12: the window is 8..12 (shifted to end at the last page).
    for (let n = 3; n <= 11; n++) {
      click(root, 'Next page');
      await vi.waitFor(() => expect(titles(root)).toContain(`Post number ${n * 100}`), WAIT);
    }
    expect(pagerNumbers(root)).toEqual([8, 9, 10, 11, 12]);
    click(root, 'Page 12');
    await vi.waitFor(() => expect(titles(root)).toContain('Post number 1200'), WAIT);
    expect(pagerNumbers(root)).toEqual([8, 9, 10, 11, 12]);
    expect(root.querySelector('.pagination [aria-label="Next page"]')!.getAttribute('aria-disabled')).toBe('true');
    expect(root.querySelector('.pagination [aria-label="Next page"]')!.hasAttribute('href')).toBe(false);
  });

  it('links each page of the window to its own route, and prerenders a later page at /author/{name}/page/{n} from that page only', () => {
    const first = serverRender(AuthorPage, PATTERNS, '/author/ada-writer', deps);
    document.body.innerHTML = first.html;
    const hrefs = [...document.querySelectorAll('.pagination a[href]')].map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Page 1', '/author/ada-writer'],
      ['Page 2', '/author/ada-writer/page/2'],
      ['Page 3', '/author/ada-writer/page/3'],
      ['Page 4', '/author/ada-writer/page/4'],
      ['Page 5', '/author/ada-writer/page/5'],
      ['Next page', '/author/ada-writer/page/2'],
    ]);
    // The route's deps (src/site/kinds/author.ts): page 3, not page 1.
    const page3 = { [ep.ads()]: DATA[ep.ads()], [ep.subcatList()]: DATA[ep.subcatList()], [ep.authorDetails('ada-writer')]: DATA[ep.authorDetails('ada-writer')], [ep.authorPosts('ada-writer', null, 3)]: DATA[ep.authorPosts('ada-writer', null, 3)] };
    const { html, head, state } = serverRender(AuthorPage, PATTERNS, '/author/ada-writer/page/3', page3);
    document.body.innerHTML = html;
    expect(titles(document.body)).toContain('Post number 300');
    expect(document.querySelector('.pagination [aria-current="page"]')!.textContent).toBe('3');
    expect(document.querySelector('.pagination [aria-label="Previous page"]')!.getAttribute('href')).toBe('/author/ada-writer/page/2');
    expect(head!.title).toBe('Ada Writer - Page 3 | DevDispatch');
    document.body.innerHTML = '';
    mounted = clientMount(AuthorPage, PATTERNS, '/author/ada-writer/page/3', { html, state });
    expect(mounted.recoverable).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('goes to /no-posts for an empty list, /author for an invalid shape, /404 for a sub-category 404', async () => {
    mounted = clientMount(AuthorPage, PATTERNS, '/author/ada-writer', { html: null, data: { ...deps, [ep.authorPosts('ada-writer', null, 1)]: postsPage(1, 0, []) } });
    await vi.waitFor(() => expect(location(mounted!.container)).toBe('/no-posts'), WAIT);
    mounted.unmount();
    mounted = clientMount(AuthorPage, PATTERNS, '/author/ada-writer', { html: null, data: { ...deps, [ep.authorPosts('ada-writer', null, 1)]: ok({ posts: [] }) } });
    await vi.waitFor(() => expect(location(mounted!.container)).toBe('/author'), WAIT);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Invalid author posts response'));
    mounted.unmount();
    mounted = clientMount(AuthorPage, PATTERNS, '/author/ada-writer', { html: null, data: { ...deps, [ep.subcatList()]: { status: 404, body: null } } });
    await vi.waitFor(() => expect(location(mounted!.container)).toBe('/404'), WAIT);
  });

  it(`shows '${NO_AUTHOR_TEXT}' only after ${NO_AUTHOR_DELAY_MS} ms without author data`, () => {
    vi.useFakeTimers();
    mounted = clientMount(AuthorPage, PATTERNS, '/author/ada-writer', { html: null, data: { ...deps, [ep.authorDetails('ada-writer')]: ok({ author: [] }) } });
    expect(mounted.container.textContent).not.toContain(NO_AUTHOR_TEXT);
    expect(mounted.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(NO_AUTHOR_DELAY_MS - 1));
    expect(mounted.container.textContent).not.toContain(NO_AUTHOR_TEXT);
    act(() => vi.advanceTimersByTime(1));
    expect(mounted.container.textContent).toContain(NO_AUTHOR_TEXT);
    expect(titles(mounted.container)).toContain('Post number 100');
  });
});

describe('author routes in the sitemap', () => {
  it('gives every author with posts a sitemap entry, and none to an author without posts', () => {
    const post = { ...item(1), post_content: '<p>x</p>', post_author_id: 7, banner_show: 1, podcast_link: null, subcat_name: null, subcat_slug: null, meta_title: null, meta_description: null, meta_keywords: null, reading_time: null };
    const snap = memorySnapshot({
      [ep.subcatList()]: { body: [] },
      [ep.topic('news', null, 1)]: { body: { success: true, posts: { postData: [item(1), item(2, { post_name: 'post-2' })], pagination: { page: 1, limit: 10, totalItems: 2, totalPages: 1 } } } },
      [ep.postDetails('news', 'post-1')]: { body: { success: true, message: '', result: [post] } },
      [ep.postDetails('news', 'post-2')]: { body: { success: true, message: '', result: [{ ...post, id: 2, post_name: 'post-2', author_name: 'no-posts-author' }] } },
      [ep.authorDetails('ada-writer')]: { body: { author: [ADA] } },
      [ep.authorDetails('no-posts-author')]: { body: { author: [{ ...ADA, author_id: 8, author_name: 'no-posts-author' }] } },
      [ep.authorPosts('ada-writer', null, 1)]: { body: { authorPosts: { postData: [item(1)], pagination: { page: 1, limit: 10, totalItems: 1, totalPages: 1 } } } },
      [ep.authorPosts('no-posts-author', null, 1)]: { body: { authorPosts: { postData: [], pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 } } } },
    });
    const routes = authorKind.routes(snap, { today: '2026-01-15', now: '2026-01-15T12:00:00.000Z', warn: () => undefined } as never);
    expect(routes.map((r) => r.path)).toEqual(['/author/ada-writer']);
    expect(routes[0].sitemap).not.toBeNull();
    expect(routes[0].deps).toEqual(expect.arrayContaining([ep.authorDetails('ada-writer'), ep.authorPosts('ada-writer', null, 1), ep.subcatList()]));
  });
});
