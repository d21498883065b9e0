// docs/deploying.md: each redirect format parsed back gives the same rules,
// in order, none injected — including the sample API's hostile corpus and
// targets with newlines, spaces, '#', quotes and `//evil.example`.
import { describe, expect, it } from 'vitest';
import { renderRedirects, type HostName, type OutputFile, type RedirectInput } from '../../../../src/emit/redirects/index.ts';
import { apacheRedirects } from '../../../../src/emit/redirects/apache.ts';
import { caddyRedirects } from '../../../../src/emit/redirects/caddy.ts';
import { githubPagesRedirects } from '../../../../src/emit/redirects/github-pages.ts';
import { decodedPath } from '../../../../src/emit/redirects/guard.ts';
import { netlifyRedirects } from '../../../../src/emit/redirects/netlify.ts';
import { s3Redirects } from '../../../../src/emit/redirects/s3.ts';
import { vercelRedirects } from '../../../../src/emit/redirects/vercel.ts';
import { mergeRedirects, rulesFromRecords } from '../../../../src/plan/redirects.ts';
import { shellRewrites } from '../../../../src/plan/index.ts';
import { corpusRedirects, HOSTILE_RECORDS } from '../../../../src/sample-api/index.ts';
import { absoluteUrl, outputFileFor } from '../../../../src/site/paths.ts';
import type { RedirectRule } from '../../../../src/site/types.ts';
import { parseApache, parseCaddy, parseNetlify, parseNginxMap, parseRedirectPage, parseVercel } from './parse.ts';
import { warnInto } from '../../../helpers/warnings.ts';

const ALL_HOSTS: HostName[] = ['netlify', 'cloudflare', 'gitlab', 'vercel', 'nginx', 'apache', 'caddy', 's3', 'github-pages'];
const SITE = 'https://devdispatch.example';

/** Hostile candidates beyond the corpus: each either dropped by plan or carried verbatim. */
const EXTRA = [
  { from: '/x/newline', to: '/a\n/b 301', status: 301 },
  { from: '/x/crlf', to: '/ok\r\n/evil /x 200', status: 301 },
  { from: '/x/space', to: '/a b', status: 301 },
  { from: '/x/comment', to: '#/evil', status: 301 },
  { from: '/x/dquote', to: '/a"b', status: 301 },
  { from: '/x/squote', to: "/a'b", status: 301 },
  { from: '/x/protocol-relative', to: '//evil.example', status: 301 },
  { from: '/x/backslash', to: '/\\evil.example', status: 301 },
  { from: '/x/dollar', to: '/a$uri', status: 301 },
  { from: '/x/semicolon', to: '/a;return 200', status: 301 },
  { from: '/x/brace', to: '/a{path}', status: 301 },
  { from: '/x/enc-newline%0A', to: '/a', status: 301 },
  { from: '/x/#frag-source', to: '/a', status: 301 },
  { from: '/x/fragment', to: '/a#section-2', status: 301 },
  { from: '/x/encoded-quote', to: '/a%22b%20c', status: 302 },
  { from: '/x/enc%20space%22q', to: '/target?q=1&r=2', status: 307 },
  { from: '/x/paren(1)+2', to: '/t:1(2)*', status: 308 },
  { from: '/x/sister', to: 'https://enterprisewire.example/a?b=c', status: 301 },
  { from: '/x/caf%C3%A9', to: '/cafe', status: 301 },
];

function canonical(): RedirectRule[] {
  const warnings: string[] = [];
  const candidates = [
    ...rulesFromRecords(corpusRedirects({ corpus: 'hostile', posts: 40 })),
    ...EXTRA.map((r, i) => ({ ...r, source: `extra ${i}` })),
  ];
  return mergeRedirects({ candidates, allowHosts: ['enterprisewire.example'], routePaths: new Set(['/news/real-page']), warn: warnInto(warnings) });
}

const RULES = canonical();
const input = (over: Partial<RedirectInput> = {}): RedirectInput => ({
  redirects: RULES,
  rewrites: shellRewrites(),
  hosts: ALL_HOSTS,
  immutablePrefixes: ['/assets/'],
  siteUrl: SITE,
  pageFiles: new Set(['news/real-page/index.html']),
  ...over,
});
const file = (files: OutputFile[], path: string) => {
  const f = files.find((x) => x.path === path);
  if (!f) throw new Error(`no ${path}`);
  return f.contents;
};
const strip = ({ from, to, status }: { from: string; to: string; status: number }) => ({ from, to, status });

