// `pressroom serve` answers as hosts do: br/gzip by Accept-Encoding (from the
// build's siblings, or compressed on the fly), Range, If-Modified-Since and
// If-None-Match, MIME types.
import { request } from 'node:http';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSiblings } from '../../../src/emit/precompress.ts';
import { startServe, type Serving } from '../../../src/serve/index.ts';
import { negotiate } from '../../../src/serve/static.ts';
import { tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let serving: Serving;
const PAGE = `<!doctype html><title>t</title>${'<p>Readers on slow phones deserve compressed pages.</p>'.repeat(200)}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const u = new URL(serving.url);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  tmp = await tempDir('pressroom-serve-z-');
  const out = join(tmp.dir, 'out');
  await mkdir(join(out, 'news', 'a'), { recursive: true });
  await mkdir(join(out, 'assets'), { recursive: true });
  await writeFile(join(out, 'news', 'a', 'index.html'), PAGE);
  await writeSiblings(join(out, 'news', 'a', 'index.html'), Buffer.from(PAGE));
  await writeFile(join(out, 'assets', 'app-ABCDEFGH.js'), SCRIPT); // no siblings: compressed on the fly
  await writeFile(join(out, 'feed.xml'), '<rss/>');
  await writeFile(join(out, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(out, 'data.json'), '{"a":1}');
  await writeFile(join(out, 'style.css'), 'body{}');
  await writeFile(join(out, '404.html'), '<p>missing</p>');
  await writeFile(join(out, 'pressroom-manifest.json'), JSON.stringify({ version: 1, source: { kind: 'api', base: 'http://unused.invalid' }, files: [] }));
  const old = new Date('2026-01-01T00:00:00Z');
  await utimes(join(out, 'news', 'a', 'index.html'), old, old);
  serving = await startServe({ out, port: 0, apiProxy: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await serving?.close();
  await tmp?.cleanup();
});

describe('serve: compression, ranges, revalidation', () => {
  it('answers br, gzip or identity by Accept-Encoding, from the siblings', async () => {
    const br = await get('/news/a', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    const gz = await get('/news/a', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    const plain = await get('/news/a');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    const refused = await get('/news/a', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('compresses on the fly a file without siblings, keeping its immutable cache policy', async () => {
    const r = await get('/assets/app-ABCDEFGH.js', { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
  });

  it('answers a Range with 206 and the bytes, an unsatisfiable one with 416', async () => {
    const r = await get('/news/a/index.html', { range: 'bytes=0-14' });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 0-14/${Buffer.byteLength(PAGE)}`);
    expect(r.body.toString()).toBe(PAGE.slice(0, 15));
    const tail = await get('/news/a/index.html', { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.body.toString()).toBe(PAGE.slice(-10));
    expect((await get('/news/a/index.html', { range: 'bytes=999999-' })).status).toBe(416);
  });

  it('answers 304 for If-Modified-Since and If-None-Match, in every encoding', async () => {
    const first = await get('/news/a');
    expect(first.headers['last-modified']).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
    expect((await get('/news/a', { 'if-modified-since': 'Fri, 02 Jan 2026 00:00:00 GMT' })).status).toBe(304);
    expect((await get('/news/a', { 'if-modified-since': 'Wed, 31 Dec 2025 00:00:00 GMT' })).status).toBe(200);
    expect((await get('/news/a', { 'if-none-match': String(first.headers.etag) })).status).toBe(304);
    const br = await get('/assets/app-ABCDEFGH.js', { 'accept-encoding': 'br' });
    expect((await get('/assets/app-ABCDEFGH.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    // Variants carry different validators: a gzip ETag does not validate the br body.
    expect(br.headers.etag).not.toBe((await get('/assets/app-ABCDEFGH.js', { 'accept-encoding': 'gzip' })).headers.etag);
  });

  it('knows the common types and keeps 404 as 404', async () => {
    expect((await get('/feed.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
    expect((await get('/logo.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await get('/data.json')).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get('/style.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    const missing = await get('/nowhere', { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(gunzipSync(missing.body).toString()).toBe('<p>missing</p>');
  });

  it('negotiates by q-value, br first at equal weight', () => {
    expect(negotiate('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(negotiate('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(negotiate('identity')).toEqual([]);
    expect(negotiate('*')).toEqual(['br', 'gzip']);
    expect(negotiate(undefined)).toEqual([]);
  });
});
