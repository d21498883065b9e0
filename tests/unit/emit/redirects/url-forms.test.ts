// Each host writer follows the build's URL form and page files (decision 117): the other form of a
// page URL redirects to it, the page files are served, old URLs keep one hop in either form. The real
// servers run these files in tests/integration/hosts/real-servers-*.test.ts.
import { describe, expect, it } from 'vitest';
import { apacheRedirects } from '../../../../src/emit/redirects/apache.ts';
import { caddyRedirects } from '../../../../src/emit/redirects/caddy.ts';
import { githubPagesRedirects } from '../../../../src/emit/redirects/github-pages.ts';
import { nginxRedirects } from '../../../../src/emit/redirects/nginx.ts';
import type { RedirectInput } from '../../../../src/emit/redirects/types.ts';
import { vercelRedirects } from '../../../../src/emit/redirects/vercel.ts';
import type { UrlForm } from '../../../../src/site/paths.ts';
import { parseNginxMap } from './parse.ts';

const input = (urls: UrlForm, from = urls.trailingSlash === 'always' ? '/old/' : '/old', to = urls.trailingSlash === 'always' ? '/news/a/' : '/news/a'): RedirectInput => ({
  redirects: [{ from, to, status: 301, source: 'test' }],
  rewrites: [{ prefix: '/search/', to: '/_shell/search.html', status: 200 }],
  hosts: ['nginx', 'apache', 'caddy', 'vercel', 'github-pages'],
  immutablePrefixes: ['/assets/'],
  siteUrl: 'https://news.example',
  urls,
});
const text = (files: { path: string; contents: string }[], path: string) => files.find((f) => f.path === path)!.contents;

const NEVER: UrlForm = { trailingSlash: 'never', pageFiles: 'folder' };
const FILE: UrlForm = { trailingSlash: 'never', pageFiles: 'file' };
const ALWAYS: UrlForm = { trailingSlash: 'always', pageFiles: 'folder' };

describe('nginx', () => {
  it('"never": /x/ 301 to /x after the old URLs, folder files', () => {
    const conf = text(nginxRedirects.render(input(NEVER)), 'nginx/pressroom.conf');
    expect(conf).toContain('rewrite "^(/.+?)/+$" $1 permanent;');
    expect(conf.indexOf('rewrite "^(')).toBeGreaterThan(conf.indexOf('return 301 $pressroom_redirect'));
    expect(conf).toContain('try_files $uri $uri/index.html =404;');
  });

  it('the file layout: x.html served at /x', () => {
    expect(text(nginxRedirects.render(input(FILE)), 'nginx/pressroom.conf')).toContain('try_files $uri $uri.html $uri/index.html =404;');
  });

  it('"always": /x 301 to /x/ (files keep their name), old URLs keyed in both forms, under the base path', () => {
    const files = nginxRedirects.render({ ...input(ALWAYS), basePath: '/project' });
    expect(text(files, 'nginx/pressroom.conf')).toContain('rewrite "^(/project(?:/[^/]+)*/[^./]+)$" $1/ permanent;');
    expect(parseNginxMap(text(files, 'nginx/redirects.map')).targets).toEqual([['/project/old/', '/project/news/a/'], ['/project/old', '/project/news/a/']]);
  });
});

describe('Apache', () => {
  it('"never": RedirectMatch of the slashed form after the old URLs, the shells and folder pages only at the page URL', () => {
    const ht = text(apacheRedirects.render(input(NEVER)), '.htaccess');
    expect(ht.indexOf('RedirectMatch 301 "^(/.+?)/+$" "$1"')).toBeGreaterThan(ht.indexOf('RedirectMatch 301 "^/old/?$"'));
    expect(ht).toContain('RewriteCond %{REQUEST_URI} !/$\nRewriteRule "^search/" "/_shell/search.html" [L]');
    expect(ht).toContain('RewriteRule "^(.*[^/])$" "$1/index.html" [L]');
  });

  it('the file layout: /x -> x.html when it exists', () => {
    expect(text(apacheRedirects.render(input(FILE)), '.htaccess')).toContain('RewriteCond %{REQUEST_FILENAME}.html -f\nRewriteRule "^(.*[^/])$" "$1.html" [L]');
  });

  it('"always": /x 301 to /x/, the shells at /search/.../', () => {
    const ht = text(apacheRedirects.render(input(ALWAYS)), '.htaccess');
    expect(ht).toContain('RedirectMatch 301 "^((?:/[^/]+)*/[^./]+)$" "$1/"');
    expect(ht).toContain('RewriteCond %{REQUEST_URI} /$\nRewriteRule "^search/" "/_shell/search.html" [L]');
    expect(ht).not.toContain('/index.html" [L]');
  });
});

describe('Caddy', () => {
  it('"never": redir of the slashed form on a named matcher; the file layout tries x.html', () => {
    const never = text(caddyRedirects.render(input(NEVER)), 'Caddyfile.pressroom');
    expect(never).toContain('@pressroom_other path_regexp pressroom_other ^(/.+?)/+$\nredir @pressroom_other {re.pressroom_other.1} 301');
    expect(never).toContain('try_files {path} {path}/index.html');
    expect(text(caddyRedirects.render(input(FILE)), 'Caddyfile.pressroom')).toContain('try_files {path} {path}.html {path}/index.html');
  });

  it('"always": /x 301 to /x/, an old URL redirected in both forms', () => {
    const c = text(caddyRedirects.render(input(ALWAYS)), 'Caddyfile.pressroom');
    expect(c).toContain('redir @pressroom_other {re.pressroom_other.1}/ 301');
    expect(c).toContain('redir /old/ /news/a/ 301\nredir /old /news/a/ 301');
  });
});

describe('Vercel and GitHub Pages', () => {
  it('vercel.json: trailingSlash as chosen, cleanUrls for the file layout only', () => {
    const json = (urls: UrlForm) => JSON.parse(text(vercelRedirects.render(input(urls)), 'vercel.json'));
    expect(json(NEVER)).toMatchObject({ trailingSlash: false });
    expect(json(NEVER).cleanUrls).toBeUndefined();
    expect(json(FILE)).toMatchObject({ trailingSlash: false, cleanUrls: true });
    expect(json(ALWAYS)).toMatchObject({ trailingSlash: true });
  });

  it('GitHub Pages writes an old URL\'s redirect page in the pages\' layout', () => {
    expect(githubPagesRedirects.render(input(FILE)).map((f) => f.path)).toEqual(['old.html']);
    expect(githubPagesRedirects.render(input(NEVER)).map((f) => f.path)).toEqual(['old/index.html']);
    expect(githubPagesRedirects.render(input(ALWAYS)).map((f) => f.path)).toEqual(['old/index.html']);
  });
});
