// @vitest-environment jsdom
// Client start-up against real server output: hydrateRoot over prerendered
// HTML without mismatch or refetch, createRoot into an empty root, and the
// 404 document hydrating at an unknown URL that matches another pattern (an
// unknown article's URL then goes to /404, as a client navigation does).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startClient } from '../../../src/client/start.tsx';
import { readPageData } from '../../../src/page-data/page-data.ts';
import { resetRedirectChecks } from '../../../src/app/lib/redirect-check.ts';
import { createRenderer, type Renderer } from '../../../src/render/index.ts';
import { bundle, config, publicConfig, route, snapshot } from '../render/fixtures/setup.ts';
import { WAIT } from '../../helpers/wait.ts';

vi.mock('../../../src/app/pages/registry.ts', async () => {
  const { TEST_PAGES } = await import('../render/fixtures/pages.tsx');
  return {
    preloadPage: async () => undefined,
    preloadAllPages: async () => undefined,
    usePageComponent: (kind: string) => TEST_PAGES[kind],
  };
});
vi.mock('../../../src/app/shell/Layout.tsx', async () => ({ Layout: (await import('../render/fixtures/pages.tsx')).TestLayout }));

/** Put a rendered page's root and data into the test document at `url`. */
function load(html: string, url: string, { emptyRoot = false } = {}) {
  const server = new DOMParser().parseFromString(html, 'text/html');
  const root = server.getElementById('root')!;
  if (emptyRoot) root.innerHTML = '';
  document.body.innerHTML = root.outerHTML + server.getElementById('__PRESSROOM_DATA__')!.outerHTML;
  window.history.replaceState(null, '', url);
  delete document.documentElement.dataset.hydrated;
}

describe('startClient', () => {
  let renderer: Renderer;
  let errors: ReturnType<typeof vi.spyOn>;
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeAll(async () => {
    renderer = await createRenderer({ config, publicConfig, bundle, snapshot, kinds: [] });
  });
  let historyLength = 0;
  beforeEach(() => {
    resetRedirectChecks();
    historyLength = window.history.length;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchSpy = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const hydrated = () => vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'), WAIT);

  it('hydrates prerendered HTML with the embedded state: no mismatch, no request', async () => {
    const page = renderer.renderRoute(route('about', '/about', ['/api/test/item']));
    load(page.html, '/about');
    const before = document.getElementById('root')!.innerHTML;
    expect(readPageData(document)!.kind).toBe('about');
    await startClient(document);
    await hydrated();
    expect(errors).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.getElementById('root')!.innerHTML).toBe(before);
    expect(document.querySelector('#root h1')!.textContent).toMatch(/^Hostile <\/script>/);
  });

  it('renders fresh with createRoot when the root is empty', async () => {
    const page = renderer.renderRoute(route('about', '/about', ['/api/test/item']));
    load(page.html, '/about', { emptyRoot: true });
    await startClient(document);
    await hydrated();
    await vi.waitFor(() => expect(document.querySelector('#root h1')).not.toBeNull(), WAIT);
    expect(errors).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('hydrates the 404 document at an unknown article URL, then goes to /404 as a client navigation does', async () => {
    const page = renderer.renderRoute(route('not-found', '/404', [], '404.html'));
    load(page.html, '/news/no-such-post?ref=feed');
    await startClient(document);
    await hydrated();
    expect(errors).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/404'), WAIT);
    // The 404 page asks for a redirect once it shows: wait for its request, not for the scheduler.
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled(), WAIT);
    // replaced, not pushed (Back does not return to the unknown URL), and the
    // requested URL is kept for the 404 page's redirect check
    expect(window.history.length).toBe(historyLength);
    expect(window.history.state?.usr).toEqual({ requested: '/news/no-such-post?ref=feed' });
    expect(document.querySelector('#root h1')!.textContent).toBe('Error 404 - Not Found');
    expect(fetchSpy.mock.calls.map(([url, init]) => [String(url).replace(/^.*\/api\//, '/api/'), JSON.parse(String((init as RequestInit).body))])).toEqual([
      ['/api/url_redirect/check_redirect', { current_url: '/news/no-such-post?ref=feed' }],
    ]);
  });

  it.each(['/events/no-such-event', '/no/such/page'])('keeps the 404 document at %s, which is not an article URL', async (url) => {
    const page = renderer.renderRoute(route('not-found', '/404', [], '404.html'));
    load(page.html, url);
    await startClient(document);
    await hydrated();
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled(), WAIT);
    expect(window.location.pathname).toBe(url);
    expect(errors).not.toHaveBeenCalled();
    expect(document.querySelector('#root h1')!.textContent).toBe('Error 404 - Not Found');
  });

  it('reports a hydration mismatch through console.error', async () => {
    const page = renderer.renderRoute(route('about', '/about', ['/api/test/item']));
    load(page.html, '/about');
    document.querySelector('#root h1')!.textContent = 'tampered';
    await startClient(document);
    await hydrated();
    await vi.waitFor(() => expect(errors).toHaveBeenCalled(), WAIT);
  });
});
