// @vitest-environment jsdom
// The 404 page's redirect check end to end in jsdom with real fetches to the
// sample API: a redirected URL is followed (site-relative: with the router),
// also when /404 replaced it (an unknown article), a hostile target is
// refused, an unknown URL stays on the 404 page.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { requestedUrl, resetRedirectChecks } from '../../../../src/app/lib/redirect-check.ts';
import NotFoundPage from '../../../../src/app/pages/not-found/index.tsx';
import { startSampleApi, type SampleApi } from '../../../../src/sample-api/index.ts';
import { createQueryClient } from '../../../../src/app/data/api.ts';
import { mount, waitFor, type Mounted } from '../pages/article/dom.tsx';
import { Providers, testConfig } from '../pages/article/helpers.tsx';

let api: SampleApi;
let mounted: Mounted | null = null;

beforeAll(async () => {
  api = await startSampleApi({ port: 0, corpus: 'hostile' });
});
afterAll(() => api.close());
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  resetRedirectChecks();
  vi.restoreAllMocks();
});

function Where() {
  const loc = useLocation();
  return <p id="where">{loc.pathname}</p>;
}

async function open404(path: string, state: unknown = null) {
  window.history.replaceState(null, '', path);
  const config = testConfig((c) => ({ ...c, api: { ...c.api, publicBase: api.url } }));
  mounted = await mount(
    <Providers client={createQueryClient()} config={config}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path="/tag/:subcat" element={<Where />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return mounted;
}

async function open404Under(base: string, sitePath: string) {
  window.history.replaceState(null, '', `${base}${sitePath}`);
  const config = testConfig((c) => ({ ...c, site: { ...c.site, basePath: base }, api: { ...c.api, publicBase: api.url } }));
  mounted = await mount(
    <Providers client={createQueryClient()} config={config}>
      <MemoryRouter basename={`${base}/`} initialEntries={[`${base}${sitePath}`]}>
        <Routes>
          <Route path="/tag/:subcat" element={<Where />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return mounted;
}

describe('the URL the 404 page checks', () => {
  it('is the page URL, or at /404 the unknown article URL /404 replaced, or none', () => {
    expect(requestedUrl({ pathname: '/no/such/page', search: '?a=1', state: null })).toBe('/no/such/page?a=1');
    expect(requestedUrl({ pathname: '/404', search: '', state: { requested: '/news/gone?x=1' } })).toBe('/news/gone?x=1');
    expect(requestedUrl({ pathname: '/404', search: '', state: null })).toBeNull();
    // history state is not trusted to name another origin
    expect(requestedUrl({ pathname: '/404', search: '', state: { requested: '//evil.example/x' } })).toBeNull();
    expect(requestedUrl({ pathname: '/404', search: '', state: { requested: 42 } })).toBeNull();
  });
});

describe('404 page redirect check', () => {
  it('at /404, checks and follows the redirect of the unknown article URL it replaced', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const m = await open404('/404', { requested: '/category/security' });
    await waitFor(() => m.container.querySelector('#where') !== null);
    expect(m.container.querySelector('#where')!.textContent).toBe('/tag/cyber-security');
    expect(JSON.parse(String((fetchSpy.mock.calls[0][1] as RequestInit).body))).toEqual({ current_url: '/category/security' });
  });

  it('at a bare /404, asks nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const m = await open404('/404');
    // long enough for a check to have gone out (the sample API is on loopback)
    await new Promise((r) => setTimeout(r, 100));
    expect(m.container.querySelector('h1')!.textContent).toBe('Error 404 - Not Found');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('under a base path, asks about the site path and follows the redirect inside the site', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const m = await open404Under('/project', '/category/security');
    await waitFor(() => m.container.querySelector('#where') !== null);
    // The API knows /category/security, not /project/category/security.
    expect(JSON.parse(String((fetchSpy.mock.calls[0][1] as RequestInit).body))).toEqual({ current_url: '/category/security' });
    expect(m.container.querySelector('#where')!.textContent).toBe('/tag/cyber-security');
  });

  it('follows a site-relative redirect_url from check_redirect', async () => {
    const m = await open404('/category/security');
    await waitFor(() => m.container.querySelector('#where') !== null);
    expect(m.container.querySelector('#where')!.textContent).toBe('/tag/cyber-security');
  });

  it('refuses a target that leaves the site and stays on the 404 page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const m = await open404('/hostile/protocol-relative');
    await waitFor(() => warn.mock.calls.length > 0);
    expect(String(warn.mock.calls[0][0])).toContain('Redirect refused');
    expect(m.container.querySelector('h1')!.textContent).toBe('Error 404 - Not Found');
    expect(window.location.pathname).toBe('/hostile/protocol-relative');
  });

  it('stays on the 404 page when the URL has no redirect', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const m = await open404('/no/such/page');
    await waitFor(() => fetchSpy.mock.calls.length > 0);
    await waitFor(() => true);
    expect(m.container.querySelector('h1')!.textContent).toBe('Error 404 - Not Found');
    expect(String(fetchSpy.mock.calls[0][0])).toBe(`${api.url}/api/url_redirect/check_redirect`);
    expect(JSON.parse(String((fetchSpy.mock.calls[0][1] as RequestInit).body))).toEqual({ current_url: '/no/such/page' });
  });
});
