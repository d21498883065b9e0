// site.basePath: validated where it is set (file, PRESSROOM_BASE_PATH,
// --base-path), derived from the path of site.url when unset, and resolved so
// that site.url always ends in it: absolute URLs are site.url + path and links
// basePath + path, so neither can carry the prefix twice (docs/configuration.md).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfig } from '../../../src/config/load.ts';
import { urlParts } from '../../../src/config/schema.ts';
import { isPressroomError, type PressroomError } from '../../../src/errors/errors.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-base-path-');

const file = async (site: Record<string, unknown>) => {
  const p = join(tmp.dir, `c${Math.random().toString(36).slice(2)}.json`);
  await writeFile(p, JSON.stringify({ site: { name: 'Harbour Tech', ...site } }));
  return p;
};
type Problem = { path: string; source: string; message: string };
function problems(run: () => unknown): Problem[] {
  try {
    run();
  } catch (e) {
    if (isPressroomError(e)) return ((e as PressroomError).details?.problems ?? []) as Problem[];
    throw e;
  }
  throw new Error('expected a configuration error');
}

describe('site.basePath', () => {
  it('is "" for an origin, and leaves site.url exactly as written (minus trailing slashes)', async () => {
    const c = loadConfig({ file: await file({ url: 'https://Harbour.example/' }), env: {} });
    expect(c.site).toMatchObject({ url: 'https://Harbour.example', basePath: '' });
  });

  it('is the path of site.url when not set: a GitHub Pages project address needs nothing else', async () => {
    const c = loadConfig({ file: await file({ url: 'https://user.github.io/project/' }), env: {} });
    expect(c.site).toMatchObject({ url: 'https://user.github.io/project', basePath: '/project' });
    const deep = loadConfig({ file: await file({ url: 'https://example.org/sites/news' }), env: {} });
    expect(deep.site.basePath).toBe('/sites/news');
  });

  it('is appended to an origin site.url once, and agrees with a site.url that already has it', async () => {
    const set = loadConfig({ file: await file({ url: 'https://user.github.io', basePath: '/project' }), env: {} });
    expect(set.site).toMatchObject({ url: 'https://user.github.io/project', basePath: '/project' });
    const both = loadConfig({ file: await file({ url: 'https://user.github.io/project', basePath: '/project' }), env: {} });
    expect(both.site).toMatchObject({ url: 'https://user.github.io/project', basePath: '/project' });
  });

  it('comes from PRESSROOM_BASE_PATH and --base-path, flags over the environment over the file', async () => {
    const p = await file({ url: 'https://news.example', basePath: '/file' });
    expect(loadConfig({ file: p, env: { PRESSROOM_BASE_PATH: '/env' } }).site).toMatchObject({ basePath: '/env', url: 'https://news.example/env' });
    expect(loadConfig({ file: p, env: { PRESSROOM_BASE_PATH: '/env' }, flags: { basePath: '/flag' } }).site.basePath).toBe('/flag');
    // An explicit "" puts a site with a base path in its file back at the root.
    expect(loadConfig({ file: p, env: {}, flags: { basePath: '' } }).site).toMatchObject({ basePath: '', url: 'https://news.example' });
  });

  it.each([
    ['/project/', 'trailing slash'],
    ['project', 'no leading slash'],
    ['/', 'a lone slash'],
    ['/a//b', 'an empty segment'],
    ['/a/../b', 'a dot-dot segment'],
    ['/./a', 'a dot segment'],
    ['/a b', 'a space'],
    ['/caf%C3%A9', 'a percent-escape'],
    ['/a?b', 'a query'],
    ['/a#b', 'a fragment'],
    ['/a"b', 'a quote'],
    [`/${'a'.repeat(200)}`, 'over 200 characters'],
  ])('refuses %j (%s), blamed on the input that set it', async (value) => {
    const p = await file({ url: 'https://news.example' });
    const got = problems(() => loadConfig({ file: p, env: {}, flags: { basePath: value } }));
    expect(got).toEqual([expect.objectContaining({ path: 'site.basePath', source: '--base-path' })]);
    expect(got[0].message).toMatch(/^expected "" or a path such as \/project/);
    expect(problems(() => loadConfig({ file: p, env: { PRESSROOM_BASE_PATH: value } }))[0].source).toBe('PRESSROOM_BASE_PATH');
  });

  it('accepts unreserved characters and nested segments', async () => {
    const p = await file({ url: 'https://news.example' });
    for (const ok of ['/my-project', '/a.b_c~d/E9', '/...x', '/v1.2']) expect(loadConfig({ file: p, env: {}, flags: { basePath: ok } }).site.basePath).toBe(ok);
  });

  it('refuses a base path that differs from the path of site.url, naming both', async () => {
    const p = await file({ url: 'https://user.github.io/project', basePath: '/other' });
    expect(problems(() => loadConfig({ file: p, env: {} }))).toEqual([
      { path: 'site.basePath', source: p, message: 'is "/other" but site.url has the path /project; give the path in one of them, or the same in both' },
    ]);
    expect(problems(() => loadConfig({ file: p, env: {}, flags: { basePath: '' } }))[0]).toMatchObject({ path: 'site.basePath', source: '--base-path' });
  });

  it('refuses a site.url whose path cannot be a base path, or that has a query or fragment', async () => {
    const p = await file({ url: 'https://news.example' });
    for (const [url, message] of [
      ['https://news.example/a%20b', /its path \/a%20b cannot be a base path/],
      ['https://news.example//x', /its path \/\/x cannot be a base path/],
      ['https://news.example/?utm=1', /has a query or fragment \(\?utm=1\)/],
      ['https://news.example/x#top', /has a query or fragment \(#top\)/],
    ] as const) {
      const got = problems(() => loadConfig({ file: p, env: {}, flags: { siteUrl: url } }));
      expect(got, url).toEqual([expect.objectContaining({ path: 'site.url', source: '--site-url' })]);
      expect(got[0].message).toMatch(message);
    }
  });

  it('reports a bad base path together with the configuration\'s other problems', async () => {
    const p = await file({ url: 'https://news.example' });
    const got = problems(() => loadConfig({ file: p, env: {}, flags: { basePath: 'x/', concurrency: 'lots' } }));
    expect(got.map((x) => x.path).sort()).toEqual(['crawl.concurrency', 'site.basePath']);
  });

  it('is embedded in the page data only when it is not "", so a root site\'s pages keep their bytes', async () => {
    const root = publicConfig(loadConfig({ file: await file({ url: 'https://news.example' }), env: {} }));
    expect('basePath' in root.site).toBe(false);
    const sub = publicConfig(loadConfig({ file: await file({ url: 'https://user.github.io/project' }), env: {} }));
    expect(sub.site.basePath).toBe('/project');
  });
});

describe('urlParts', () => {
  it('splits the path after the authority from a query or fragment', () => {
    expect(urlParts('https://a.example')).toEqual({ path: '', rest: '' });
    expect(urlParts('https://a.example:8080/x/y/')).toEqual({ path: '/x/y', rest: '' });
    expect(urlParts('https://a.example/x?q=1#f')).toEqual({ path: '/x', rest: '?q=1#f' });
    expect(urlParts('http://a.example#f')).toEqual({ path: '', rest: '#f' });
  });
});
