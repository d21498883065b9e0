// The URL paths a purge names for the changed files of out/ (src/deploy/purge/urls.ts), and the
// purgers' construction from configuration and environment (src/deploy/purge/index.ts).
import { describe, expect, it } from 'vitest';
import { isPressroomError } from '../../../src/errors/errors.ts';
import { purgePaths, purgerFor, tokenVariable } from '../../../src/deploy/purge/index.ts';
import { callerReference } from '../../../src/deploy/purge/cloudfront.ts';
import { paths as sitePaths, outputFileFor } from '../../../src/site/paths.ts';

const root = { basePath: '' };

describe('purgePaths', () => {
  it('names a page in its link, folder and file forms', () => {
    expect(purgePaths(['news/some-story/index.html'], root)).toEqual(['/news/some-story', '/news/some-story/', '/news/some-story/index.html']);
  });

  it('names the home page as / and /index.html, and under a base path with and without its slash', () => {
    expect(purgePaths(['index.html'], root)).toEqual(['/', '/index.html']);
    expect(purgePaths(['index.html'], { basePath: '/project' })).toEqual(['/project', '/project/', '/project/index.html']);
  });

  it('prefixes the base path to every form', () => {
    expect(purgePaths(['about/index.html', 'data/articles/x.json', 'assets/entry-ABCDEFGH.js'], { basePath: '/project' })).toEqual([
      '/project/about',
      '/project/about/',
      '/project/about/index.html',
      '/project/assets/entry-ABCDEFGH.js',
      '/project/data/articles/x.json',
    ]);
  });

  it('names other files as themselves, and an HTML file of its own name also without .html', () => {
    expect(purgePaths(['sitemap.xml', 'feeds/tag/ai.xml', '404.html', '_shell/search.html'], root)).toEqual(['/404.html', '/404', '/_shell/search.html', '/_shell/search', '/feeds/tag/ai.xml', '/sitemap.xml']);
  });

  it('percent-encodes each segment exactly as the site links the page', () => {
    for (const [cat, slug] of [
      ['news', 'café-ünïcode'],
      ['news', 'a b&c?d#e'],
      ['tech', '50%-off'],
    ]) {
      const link = sitePaths.article(cat, slug);
      const file = outputFileFor(link, 'folder');
      expect(purgePaths([file], root)[0]).toBe(link);
      // The file layout (output.pageFiles "file"): the page's link form and its file, `/a/b` and `/a/b.html`.
      expect(purgePaths([outputFileFor(link, 'file')], root)).toEqual([`${link}.html`, link]);
    }
    expect(purgePaths(['news/café/index.html'], root)).toEqual(['/news/caf%C3%A9', '/news/caf%C3%A9/', '/news/caf%C3%A9/index.html']);
    expect(purgePaths(['uploads/a b.png'], root)).toEqual(['/uploads/a%20b.png']);
  });

  it('is deduplicated and ordered by the set of files, not by their order', () => {
    const a = purgePaths(['b/index.html', 'a.json', 'b/index.html', '/a.json'], root);
    const b = purgePaths(['a.json', 'b/index.html'], root);
    expect(a).toEqual(b);
    expect(a).toEqual(['/a.json', '/b', '/b/', '/b/index.html']);
    expect(new Set(a).size).toBe(a.length);
    expect(purgePaths([], root)).toEqual([]);
  });
});

describe('purgerFor', () => {
  const code = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      if (isPressroomError(e)) return `${e.code} ${e.message}`;
      throw e;
    }
    return 'no error';
  };

  it('makes each purger type', () => {
    expect(purgerFor({ name: 'varnish', type: 'http', url: 'http://127.0.0.1:6081' }, {}).type).toBe('http');
    expect(purgerFor({ name: 'cf', type: 'cloudflare', zone: 'z' }, { CLOUDFLARE_API_TOKEN: 't' }).type).toBe('cloudflare');
    expect(purgerFor({ name: 'cdn', type: 'cloudfront', distribution: 'E1' }, {}).type).toBe('cloudfront');
  });

  it('fails at construction when a token is missing, naming the variable', () => {
    expect(code(() => purgerFor({ name: 'cf', type: 'cloudflare', zone: 'z' }, {}))).toMatch(/^PR_DEPLOY_PURGE_TOKEN .*CLOUDFLARE_API_TOKEN \(or PRESSROOM_PURGE_TOKEN_CF\)/);
    expect(code(() => purgerFor({ name: 'cf', type: 'cloudflare', zone: 'z' }, { CLOUDFLARE_API_TOKEN: ' ' }))).toMatch(/^PR_DEPLOY_PURGE_TOKEN/);
    expect(code(() => purgerFor({ name: 'cf', type: 'cloudflare', zone: 'z' }, { PRESSROOM_PURGE_TOKEN_CF: 't' }))).toBe('no error');
    expect(code(() => purgerFor({ name: 'fastly-eu', type: 'http', url: 'https://www.example.com', header: 'Fastly-Key' }, {}))).toMatch(/^PR_DEPLOY_PURGE_TOKEN .*PRESSROOM_PURGE_TOKEN_FASTLY_EU/);
    expect(tokenVariable('my.cdn')).toBe('PRESSROOM_PURGE_TOKEN_MY_CDN');
  });

  it('refuses URLs and batch sizes it cannot use', () => {
    expect(code(() => purgerFor({ name: 'v', type: 'http', url: 'varnish:6081' }, {}))).toMatch(/^PR_CONFIG_INVALID .*purge\["v"\]\.url/);
    expect(code(() => purgerFor({ name: 'cf', type: 'cloudflare', zone: 'z', batchSize: 0 }, { CLOUDFLARE_API_TOKEN: 't' }))).toMatch(/^PR_CONFIG_INVALID .*batchSize/);
    expect(code(() => purgerFor({ name: 'cdn', type: 'cloudfront', distribution: 'E1', maxPaths: 3001 }, {}))).toMatch(/^PR_CONFIG_INVALID .*maxPaths/);
  });
});

describe('CloudFront CallerReference', () => {
  it('is the same for a retry of one purge and differs for another release or other paths', () => {
    const r = callerReference('20260115-120000', ['/a', '/a/']);
    expect(r).toBe(callerReference('20260115-120000', ['/a', '/a/']));
    expect(r).not.toBe(callerReference('20260115-120001', ['/a', '/a/']));
    expect(r).not.toBe(callerReference('20260115-120000', ['/a']));
    expect(r).toMatch(/^pressroom-20260115-120000-[0-9a-f]{16}$/);
  });
});
