// `pressroom serve` behaves as a static host (docs/cli.md, "pressroom serve").
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type Serving } from '../../../src/serve/index.ts';
import { tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let serving: Serving;
let upstream: Server;

async function put(rel: string, body: string) {
  const f = join(tmp.dir, 'out', rel);
  await mkdir(join(f, '..'), { recursive: true });
  await writeFile(f, body);
}

/** Raw request: the path goes out exactly as written (fetch would normalise '..'). */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, any>; body: string }> {
  const u = new URL(serving.url);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  tmp = await tempDir('pressroom-serve-');
  upstream = createServer((req, res) => {
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ proxied: `${req.method} ${req.url}` }));
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  await put('index.html', '<p>home</p>');
  await put('404.html', '<p>not found page</p>');
  await put('news/foo/index.html', '<p>foo</p>');
  await put('_shell/search.html', '<p>search shell</p>');
  await put('assets/entry-ABCD1234.js', 'console.log(1)');
  await put('data/post/latest.json', '{"status":200,"body":[]}');
  await put('pagefind/pagefind.js', 'export const search = () => null;');
  await put('pagefind/wasm.en.pagefind', 'gzip bytes of the WebAssembly');
  await put('pagefind/fragment/en_1a2b3c4.pf_fragment', 'gzip bytes of a fragment');
  await put('pagefind/index/en_5d6e7f8.pf_index', 'gzip bytes of an index chunk');
  await put('pagefind/filter/en_9a8b7c6.pf_filter', 'gzip bytes of a filter');
  await put('pagefind/pagefind.en_0123456789.pf_meta', 'gzip bytes of the meta');
  await put('plain.wasm', 'wasm bytes');
  await put('_redirects', '# comment\n/old /news/foo 301\n/gone https://partner.example/x 302\n/search/* /_shell/search.html 200\n');
  await put('pressroom-manifest.json', JSON.stringify({ version: 1, source: { kind: 'api', base: 'http://unused.invalid' }, files: [] }));
  await writeFile(join(tmp.dir, 'secret.txt'), 'outside out/');
  const { port } = upstream.address() as AddressInfo;
  serving = await startServe({ out: join(tmp.dir, 'out'), port: 0, apiProxy: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await serving?.close();
  await new Promise((ok) => upstream?.close(ok));
  await tmp?.cleanup();
});

describe('pressroom serve', () => {
  it('prints an http URL on a free port', () => {
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves index.html per folder at the URL without the slash, and redirects the slashed form to it (301, query kept)', async () => {
    const r = await raw('GET', '/news/foo');
    expect(r.status).toBe(200);
    expect(r.body).toBe('<p>foo</p>');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const slashed = await raw('GET', '/news/foo/?a=1');
    expect(slashed.status).toBe(301);
    expect(slashed.headers.location).toBe('/news/foo?a=1');
    expect((await raw('GET', '/')).body).toBe('<p>home</p>');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const r = await raw('GET', '/nope/here');
    expect(r.status).toBe(404);
    expect(r.body).toBe('<p>not found page</p>');
  });

  it('applies the redirect rules and the 200 rewrites of _redirects', async () => {
    const r = await raw('GET', '/old');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/news/foo');
    expect((await raw('GET', '/old/')).headers.location).toBe('/news/foo');
    expect((await raw('GET', '/gone')).status).toBe(302);
    const s = await raw('GET', '/search/all/some%20term');
    expect(s.status).toBe(200);
    expect(s.body).toBe('<p>search shell</p>');
  });

  it('sends content types, long caching for hashed assets, and 304 for a matching ETag', async () => {
    const js = await raw('GET', '/assets/entry-ABCD1234.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await raw('GET', '/data/post/latest.json')).headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await raw('GET', '/assets/entry-ABCD1234.js', { 'if-none-match': js.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the static search index: its script as JavaScript, its gzip files as bytes without a Content-Encoding', async () => {
    const script = await raw('GET', '/pagefind/pagefind.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const [path, body] of [
      ['/pagefind/wasm.en.pagefind', 'gzip bytes of the WebAssembly'],
      ['/pagefind/fragment/en_1a2b3c4.pf_fragment', 'gzip bytes of a fragment'],
      ['/pagefind/index/en_5d6e7f8.pf_index', 'gzip bytes of an index chunk'],
      ['/pagefind/filter/en_9a8b7c6.pf_filter', 'gzip bytes of a filter'],
      ['/pagefind/pagefind.en_0123456789.pf_meta', 'gzip bytes of the meta'],
    ]) {
      const r = await raw('GET', path!, { 'accept-encoding': 'br, gzip' });
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toBe('application/octet-stream');
      expect(r.headers['content-encoding'], path).toBeUndefined();
      expect(r.body, path).toBe(body);
    }
    expect((await raw('GET', '/plain.wasm')).headers['content-type']).toBe('application/wasm');
  });

  it('answers HEAD with headers and no body, and refuses other methods on files', async () => {
    const h = await raw('HEAD', '/news/foo');
    expect(h.status).toBe(200);
    expect(h.headers['content-length']).toBe(String('<p>foo</p>'.length));
    expect(h.body).toBe('');
    expect((await raw('POST', '/news/foo')).status).toBe(405);
  });

  it('never serves a file outside out/', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/news/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/%00']) {
      const r = await raw('GET', p);
      expect(r.body).not.toContain('outside out/');
      expect([400, 404]).toContain(r.status);
    }
  });

  it('proxies /api/* and /uploads/* to the live API, POSTs included', async () => {
    const r = await raw('POST', '/api/subscribe/add');
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body)).toEqual({ proxied: 'POST /api/subscribe/add' });
    expect(JSON.parse((await raw('GET', '/uploads/a.jpg?width=300')).body)).toEqual({ proxied: 'GET /uploads/a.jpg?width=300' });
  });
});

describe('pressroom serve of a build for no host (no _redirects)', () => {
  it('still answers the client-only shells, and says the redirects are not previewed', async () => {
    const t = await tempDir('pressroom-serve-nohost-');
    try {
      const out = join(t.dir, 'out');
      await mkdir(join(out, '_shell'), { recursive: true });
      await writeFile(join(out, 'index.html'), '<p>home</p>');
      await writeFile(join(out, '404.html'), '<p>nf</p>');
      await writeFile(join(out, '_shell/search.html'), '<p>search shell</p>');
      await writeFile(join(out, '_shell/preview.html'), '<p>preview shell</p>');
      await writeFile(join(out, 'pressroom-manifest.json'), JSON.stringify({ version: 1, source: { kind: 'api', base: 'http://unused.invalid' }, files: [] }));
      const s = await startServe({ out, port: 0, apiProxy: 'http://127.0.0.1:9' });
      try {
        expect(s.notes).toEqual([expect.stringContaining('no _redirects')]);
        const search = await fetch(`${s.url}/search/news/react`);
        expect(search.status).toBe(200);
        expect(await search.text()).toBe('<p>search shell</p>');
        expect(await (await fetch(`${s.url}/preview/news/draft`)).text()).toBe('<p>preview shell</p>');
        expect((await fetch(`${s.url}/nothing-here`)).status).toBe(404);
      } finally {
        await s.close();
      }
    } finally {
      await t.cleanup();
    }
  });
});
