// `_redirects` when Cloudflare Pages is among the hosts (src/emit/redirects/netlify.ts): Cloudflare
// matches a rule's path exactly and answers a request for `x.html` with a 308 to `x`, which
// tests/integration/hosts/cloudflare-pages.test.ts shows on `wrangler pages dev`. So each old URL gets
// its trailing-slash form as a rule of its own while the limits allow it, and the shell rewrites name
// the shell's URL, not its file. Without Cloudflare the file is what it was.
import { describe, expect, it } from 'vitest';
import { renderRedirects, type HostName } from '../../../../src/emit/redirects/index.ts';
import { shellRewrites } from '../../../../src/plan/index.ts';
import type { RewriteRule } from '../../../../src/plan/types.ts';
import type { RedirectRule } from '../../../../src/site/types.ts';
import { warnInto } from '../../../helpers/warnings.ts';
import { parseNetlify } from './parse.ts';

const rule = (from: string, to: string, status: RedirectRule['status'] = 301): RedirectRule => ({ from, to, status, source: from });
const rules = (n: number): RedirectRule[] => Array.from({ length: n }, (_, i) => rule(`/old/${String(i).padStart(5, '0')}`, `/new/${i}`));

function redirectsFile(hosts: HostName[], redirects: RedirectRule[], rewrites: RewriteRule[] = shellRewrites()) {
  const warnings: string[] = [];
  const files = renderRedirects({ redirects, rewrites, hosts, immutablePrefixes: ['/assets/'], warn: warnInto(warnings) });
  const text = files.find((f) => f.path === '_redirects')!.contents;
  return { text, rules: parseNetlify(text), warnings };
}

describe('_redirects for Cloudflare Pages', () => {
  it('follows each old URL with its trailing-slash form, same target and status', () => {
    const { rules: parsed, warnings } = redirectsFile(['cloudflare'], [rule('/category/security', '/tag/cyber-security'), rule('/events/old-summit', '/events', 302), rule('/gone', 'https://partner.example/x', 308)]);
    expect(parsed.filter((r) => r.status !== 200)).toEqual([
      { from: '/category/security', to: '/tag/cyber-security', status: 301 },
      { from: '/category/security/', to: '/tag/cyber-security', status: 301 },
      { from: '/events/old-summit', to: '/events', status: 302 },
      { from: '/events/old-summit/', to: '/events', status: 302 },
      { from: '/gone', to: 'https://partner.example/x', status: 308 },
      { from: '/gone/', to: 'https://partner.example/x', status: 308 },
    ]);
    expect(warnings).toEqual([]);
  });

  it('adds no form that a rule of its own already names, and none to an old URL that ends in a slash', () => {
    const { rules: parsed } = redirectsFile(['cloudflare'], [rule('/a', '/x'), rule('/a/', '/y'), rule('/b/', '/z')]);
    expect(parsed.filter((r) => r.status !== 200).map((r) => `${r.from} ${r.to}`)).toEqual(['/a /x', '/a/ /y', '/b/ /z']);
  });

  it('rewrites the search and preview paths to the shells\' URLs, which Cloudflare serves without a redirect', () => {
    const { rules: parsed } = redirectsFile(['cloudflare'], [], [...shellRewrites(), { prefix: '/app/', to: '/_shell/app/index.html', status: 200 }]);
    expect(parsed).toEqual([
      { from: '/preview/*', to: '/_shell/preview', status: 200 },
      { from: '/search/*', to: '/_shell/search', status: 200 },
      { from: '/app/*', to: '/_shell/app/', status: 200 },
    ]);
  });

  it('with Netlify and GitLab only, writes neither: the file is unchanged', () => {
    const { text } = redirectsFile(['netlify', 'gitlab'], [rule('/category/security', '/tag/cyber-security')]);
    expect(text.split('\n').slice(1)).toEqual(['/category/security /tag/cyber-security 301', '/preview/* /_shell/preview.html 200', '/search/* /_shell/search.html 200', '']);
  });

  it('leaves the trailing-slash forms out, warning, when they would pass the 2,000 static rules (the redirects stay)', () => {
    const fits = redirectsFile(['cloudflare'], rules(1000));
    expect(fits.rules.filter((r) => r.status !== 200)).toHaveLength(2000);
    expect(fits.warnings).toEqual([]);
    const over = redirectsFile(['cloudflare'], rules(1001));
    expect(over.rules.filter((r) => r.status !== 200)).toHaveLength(1001);
    expect(over.rules.some((r) => r.from.endsWith('/'))).toBe(false);
    expect(over.warnings).toEqual([expect.stringMatching(/^W_REDIRECT_SLASH_FORMS\b.*1001 old URLs.*Cloudflare Pages \(2000 static rules\)/)]);
  });

  it('with GitLab Pages too, the forms count against its 1,000 rules in all', () => {
    // 499 redirects, their 499 forms and the 2 shell rewrites: 1,000.
    expect(redirectsFile(['cloudflare', 'gitlab'], rules(499)).rules).toHaveLength(1000);
    const over = redirectsFile(['cloudflare', 'gitlab'], rules(500));
    expect(over.rules).toHaveLength(502);
    expect(over.warnings).toEqual([expect.stringMatching(/W_REDIRECT_SLASH_FORMS.*GitLab Pages \(1000 rules\)/)]);
  });

  it('with GitLab Pages too, the forms must leave the file under its 64 KB', () => {
    const long = Array.from({ length: 200 }, (_, i) => rule(`/old/${String(i).padStart(4, '0')}-${'x'.repeat(100)}`, `/new/${i}-${'y'.repeat(100)}`));
    const over = redirectsFile(['cloudflare', 'gitlab'], long);
    expect(Buffer.byteLength(over.text)).toBeLessThan(65_536);
    expect(over.rules).toHaveLength(202);
    expect(over.warnings).toEqual([expect.stringMatching(/W_REDIRECT_SLASH_FORMS.*GitLab Pages \(65536 bytes\)/)]);
  });
});
