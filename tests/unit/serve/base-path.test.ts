// `pressroom serve --base` (docs/cli.md, "pressroom serve"): out/ served under a
// path prefix as a GitHub Pages project site is, with the build's prefixed
// `_redirects` and `_headers`, the API proxied under the prefix, and 404 for
// anything outside it. The default prefix is the one the build recorded.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPressroomError } from '../../../src/errors/errors.ts';
import { startServe, type Serving } from '../../../src/serve/index.ts';
import { tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let upstream: Server;
let upstreamUrl: string;
const running: Serving[] = [];

async function put(out: string, rel: string, body: string) {
  const f = join(tmp.dir, out, rel);
  await mkdir(join(f, '..'), { recursive: true });
  await writeFile(f, body);
}

function get(s: Serving, path: string): Promise<{ status: number; headers: Record<string, any>; body: string }> {
  const u = new URL(s.url);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, method: 'GET', path }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function serve(out: string, base?: string): Promise<Serving> {
  const s = await startServe({ out: join(tmp.dir, out), port: 0, apiProxy: upstreamUrl, base });
  running.push(s);
  return s;
}

beforeAll(async () => {
  tmp = await tempDir('pressroom-serve-base-');
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ proxied: `${req.method} ${req.url}` }));
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const manifest = (basePath?: string) => JSON.stringify({ version: 1, source: { kind: 'api', base: 'http://unused.invalid' }, ...(basePath ? { basePath } : {}), files: [] });
  for (const out of ['sub', 'root']) {
    await put(out, 'index.html', '<p>home</p>');
    await put(out, '404.html', '<p>not found page</p>');
    await put(out, 'news/foo/index.html', '<p>foo</p>');
    await put(out, '_shell/search.html', '<p>search shell</p>');
    await put(out, 'assets/entry-ABCD1234.js', 'console.log(1)');
  }
  await put('sub', '_redirects', '/project/old /project/news/foo 301\n/project/search/* /project/_shell/search.html 200\n');
  await put('sub', '_headers', '/project/assets/entry-ABCD1234.js\n  Cache-Control: public, max-age=31536000, immutable\n');
  await put('sub', 'pressroom-manifest.json', manifest('/project'));
  await put('root', 'pressroom-manifest.json', manifest());
});
afterAll(async () => {
  for (const s of running) await s.close();
  await new Promise((ok) => upstream?.close(ok));
  await tmp?.cleanup();
});

describe('pressroom serve under a base path', () => {
  it('serves under the base path the build recorded, and says where', async () => {
    const s = await serve('sub');
    expect(s.base).toBe('/project');
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/project$/);
    expect(s.notes).toEqual([]);
    for (const p of ['/project', '/project/']) expect((await get(s, p)).body).toBe('<p>home</p>');
    expect((await get(s, '/project/news/foo')).body).toBe('<p>foo</p>');
    expect((await get(s, '/project/assets/entry-ABCD1234.js')).status).toBe(200);
  });

  it('answers 404 outside the base path, also for a name that only starts like it', async () => {
    const s = await serve('sub');
    for (const p of ['/', '/news/foo', '/assets/entry-ABCD1234.js', '/projects/news/foo', '/api/post/latest']) {
      const r = await get(s, p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).toBe('not found: the site is served under /project/\n');
    }
  });

  it('answers unknown paths inside it with 404.html', async () => {
    const r = await get(await serve('sub'), '/project/nope');
    expect(r.status).toBe(404);
    expect(r.body).toBe('<p>not found page</p>');
  });

  it('applies the prefixed _redirects rules and rewrites, and the prefixed _headers', async () => {
    const s = await serve('sub');
    const moved = await get(s, '/project/old');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/project/news/foo');
    const shell = await get(s, '/project/search/all/cloud');
    expect(shell.status).toBe(200);
    expect(shell.body).toBe('<p>search shell</p>');
    expect((await get(s, '/project/assets/entry-ABCD1234.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('proxies the API and images under the base path, without the prefix upstream', async () => {
    const s = await serve('sub');
    expect(JSON.parse((await get(s, '/project/api/post/latest?page=2')).body)).toEqual({ proxied: 'GET /api/post/latest?page=2' });
    expect(JSON.parse((await get(s, '/project/uploads/a.jpg?width=300')).body)).toEqual({ proxied: 'GET /uploads/a.jpg?width=300' });
  });

  it('serves a root build under --base with the shell rewrites prefixed, and notes the mismatch', async () => {
    const s = await serve('root', '/preview-42');
    expect(s.notes.some((n) => n.includes('built for the root of a domain but is served under /preview-42'))).toBe(true);
    expect((await get(s, '/preview-42/news/foo')).body).toBe('<p>foo</p>');
    // No _redirects in this build: the shells still answer their paths, under the prefix.
    expect((await get(s, '/preview-42/search/all/x')).body).toBe('<p>search shell</p>');
    expect((await get(s, '/news/foo')).status).toBe(404);
  });

  it('serves a base-path build at the root with --base "", noting that its links will miss', async () => {
    const s = await serve('sub', '');
    expect(s.url).toMatch(/:\d+$/);
    expect(s.notes.some((n) => n.includes('built for the base path /project but is served under /'))).toBe(true);
    expect((await get(s, '/news/foo')).body).toBe('<p>foo</p>');
  });

  it('refuses a base that is not a base path', async () => {
    const e = await serve('sub', '/project/').catch((x: unknown) => x);
    expect(isPressroomError(e) && e.code).toBe('PR_USAGE');
  });
});
