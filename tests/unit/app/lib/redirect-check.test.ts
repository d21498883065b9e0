// The redirect check (docs/pages.md, "Not-found page"): the safe-target rule as
// a table, and the POST check_redirect call against the sample API, whose
// corpus holds redirects (normal and hostile ones).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRedirect, safeRedirectTarget } from '../../../../src/app/lib/redirect-check.ts';
import { startSampleApi, type SampleApi } from '../../../../src/sample-api/index.ts';

const ctx = { origin: 'http://127.0.0.1:4173', siteUrl: 'https://devdispatch.example', allowHosts: ['enterprisewire.example', 'cmobrief.example'] };

describe('safeRedirectTarget', () => {
  it.each([
    ['/tag/cyber-security', { kind: 'internal', path: '/tag/cyber-security' }],
    ['/topic/news/ai?page=2#top', { kind: 'internal', path: '/topic/news/ai?page=2#top' }],
    ['/a/../b', { kind: 'internal', path: '/b' }],
    ['https://devdispatch.example/about', { kind: 'internal', path: '/about' }],
    ['http://127.0.0.1:4173/events', { kind: 'internal', path: '/events' }],
    ['https://enterprisewire.example/story/1', { kind: 'external', url: 'https://enterprisewire.example/story/1' }],
    ['https://CMOBrief.example/', { kind: 'external', url: 'https://cmobrief.example/' }],
  ])('follows %j', (raw, want) => {
    expect(safeRedirectTarget(raw, ctx)).toEqual(want);
  });

  it.each([
    ['javascript:alert(16)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['/\tevil'],
    ['/ok\r\nSet-Cookie: pwned=1\n/evil 301'],
    [' /leading-space'],
    ['https://evil.example/'],
    ['https://enterprisewire.example.evil.example/'],
    ['https://evilenterprisewire.example/'],
    ['https://enterprisewire.example:8443/'],
    ['https://user:pw@enterprisewire.example/'],
    ['ftp://enterprisewire.example/'],
    ['relative/path'],
    [''],
    [null],
    [42],
  ])('refuses %j', (raw) => {
    expect(safeRedirectTarget(raw, ctx)).toBeNull();
  });
});

describe('safeRedirectTarget under a base path', () => {
  const sub = { origin: 'https://user.github.io', siteUrl: 'https://user.github.io/project', allowHosts: [], basePath: '/project' };

  it('turns an own-origin URL under the base path into the site path the router expects', () => {
    expect(safeRedirectTarget('https://user.github.io/project/about?x=1', sub)).toEqual({ kind: 'internal', path: '/about?x=1' });
    expect(safeRedirectTarget('https://user.github.io/project', sub)).toEqual({ kind: 'internal', path: '/' });
  });

  it('leaves a site-relative target a site path (the router adds the prefix)', () => {
    expect(safeRedirectTarget('/tag/cyber-security', sub)).toEqual({ kind: 'internal', path: '/tag/cyber-security' });
  });

  it('loads an own-origin URL outside the base path in full: another site on the same host', () => {
    expect(safeRedirectTarget('https://user.github.io/other/x', sub)).toEqual({ kind: 'external', url: 'https://user.github.io/other/x' });
  });
});

describe('checkRedirect against the sample API', () => {
  let api: SampleApi;
  beforeAll(async () => {
    api = await startSampleApi({ port: 0, corpus: 'hostile' });
  });
  afterAll(() => api.close());

  it('returns the redirect_url of a matching record', async () => {
    const rec = api.corpus.redirects.find((r) => r.current_url === '/category/security')!;
    expect(await checkRedirect(api.url, '/category/security')).toBe(rec.redirect_url);
    expect(safeRedirectTarget(rec.redirect_url, ctx)).toEqual({ kind: 'internal', path: '/tag/cyber-security' });
  });

  it('returns null when no record matches', async () => {
    expect(await checkRedirect(api.url, '/no/such/url')).toBeNull();
  });

  it("hands back the hostile records' targets, which the rule refuses", async () => {
    for (const from of ['/hostile/newline', '/hostile/protocol-relative', '/hostile/javascript', '/hostile/absolute']) {
      const raw = await checkRedirect(api.url, from);
      expect(raw, from).not.toBeNull();
      expect(safeRedirectTarget(raw, ctx), from).toBeNull();
    }
  });

  it("throws 'HTTP error! Status: {status}' on a failed call", async () => {
    api.setFaults('error=1,status=503,path=/api/url_redirect/*');
    try {
      await expect(checkRedirect(api.url, '/category/security')).rejects.toThrow(/^HTTP error! Status: 503$/);
    } finally {
      api.setFaults(null);
    }
  });
});
