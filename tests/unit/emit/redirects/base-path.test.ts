// Host files under a base path (src/emit/redirects/base.ts): every format is
// written for a host that serves out/ at /project, so sources, targets,
// rewrites, the 404 page and cache rules name /project/..., while GitHub
// Pages' redirect pages stay at the old path's file in out/ and their
// canonical URLs carry the prefix once. Parsed back with the same independent
// parsers as the round-trip tests, so an injected or split line still fails.
import { describe, expect, it } from 'vitest';
import { renderHeaders } from '../../../../src/emit/headers.ts';
import { apacheRedirects } from '../../../../src/emit/redirects/apache.ts';
import { caddyRedirects } from '../../../../src/emit/redirects/caddy.ts';
import { githubPagesRedirects } from '../../../../src/emit/redirects/github-pages.ts';
import { decodedPath } from '../../../../src/emit/redirects/guard.ts';
import { renderRedirects, type HostName, type OutputFile, type RedirectInput } from '../../../../src/emit/redirects/index.ts';
import { netlifyRedirects } from '../../../../src/emit/redirects/netlify.ts';
import { nginxRedirects } from '../../../../src/emit/redirects/nginx.ts';
import { s3Redirects } from '../../../../src/emit/redirects/s3.ts';
import { vercelRedirects } from '../../../../src/emit/redirects/vercel.ts';
import { robotsTxt } from '../../../../src/emit/sitemap.ts';
import { shellRewrites } from '../../../../src/plan/index.ts';
import type { RedirectRule } from '../../../../src/site/types.ts';
import { parseCaddy, parseNetlify, parseNginxMap, parseRedirectPage, parseVercel } from './parse.ts';
import { warnInto } from '../../../helpers/warnings.ts';

const B = '/project';
const SITE = 'https://user.github.io/project';
const RULES: RedirectRule[] = [
  { from: '/', to: '/news', status: 302, source: 't' },
  { from: '/old', to: '/new', status: 301, source: 't' },
  { from: '/x/caf%C3%A9', to: '/cafe?q=1#top', status: 308, source: 't' },
  { from: '/sister', to: 'https://enterprisewire.example/a', status: 301, source: 't' },
];
const input = (over: Partial<RedirectInput> = {}): RedirectInput => ({
  redirects: RULES,
  rewrites: shellRewrites(),
  hosts: ['gitlab'],
  immutablePrefixes: ['/assets/'],
  siteUrl: SITE,
  basePath: B,
  pageFiles: new Set(['index.html', 'news/index.html']),
  ...over,
});
const file = (files: OutputFile[], path: string) => files.find((f) => f.path === path)?.contents ?? '';
const prefixed = (r: RedirectRule) => ({ from: `${B}${r.from}`, to: r.to.startsWith('/') ? `${B}${r.to}` : r.to, status: r.status });

