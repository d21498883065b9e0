// @vitest-environment jsdom
// The article page in the browser: the TOC's toggle and smooth scroll, the
// scroll-to-top button after 400px, 501 -> /404, 'Error: {message}', the
// loading states of a client navigation, and one view count per page view even
// under StrictMode.
import { act, StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../../src/api/endpoints.ts';
import { mirrorUrl } from '../../../../../src/api/mirror.ts';
import { createQueryClient } from '../../../../../src/app/data/api.ts';
import { resetMirrorReads } from '../../../../../src/app/data/mirror-read.ts';
import ArticlePage from '../../../../../src/app/pages/article/index.tsx';
import { mount, waitFor, type Mounted } from './dom.tsx';
import { articleDeps, makePost, Providers, seeded, testConfig } from './helpers.tsx';

const post = makePost();
const PATH = `/${post.cat_slug}/${post.post_name}`;

/** The /404 route of the test app: says which URL the reader asked for (its history state). */
function NotFoundProbe() {
  const { state } = useLocation();
  return (
    <p id="not-found" data-requested={(state as { requested?: string } | null)?.requested}>
      Error 404 - Not Found
    </p>
  );
}

function page(client = seeded(articleDeps(post)), strict = false) {
  const tree = (
    <Providers client={client} config={testConfig((c) => ({ ...c, api: { ...c.api, publicBase: 'http://api.test' } }))}>
      <MemoryRouter initialEntries={[PATH]}>
        <Routes>
          <Route path="/404" element={<NotFoundProbe />} />
          <Route path="/:cat_slug/:post_name" element={<ArticlePage />} />
        </Routes>
      </MemoryRouter>
    </Providers>
  );
  return strict ? <StrictMode>{tree}</StrictMode> : tree;
}

let fetchMock: ReturnType<typeof vi.fn>;
let mounted: Mounted | null = null;

beforeEach(() => {
  resetMirrorReads();
  fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const countCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/post/post_count/')).length;

describe('article page (client)', () => {
  it("lists 'More from' and 'Related Content' in the browser, without the current post (docs/decisions/0054-article-side-lists-after-hydration.md)", async () => {
    // The two lists are islands that read the data mirror once hydrated (src/app/islands/article-parts.tsx).
    const mirror = new Map(articleDeps(post).map(([p, env]) => [mirrorUrl(p), env]));
    fetchMock.mockImplementation(async (url: string) => {
      const env = mirror.get(String(url));
      return env ? Response.json(env) : new Response('{}', { status: 200 });
    });
    mounted = await mount(page());
    await waitFor(() => (mounted!.container.textContent ?? '').includes('Aside one') && (mounted!.container.textContent ?? '').includes('Latest two'));
    const text = mounted.container.textContent ?? '';
    expect(text).toContain('More from DevDispatch');
    expect(text).toContain('Latest one');
    expect(text).toContain('Latest two');
    expect(text).toContain('Related Content');
    expect(text).toContain('Aside one');
    // the current post (id 42) is in both lists and shown in neither
    expect([...mounted.container.querySelectorAll('a')].filter((a) => a.textContent === post.post_title)).toEqual([]);
  });

  it("logs a failed 'More from' or 'Related Content' read and shows nothing for it (docs/pages.md)", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // The post and its author are seeded; the two lists are read from the mirror, which fails.
    const deps = articleDeps(post).filter(([p]) => p !== ep.latest() && p !== ep.asideTopic(post.cat_slug));
    fetchMock.mockImplementation(async () => new Response('down', { status: 503 }));
    mounted = await mount(page(seeded(deps)));
    // The ad slots' reads fail too (tests/unit/app/components/ads): their lines are not these.
    const lines = () => log.mock.calls.map((c) => String(c[0])).filter((t) => t.includes('failed to load') && !t.startsWith('Ads failed'));
    await waitFor(() => lines().length === 2);
    expect(lines().sort()).toEqual([
      `More from failed to load (${ep.latest()}): HTTP error! Status: 503`,
      `Related Content failed to load (${ep.asideTopic(post.cat_slug)}): HTTP error! Status: 503`,
    ]);
    const text = mounted.container.textContent ?? '';
    expect(text).not.toContain('More from DevDispatch');
    expect(text).not.toContain('Related Content');
    expect(mounted.container.querySelector('.article-title')?.textContent).toBe(post.post_title);
    log.mockRestore();
  });

  it('toggles the TOC open and closed', async () => {
    mounted = await mount(page());
    const button = mounted.container.querySelector<HTMLButtonElement>('.toc-toggle')!;
    const list = mounted.container.querySelector<HTMLElement>('#article-toc-entries')!;
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
  });

  it('scrolls smoothly to a heading 130px below the top and highlights the entry', async () => {
    mounted = await mount(page());
    const heading = mounted.container.querySelector('#toc-the-cost')!;
    heading.getBoundingClientRect = () => ({ top: 1000 }) as DOMRect;
    const link = mounted.container.querySelector<HTMLAnchorElement>('a[href="#toc-the-cost"]')!;
    await act(async () => link.click());
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 870, behavior: 'smooth' });
    expect(link.closest('li')!.classList.contains('toc-active')).toBe(true);
    expect(link.getAttribute('aria-current')).toBe('location');
  });

  it('shows the scroll-to-top button only after scrolling past 400px', async () => {
    mounted = await mount(page());
    expect(mounted.container.querySelector('.scroll-top')).toBeNull();
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: 401, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    const btn = mounted.container.querySelector<HTMLButtonElement>('button.scroll-top');
    expect(btn?.getAttribute('aria-label')).toBe('Scroll to top');
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(mounted.container.querySelector('.scroll-top')).toBeNull();
  });

  it('redirects an unknown article (status 501) to /404, carrying the requested URL for the redirect check', async () => {
    mounted = await mount(page(seeded(articleDeps(post, { detailsStatus: 501 }))));
    await waitFor(() => mounted!.container.querySelector('#not-found') !== null);
    expect(mounted.container.querySelector('.article-title')).toBeNull();
    expect(mounted.container.querySelector('#not-found')!.getAttribute('data-requested')).toBe(PATH);
  });

  it('treats a post the static mirror does not hold (404) as unknown, like a 501', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 404 }));
    mounted = await mount(page(createQueryClient()));
    await waitFor(() => mounted!.container.querySelector('#not-found') !== null);
    expect(mounted.container.querySelector('#not-found')!.getAttribute('data-requested')).toBe(PATH);
  });

  it("shows 'Error: {message}' when the post fetch fails", async () => {
    fetchMock.mockImplementation(async () => new Response('oops', { status: 500 }));
    mounted = await mount(page(createQueryClient()));
    await waitFor(() => mounted!.container.querySelector('.article-error') !== null);
    expect(mounted.container.querySelector('.article-error')!.textContent).toBe('Error: HTTP error! Status: 500');
  });

  it('shows skeletons and the loading texts only while data really loads on the client', async () => {
    const deps = articleDeps(post, { author: false });
    fetchMock.mockImplementation(() => new Promise<Response>(() => {})); // never answers
    mounted = await mount(page(createQueryClient()));
    expect(mounted.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(mounted.container.querySelector('.article-title')).toBeNull();
    mounted.unmount();
    mounted = await mount(page(seeded(deps)));
    expect(mounted.container.querySelector('.article-title')!.textContent).toBe(post.post_title);
    expect(mounted.container.querySelector('.author-box-name')!.textContent).toBe('Loading author...');
    expect(mounted.container.querySelector('.author-box-date')!.textContent).toBe('Loading date...');
  });

  it('counts the view once, after mount, with {postId} to post_count (StrictMode too)', async () => {
    mounted = await mount(page(seeded(articleDeps(post)), true));
    await waitFor(() => countCalls() > 0);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(countCalls()).toBe(1);
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('post_count'))!;
    expect(url).toBe(`http://api.test${ep.postCount(42)}`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ postId: 42 });
  });
});
