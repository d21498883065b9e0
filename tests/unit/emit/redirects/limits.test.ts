// Each host's documented limit fails the build at exactly that number
// (docs/deploying.md, "Redirect formats and limits"), unless the host is off.
import { describe, expect, it } from 'vitest';
import { isPressroomError } from '../../../../src/errors/errors.ts';
import { renderRedirects, type HostName, type RedirectInput } from '../../../../src/emit/redirects/index.ts';
import { shellRewrites } from '../../../../src/plan/index.ts';
import type { RewriteRule } from '../../../../src/plan/types.ts';
import type { RedirectRule } from '../../../../src/site/types.ts';
import { warnInto } from '../../../helpers/warnings.ts';

const rules = (n: number): RedirectRule[] =>
  Array.from({ length: n }, (_, i) => ({ from: `/old/${String(i).padStart(5, '0')}`, to: `/new/${i}`, status: 301 as const, source: `r${i}` }));
const rewrites = (n: number): RewriteRule[] => Array.from({ length: n }, (_, i) => ({ prefix: `/app${i}/`, to: `/_shell/app${i}.html`, status: 200 as const }));

const run = (hosts: HostName[], redirects: RedirectRule[], rw: RewriteRule[] = shellRewrites()) =>
  renderRedirects({ redirects, rewrites: rw, hosts, immutablePrefixes: ['/assets/'] } satisfies RedirectInput);

function limitError(fn: () => unknown): { host: string; limit: number; count: number } | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (isPressroomError(e) && e.code === 'PR_REDIRECT_LIMIT') return e.params as { host: string; limit: number; count: number };
    throw e;
  }
}

describe('redirect limits at the documented numbers', () => {
  it('Cloudflare Pages: 2,000 static rules pass, 2,001 fail naming the host and the count', () => {
    expect(limitError(() => run(['cloudflare'], rules(2000)))).toBeNull();
    expect(limitError(() => run(['cloudflare'], rules(2001)))).toMatchObject({ host: expect.stringContaining('Cloudflare'), limit: 2000, count: 2001 });
  });

  it('Cloudflare Pages: 100 dynamic rules pass, 101 fail', () => {
    expect(limitError(() => run(['cloudflare'], rules(1), rewrites(100)))).toBeNull();
    expect(limitError(() => run(['cloudflare'], rules(1), rewrites(101)))).toMatchObject({ limit: 100, count: 101 });
  });

  it('GitLab Pages: 1,000 rules in all pass, 1,001 fail (over the limit none apply)', () => {
    expect(limitError(() => run(['gitlab'], rules(998)))).toBeNull();
    expect(limitError(() => run(['gitlab'], rules(999)))).toMatchObject({ host: expect.stringContaining('GitLab'), limit: 1000, count: 1001 });
  });

  it('GitLab Pages: the 64 KB _redirects file limit', () => {
    const long = (n: number): RedirectRule[] =>
      Array.from({ length: n }, (_, i) => ({ from: `/old/${String(i).padStart(4, '0')}-${'x'.repeat(100)}`, to: `/new/${i}-${'y'.repeat(100)}`, status: 301 as const, source: `r${i}` }));
    expect(limitError(() => run(['gitlab'], long(250)))).toBeNull();
    expect(limitError(() => run(['gitlab'], long(600)))).toMatchObject({ host: expect.stringContaining('bytes'), limit: 65536 });
  });

  it('Vercel: 1,024 routes (redirects + rewrites + headers) pass, 1,025 fail', () => {
    // 2 shell rewrites + 1 header rule for /assets/
    expect(limitError(() => run(['vercel'], rules(1021)))).toBeNull();
    expect(limitError(() => run(['vercel'], rules(1022)))).toMatchObject({ host: expect.stringContaining('Vercel'), limit: 1024, count: 1025 });
  });

  it('S3: 50 routing rules; 51 switch to object metadata, not an error', () => {
    const at50 = run(['s3'], rules(50));
    expect(JSON.parse(at50.find((f) => f.path === 's3/website.json')!.contents).RoutingRules).toHaveLength(50);
    expect(at50.find((f) => f.path === 's3/redirect-objects.json')).toBeUndefined();
    const warnings: string[] = [];
    const at51 = renderRedirects({ redirects: rules(51), rewrites: shellRewrites(), hosts: ['s3'], immutablePrefixes: [], warn: warnInto(warnings) });
    const website = JSON.parse(at51.find((f) => f.path === 's3/website.json')!.contents);
    expect(website.RoutingRules).toBeUndefined();
    expect(website.ErrorDocument).toEqual({ Key: '404.html' });
    const objects = JSON.parse(at51.find((f) => f.path === 's3/redirect-objects.json')!.contents);
    expect(objects.errorDocument).toBe('404.html');
    expect(objects.objects[0]).toEqual({ key: 'old/00000', redirect: '/new/0' });
    expect(objects.objects).toHaveLength(102);
    expect(warnings.join()).toMatch(/51 redirects exceed the 50 routing rules/);
  });

  it('S3: a key that is a prefix of a page uses object metadata (routing rules match prefixes)', () => {
    const out = renderRedirects({
      redirects: [{ from: '/news/foo', to: '/x', status: 301, source: 't' }],
      rewrites: [],
      hosts: ['s3'],
      immutablePrefixes: [],
      pageFiles: new Set(['news/foo-bar/index.html']),
    });
    expect(out.map((f) => f.path)).toEqual(['s3/redirect-objects.json', 's3/website.json']);
  });

  it('a host that is switched off is not checked', () => {
    expect(limitError(() => run(['netlify', 'nginx', 'apache', 'caddy', 'github-pages'], rules(5000)))).toBeNull();
  });
});
