// `pressroom serve` does what the host will do — a `_redirects`
// redirect is followed to its target page, a client-only route is answered by
// its shell page (200 rewrite, the URL unchanged), and `_headers` caching holds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { browserSession, siteUrl } from './harness.ts';

const session = browserSession({ closeAfter: 'test' });

/** The first 301/302 rule of the built `_redirects` whose target is a page of the build. */
function firstRedirect(): { from: string; to: string; status: number } {
  const out = inject('outDir');
  const text = readFileSync(join(out, '_redirects'), 'utf8');
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || from.startsWith('#') || !to?.startsWith('/') || (status !== '301' && status !== '302')) continue;
    if (!existsSync(join(out, decodeURIComponent(to), 'index.html'))) continue;
    return { from, to, status: Number(status) };
  }
  throw new Error('the sample build has no site-relative redirect to one of its pages');
}

describe('serve honours _redirects and _headers', () => {
  it('answers a redirect with its status and Location, and the browser lands on the target page', async () => {
    const rule = firstRedirect();
    // GitHub Pages output is opt-in (docs/deploying.md): the default hosts write no meta-refresh
    // page at the old URL, so nothing shadows the rule and the answer is a real HTTP redirect.
    expect(existsSync(join(inject('outDir'), decodeURIComponent(rule.from), 'index.html'))).toBe(false);
    const res = await fetch(siteUrl(rule.from), { redirect: 'manual' });
    expect(res.status).toBe(rule.status);
    expect(res.headers.get('location')).toBe(rule.to);
    const { page, problems, close } = await session.open(rule.from, { waitHydrated: false });
    await page.waitForURL((u) => u.pathname === rule.to);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('h1').first().isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('rewrites a client-only search route to its shell with status 200 and keeps the URL', async () => {
    const res = await fetch(siteUrl('/search/all/cloud'));
    expect(res.status).toBe(200);
    const { page, problems, close } = await session.open('/search/all/cloud');
    expect(new URL(page.url()).pathname).toBe('/search/all/cloud');
    expect(problems).toEqual([]);
    await close();
  });

  it('sends the _headers cache policy: hashed assets immutable, pages revalidated', async () => {
    const html = await (await fetch(siteUrl('/'))).text();
    const asset = /\/assets\/[^"']+-[A-Z0-9]{8,}\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(siteUrl(asset!))).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(siteUrl('/'))).headers.get('cache-control')).toMatch(/max-age=0, must-revalidate/);
  });
});