describe('the canonical list used here', () => {
  it('keeps the safe hostile cases and drops every hostile record of the sample API', () => {
    const froms = RULES.map((r) => r.from);
    for (const rec of HOSTILE_RECORDS.filter((r) => r.kind === 'redirect')) expect(froms).not.toContain(rec.key);
    expect(froms).toEqual(expect.arrayContaining(['/x/fragment', '/x/encoded-quote', '/x/enc%20space%22q', '/x/paren(1)+2', '/x/sister', '/x/caf%C3%A9']));
    for (const bad of ['/x/newline', '/x/crlf', '/x/space', '/x/comment', '/x/dquote', '/x/squote', '/x/protocol-relative', '/x/backslash', '/x/dollar', '/x/semicolon', '/x/brace', '/x/enc-newline%0A']) {
      expect(froms).not.toContain(bad);
    }
    expect(RULES.length).toBeGreaterThan(10);
  });

  it('no output of any host carries a dropped target', () => {
    const all = renderRedirects(input()).map((f) => f.contents).join('\n');
    for (const needle of ['evil.example', 'Set-Cookie', 'javascript:', '/a$uri', ';return 200', '/a{path}']) expect(all).not.toContain(needle);
  });
});

describe('round trip per format (same rules, same order, nothing injected)', () => {
  it('_redirects (Netlify, GitLab Pages)', () => {
    const parsed = parseNetlify(file(netlifyRedirects.render(input({ hosts: ['netlify', 'gitlab'] })), '_redirects'));
    expect(parsed).toEqual([...RULES.map(strip), ...shellRewrites().map((r) => ({ from: `${r.prefix}*`, to: r.to, status: 200 }))]);
  });

  it('_redirects with Cloudflare Pages: each rule then its trailing-slash form, shells named without .html', () => {
    const parsed = parseNetlify(file(netlifyRedirects.render(input()), '_redirects'));
    const twins = RULES.flatMap((r) => (r.from.endsWith('/') ? [strip(r)] : [strip(r), { ...strip(r), from: `${r.from}/` }]));
    expect(parsed).toEqual([...twins, ...shellRewrites().map((r) => ({ from: `${r.prefix}*`, to: r.to.replace(/\.html$/, ''), status: 200 }))]);
  });

  it('vercel.json', () => {
    const norm = (s: string) => s.replace(/%(3A|28|29|2A)/gi, (m) => decodeURIComponent(m));
    const parsed = parseVercel(file(vercelRedirects.render(input()), 'vercel.json'));
    expect(parsed.redirects.map((r) => ({ ...r, to: norm(r.to) }))).toEqual(RULES.map((r) => ({ ...strip(r), to: norm(r.to) })));
    expect(parsed.rewrites).toEqual([
      { source: '/preview/:path*', destination: '/_shell/preview.html' },
      { source: '/search/:path*', destination: '/_shell/search.html' },
    ]);
    // a path-to-regexp operator in a source stays literal
    expect(file(vercelRedirects.render(input()), 'vercel.json')).toContain('"/x/paren\\\\(1\\\\)\\\\+2"');
  });

  it('.htaccess', () => {
    const text = file(apacheRedirects.render(input()), '.htaccess');
    expect(parseApache(text)).toEqual(RULES.map((r) => ({ ...strip(r), from: decodedPath(r.from) })));
    expect(text).toContain('ErrorDocument 404 /404.html');
    expect(text).toContain('RewriteRule "^search/" "/_shell/search.html" [L]');
  });

  it('Caddyfile.pressroom', () => {
    const parsed = parseCaddy(file(caddyRedirects.render(input()), 'Caddyfile.pressroom'));
    expect(parsed.redirects).toEqual(RULES.flatMap((r) => [strip(r), { ...strip(r), from: `${r.from}/` }]));
    expect(parsed.rewrites).toEqual(['rewrite /preview/* /_shell/preview.html', 'rewrite /search/* /_shell/search.html']);
  });

  it('nginx map', () => {
    const files = renderRedirects(input({ hosts: ['nginx'] }));
    const { targets, statuses } = parseNginxMap(file(files, 'nginx/redirects.map'));
    // Each old URL twice: as it is and with a trailing slash ($uri keeps the slash).
    expect(targets).toEqual(RULES.flatMap((r) => [[decodedPath(r.from), r.to], [`${decodedPath(r.from)}/`, r.to]]));
    expect(statuses).toEqual(RULES.flatMap((r) => [[decodedPath(r.from), String(r.status)], [`${decodedPath(r.from)}/`, String(r.status)]]));
  });

  it('S3 routing rules (under 50): every rule, longest key first', () => {
    const website = JSON.parse(file(s3Redirects.render(input()), 's3/website.json'));
    expect(website.ErrorDocument).toEqual({ Key: '404.html' });
    const rules = website.RoutingRules as { Condition: { KeyPrefixEquals: string }; Redirect: Record<string, string> }[];
    expect(rules).toHaveLength(RULES.length);
    const keys = rules.map((r) => r.Condition.KeyPrefixEquals);
    expect([...keys].sort()).toEqual(RULES.map((r) => decodedPath(r.from).slice(1)).sort());
    expect(keys.map((k) => k.length)).toEqual([...keys.map((k) => k.length)].sort((a, b) => b - a));
    const sister = rules.find((r) => r.Condition.KeyPrefixEquals === 'x/sister')!;
    expect(sister.Redirect).toEqual({ Protocol: 'https', HostName: 'enterprisewire.example', ReplaceKeyWith: 'a?b=c', HttpRedirectCode: '301' });
  });

  it('GitHub Pages: one noindex meta-refresh page per old URL; on-site targets relative (canonical absolute), off-site absolute', () => {
    const files = githubPagesRedirects.render(input());
    expect(files.map((f) => f.path)).toEqual(RULES.map((r) => outputFileFor(r.from, 'folder')));
    expect(RULES.some((r) => r.to.startsWith('/'))).toBe(true);
    expect(RULES.some((r) => r.to.startsWith('https://'))).toBe(true);
    for (const [i, f] of files.entries()) {
      const r = RULES[i];
      const abs = r.to.startsWith('/') ? absoluteUrl(SITE, r.to) : r.to;
      // The refresh and script go where the rule says (a local preview stays local); only rel=canonical names the production URL.
      expect(parseRedirectPage(f.contents)).toEqual({ refresh: r.to, canonical: abs, script: r.to, noindex: true });
    }
  });
});

