// `pressroom serve` with the build's URL form and page files from its manifest (docs/decisions/0117-trailing-slash-and-page-files.md):
// every page 200 from its file at its URL, the other form 301 to it, shells and 404 as ever.
import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, type Serving } from '../../../src/serve/index.ts';
import { tempDir } from '../../helpers/pressroom.ts';

type Answer = { status: number; location?: string; body: string };

function get(serving: Serving, path: string): Promise<Answer> {
  const u = new URL(serving.url);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, method: 'GET', path }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => ok({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

async function site(files: Record<string, string>, head: Record<string, unknown>, base?: string, shell = '_shell/search.html'): Promise<Serving> {
  const tmp = await tempDir('pressroom-serve-forms-');
  for (const [rel, body] of Object.entries({ ...files, '404.html': '<p>missing</p>', '_shell/search.html': '<p>shell</p>', _redirects: `${base ?? ''}/old${head.trailingSlash === 'always' ? '/' : ''} ${base ?? ''}/news/foo${head.trailingSlash === 'always' ? '/' : ''} 301\n${base ?? ''}/search/* ${base ?? ''}/${shell} 200\n` })) {
    const f = join(tmp.dir, 'out', rel);
    await mkdir(join(f, '..'), { recursive: true });
    await writeFile(f, body);
  }
  await writeFile(join(tmp.dir, 'out', 'pressroom-manifest.json'), JSON.stringify({ version: 2, source: { kind: 'api', base: 'http://unused.invalid' }, ...head, files: [] }));
  const serving = await startServe({ out: join(tmp.dir, 'out'), port: 0, apiProxy: 'http://127.0.0.1:9' });
  cleanups.push(async () => {
    await serving.close();
    await tmp.cleanup();
  });
  return serving;
}

describe('pressroom serve: the URL form of the build', () => {
  it('a rewrite to the shell without .html (Cloudflare\'s form) is served from the shell\'s file in the folder layout too', async () => {
    const s = await site({ 'index.html': '<p>home</p>', 'news/foo/index.html': '<p>foo</p>' }, {}, undefined, '_shell/search');
    expect(await get(s, '/search/news/kubernetes')).toMatchObject({ status: 200, body: '<p>shell</p>' });
    expect(await get(s, '/news/foo')).toMatchObject({ status: 200, body: '<p>foo</p>' });
  });

  it('"always": pages 200 at /x/ from x/index.html, /x 301 to /x/ (query kept), files and the home as they are', async () => {
    const s = await site({ 'index.html': '<p>home</p>', 'news/foo/index.html': '<p>foo</p>', 'feed.xml': '<rss/>' }, { trailingSlash: 'always' });
    expect(await get(s, '/news/foo/')).toMatchObject({ status: 200, body: '<p>foo</p>' });
    expect(await get(s, '/news/foo?x=1')).toMatchObject({ status: 301, location: '/news/foo/?x=1' });
    expect(await get(s, '/')).toMatchObject({ status: 200, body: '<p>home</p>' });
    expect(await get(s, '/feed.xml')).toMatchObject({ status: 200, body: '<rss/>' });
    // An old URL in either form: one hop to its target.
    expect(await get(s, '/old')).toMatchObject({ status: 301, location: '/news/foo/' });
    expect(await get(s, '/old/')).toMatchObject({ status: 301, location: '/news/foo/' });
    expect(await get(s, '/search/all/term/')).toMatchObject({ status: 200, body: '<p>shell</p>' });
    expect(await get(s, '/nope/')).toMatchObject({ status: 404, body: '<p>missing</p>' });
  });

  it('"never" with the file layout: pages 200 at /x from x.html, /x/ 301 to /x, the home index.html', async () => {
    const s = await site({ 'index.html': '<p>home</p>', 'news/foo.html': '<p>foo</p>', 'topic/news.html': '<p>topic</p>', 'topic/news/page/2.html': '<p>page 2</p>' }, { pageFiles: 'file' });
    expect(await get(s, '/news/foo')).toMatchObject({ status: 200, body: '<p>foo</p>' });
    expect(await get(s, '/topic/news')).toMatchObject({ status: 200, body: '<p>topic</p>' });
    expect(await get(s, '/topic/news/page/2')).toMatchObject({ status: 200, body: '<p>page 2</p>' });
    expect(await get(s, '/news/foo/')).toMatchObject({ status: 301, location: '/news/foo' });
    expect(await get(s, '/topic/news/')).toMatchObject({ status: 301, location: '/topic/news' });
    expect(await get(s, '/')).toMatchObject({ status: 200, body: '<p>home</p>' });
    expect(await get(s, '/search/all/term')).toMatchObject({ status: 200, body: '<p>shell</p>' });
    expect(await get(s, '/nope')).toMatchObject({ status: 404, body: '<p>missing</p>' });
  });

  it('"always" under a base path: /project/x 301 to /project/x/, the home at /project/', async () => {
    const s = await site({ 'index.html': '<p>home</p>', 'news/foo/index.html': '<p>foo</p>' }, { trailingSlash: 'always', basePath: '/project' }, '/project');
    expect(await get(s, '/project/news/foo/')).toMatchObject({ status: 200, body: '<p>foo</p>' });
    expect(await get(s, '/project/news/foo')).toMatchObject({ status: 301, location: '/project/news/foo/' });
    expect(await get(s, '/project/')).toMatchObject({ status: 200, body: '<p>home</p>' });
  });
});