describe('host files under a base path', () => {
  it('_redirects: sources, targets and the shell rewrites carry the prefix; off-site targets do not', () => {
    expect(parseNetlify(file(netlifyRedirects.render(input()), '_redirects'))).toEqual([
      { from: '/project/', to: '/project/news', status: 302 },
      { from: '/project/old', to: '/project/new', status: 301 },
      { from: '/project/x/caf%C3%A9', to: '/project/cafe?q=1#top', status: 308 },
      { from: '/project/sister', to: 'https://enterprisewire.example/a', status: 301 },
      { from: '/project/preview/*', to: '/project/_shell/preview.html', status: 200 },
      { from: '/project/search/*', to: '/project/_shell/search.html', status: 200 },
    ]);
  });

  it('vercel.json', () => {
    const parsed = parseVercel(file(vercelRedirects.render(input({ hosts: ['vercel'] })), 'vercel.json'));
    expect(parsed.redirects.map((r) => r.from)).toEqual(RULES.map((r) => `${B}${r.from}`));
    expect(parsed.redirects[1]).toEqual({ from: '/project/old', to: '/project/new', status: 301 });
    expect(parsed.rewrites).toEqual([
      { source: '/project/preview/:path*', destination: '/project/_shell/preview.html' },
      { source: '/project/search/:path*', destination: '/project/_shell/search.html' },
    ]);
    expect(JSON.parse(file(vercelRedirects.render(input({ hosts: ['vercel'] })), 'vercel.json')).headers[0].source).toMatch(/^\/project\/assets\//);
  });

  it('.htaccess: mod_alias and the cache rule see the whole path, the shell RewriteRules the path below out/', () => {
    const text = file(apacheRedirects.render(input({ hosts: ['apache'] })), '.htaccess');
    expect(text).toContain('ErrorDocument 404 /project/404.html');
    expect(text).toContain('RedirectMatch 301 "^/project/old/?$" "/project/new"');
    expect(text).toContain('RedirectMatch 302 "^/project/?$" "/project/news"');
    // The home without its slash: the folder itself, which DirectorySlash Off would leave unanswered.
    expect(text).toContain('RedirectMatch 301 "^/project$" "/project/"');
    expect(text).toContain('RewriteRule "^search/" "/project/_shell/search.html" [L]');
    expect(text).toContain('<If "%{REQUEST_URI} =~ m#^/project/assets/');
    expect(text).not.toMatch(/"\/(old|_shell|404)/);
  });

  it('Caddyfile.pressroom', () => {
    const text = file(caddyRedirects.render(input({ hosts: ['caddy'] })), 'Caddyfile.pressroom');
    const parsed = parseCaddy(text);
    // The redirects, then the home without its slash to its canonical form.
    expect(parsed.redirects.filter((r) => !r.from.endsWith('/') || r.from === '/project/')).toEqual([...RULES.map(prefixed), { from: '/project', to: '/project/', status: 301 }]);
    expect(parsed.rewrites).toEqual(['rewrite /project/preview/* /project/_shell/preview.html', 'rewrite /project/search/* /project/_shell/search.html']);
    expect(text).toContain('rewrite @pressroom_404 /project/404.html');
    expect(text).toContain('path_regexp ^/project(/assets/)');
    expect(text).toContain('root * <folder holding out/ as project/>');
  });

  it('nginx: map keys are the decoded prefixed paths; the locations and the 404 page are under the prefix', () => {
    const files = nginxRedirects.render(input({ hosts: ['nginx'] }));
    const { targets } = parseNginxMap(file(files, 'nginx/redirects.map'));
    expect(targets.filter(([k]) => !k.endsWith('/') || k === '/project/')).toEqual(RULES.map((r) => [decodedPath(`${B}${r.from}`), prefixed(r).to]));
    expect(targets).toContainEqual(['/project/old/', '/project/new']);
    const conf = file(files, 'nginx/pressroom.conf');
    for (const line of ['error_page 404 /project/404.html;', 'location = /project { return 301 /project/; }', 'location /project/ {', 'location /project/search/ {', '  try_files /project/_shell/search.html =404;', 'location ~ "^/project/assets/', 'location = /project/404.html {']) {
      expect(conf).toContain(line);
    }
  });

  it('S3: keys under the key prefix, the error document too, and page files counted under it for prefix clashes', () => {
    const website = JSON.parse(file(s3Redirects.render(input({ hosts: ['s3'] })), 's3/website.json'));
    expect(website.ErrorDocument).toEqual({ Key: 'project/404.html' });
    const keys = (website.RoutingRules as { Condition: { KeyPrefixEquals: string } }[]).map((r) => r.Condition.KeyPrefixEquals);
    expect([...keys].sort()).toEqual(['project', 'project/old', 'project/sister', 'project/x/café'].sort());
    const old = (website.RoutingRules as { Condition: { KeyPrefixEquals: string }; Redirect: { ReplaceKeyWith: string } }[]).find((r) => r.Condition.KeyPrefixEquals === 'project/old')!;
    expect(old.Redirect.ReplaceKeyWith).toBe('project/new');
    // 'project/new' is a prefix of the page 'project/news/index.html': with the page files under the prefix, S3 must switch to objects.
    const warnings: string[] = [];
    const clash = s3Redirects.render(input({ hosts: ['s3'], redirects: [{ from: '/new', to: '/a', status: 301, source: 't' }], warn: (c) => warnings.push(c) }));
    expect(warnings).toContain('W_REDIRECT_S3_OBJECTS');
    const objects = JSON.parse(file(clash, 's3/redirect-objects.json'));
    expect(objects.errorDocument).toBe('project/404.html');
    expect(objects.objects[0]).toEqual({ key: 'project/new', redirect: '/project/a' });
  });

  it('GitHub Pages: the page stays at the old path in out/, sends the reader under the prefix, and names the canonical URL once', () => {
    const files = githubPagesRedirects.render(input({ hosts: ['github-pages'] }));
    // '/' is the home page's file: no redirect page over it.
    expect(files.map((f) => f.path)).toEqual(['old/index.html', 'x/café/index.html', 'sister/index.html']);
    expect(parseRedirectPage(files[0].contents)).toEqual({ refresh: '/project/new', canonical: 'https://user.github.io/project/new', script: '/project/new', noindex: true });
    expect(parseRedirectPage(files[2].contents).refresh).toBe('https://enterprisewire.example/a');
  });

  it('_headers and robots.txt name the prefixed paths; the Sitemap line carries the prefix once', () => {
    const headers = renderHeaders({ files: ['assets/entry-ABCDEFGH.js', 'assets/logo.svg', 'data/post/x.json'], hosts: ['netlify'], basePath: B }).contents;
    expect(headers.split('\n').filter((l) => l.startsWith('/'))).toEqual(['/project/assets/entry-ABCDEFGH.js', '/project/data/*']);
    expect(robotsTxt(SITE, B)).toBe('User-agent: *\nAllow: /project/\nDisallow: /project/preview/\nDisallow: /project/_shell/\n\nSitemap: https://user.github.io/project/sitemap.xml\n');
  });

  it('with an empty base path every file is what it is without the option', () => {
    const all: HostName[] = ['netlify', 'gitlab', 'vercel', 'nginx', 'apache', 'caddy', 's3', 'github-pages'];
    const without = renderRedirects(input({ hosts: all, basePath: undefined, siteUrl: 'https://news.example' }));
    expect(renderRedirects(input({ hosts: all, basePath: '', siteUrl: 'https://news.example' }))).toEqual(without);
    expect(file(without, '_redirects')).toContain('/old /new 301');
  });
});

describe('root-only hosts with a base path', () => {
  const warned = (hosts: HostName[], basePath = B) => {
    const warnings: string[] = [];
    renderRedirects(input({ hosts, basePath, warn: warnInto(warnings) }));
    return warnings.filter((w) => w.startsWith('W_BASE_PATH_ROOT_HOST'));
  };
  it('warns once, naming Netlify, Cloudflare Pages and Vercel when they are selected', () => {
    const w = warned(['netlify', 'cloudflare', 'vercel', 'gitlab']);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatch(/site\.basePath is \/project, but netlify, cloudflare, vercel serve a deploy at the root of a domain/);
  });
  it('is quiet for hosts that serve a sub-path, and for any host without a base path', () => {
    expect(warned(['gitlab', 'github-pages', 'nginx', 'apache', 'caddy', 's3'])).toEqual([]);
    expect(warned(['netlify'], '')).toEqual([]);
  });
});