describe('GitHub Pages is opt-in: selecting it with a _redirects host is warned about', () => {
  const warned = (hosts: HostName[]) => {
    const warnings: string[] = [];
    renderRedirects(input({ hosts, warn: warnInto(warnings) }));
    return warnings.filter((w) => w.startsWith('W_REDIRECT_PAGES_SHADOW_RULES'));
  };
  it('warns once, naming the hosts whose HTTP redirects the meta pages replace', () => {
    const w = warned(['netlify', 'cloudflare', 'nginx', 'github-pages']);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatch(/github-pages together with netlify, cloudflare/);
    expect(w[0]).toMatch(/serve those meta pages instead of HTTP redirects/);
    expect(warned(['gitlab', 'github-pages'])[0]).toMatch(/together with gitlab:/);
  });
  it('is quiet for GitHub Pages alone, with hosts that do not read _redirects, and without it', () => {
    expect(warned(['github-pages'])).toEqual([]);
    expect(warned(['github-pages', 'nginx', 'apache', 'caddy', 'vercel', 's3'])).toEqual([]);
    expect(warned(['netlify', 'cloudflare', 'gitlab'])).toEqual([]);
  });
  it('hosts are chosen, not assumed: none by default, the sample site names Netlify only', async () => {
    const { loadConfig, validateConfig } = await import('../../../../src/config/load.ts');
    expect(validateConfig({ site: { name: 'N', url: 'https://n.example' } }).hosts).toEqual([]);
    const config = loadConfig({ file: new URL('../../../../config/site.json', import.meta.url).pathname, env: {} });
    expect(config.hosts).toEqual(['netlify']);
  });
});

describe('writers refuse what plan should have dropped (defence in depth)', () => {
  const hostile: RedirectRule[] = [
    { from: '/a', to: '/ok\r\nSet-Cookie: x', status: 301, source: 't' },
    { from: '/b', to: '//evil.example', status: 301, source: 't' },
    { from: '/c', to: '#x', status: 301, source: 't' },
    { from: '/d e', to: '/x', status: 301, source: 't' },
    { from: '/f', to: '/x"y', status: 301, source: 't' },
    { from: '/g', to: 'javascript:alert(1)', status: 301, source: 't' },
  ];
  for (const fmt of [netlifyRedirects, vercelRedirects, apacheRedirects, caddyRedirects, s3Redirects, githubPagesRedirects]) {
    for (const rule of hostile) {
      if (fmt === netlifyRedirects) continue; // netlify.ts is the pipeline's; plan guards it
      it(`${fmt.hosts[0]} rejects ${JSON.stringify(rule.from + ' -> ' + rule.to)}`, () => {
        expect(() => fmt.render(input({ redirects: [rule] }))).toThrow(/unsafe redirect/);
      });
    }
  }
});

describe('GitHub Pages never overwrites a page', () => {
  it('skips a source whose file (case-folded) is a page, with a warning', () => {
    const warnings: string[] = [];
    const rules: RedirectRule[] = [
      { from: '/News/Real-Page', to: '/b', status: 301, source: 'api' },
      { from: '/gone', to: '/b', status: 301, source: 'api' },
    ];
    const files = githubPagesRedirects.render(input({ redirects: rules, warn: warnInto(warnings) }));
    expect(files.map((f) => f.path)).toEqual(['gone/index.html']);
    expect(warnings.join()).toMatch(/News\/Real-Page.*already a page/);
  });
});
