// The watcher's HTTP side (src/watch/server.ts) on 127.0.0.1 port 0 with a
// recording queue: the signature is checked before anything is parsed or
// queued, a replay is refused, bodies are capped in bytes, and every refusal
// has its status and is reported with its reason and the peer's address.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody, signTimestamped } from '../../../src/webhook/signature.ts';
import { formatRef, type Ref } from '../../../src/webhook/refs.ts';
import type { WatchStatus } from '../../../src/watch/queue.ts';
import type { Rejection } from '../../../src/watch/rejections.ts';
import { startWatchServer, type WatchServer, type WatchServerOptions } from '../../../src/watch/server.ts';

const SECRET = 'unit-secret';
const MAX = 64;
let server: WatchServer;
let accepted: string[][] = [];
let stopping = false;
const rejections: Rejection[] = [];

/** A server on 127.0.0.1 port 0 with the secret and limits above; `o` the rest. */
const serve = (o: Pick<WatchServerOptions, 'accept' | 'status'> & Partial<WatchServerOptions>) =>
  startWatchServer({ host: '127.0.0.1', port: 0, secret: SECRET, maxBody: MAX, toleranceMs: 5 * 60_000, requireTimestamp: false, ...o });

beforeAll(async () => {
  server = await serve({
    onReject: (r) => void rejections.push(r),
    accept: (refs: readonly Ref[]) => (stopping ? null : (accepted.push(refs.map(formatRef)), accepted.flat().length)),
    status: () => ({ state: 'idle', queue: 0, counters: { builds: 0, failures: 0, webhooks: accepted.length } }) as unknown as WatchStatus,
  });
});
afterAll(() => server?.close());

const hook = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = { 'x-pressroom-signature-256': signBody(SECRET, body) }) =>
  fetch(`${server.url}/hooks/publish`, { method: 'POST', body, headers });

describe('the webhook endpoint', () => {
  it('accepts a signed body (either header name) and answers 202 with the REFs and the pending count', async () => {
    accepted = [];
    const body = JSON.stringify(['post:5019', '/news/some-slug/', { id: 7, post_name: 'x' }]);
    const r = await hook(body);
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ accepted: ['post:5019', '/news/some-slug', 'post:7'], queued: 3 });
    const gh = await hook('{"refs":["ads"]}', { 'x-hub-signature-256': signBody(SECRET, '{"refs":["ads"]}') });
    expect(gh.status).toBe(202);
    expect(accepted).toEqual([['post:5019', '/news/some-slug', 'post:7'], ['ads']]);
  });

  it('refuses a missing, malformed or wrong signature with 401 before parsing anything', async () => {
    accepted = [];
    const body = '["post:1"]';
    for (const headers of [{} as Record<string, string>, { 'x-pressroom-signature-256': 'sha256=zz' }, { 'x-pressroom-signature-256': signBody('other', body) }, { 'x-hub-signature-256': signBody(SECRET, `${body} `) }]) {
      const r = await hook(body, headers);
      expect(r.status).toBe(401);
      expect((await r.json()).error).toMatch(/signature/);
    }
    // Not JSON at all, unsigned: still 401 (the parser never sees it).
    expect((await hook('not json', {})).status).toBe(401);
    expect(accepted).toEqual([]);
  });

  it('answers 400 to a signed body that is not JSON or names a bad REF, saying which item', async () => {
    const notJson = await hook('{"refs":');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatch(/not JSON/);
    const bad = await hook('["post:1","post:abc"]');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Bad REF "post:abc": a post id is a positive integer/);
    const item = await hook('["ads",{"title":"x"}]');
    expect((await item.json()).error).toMatch(/^Item 1 of the webhook body/);
    const empty = await hook('[]');
    expect(empty.status).toBe(400);
  });

  it('answers 413 past --max-body, counting bytes, whether the length is announced or not', async () => {
    // 37 characters, 64 bytes: at the limit. One more two-byte character is over it.
    const atLimit = JSON.stringify(['/news/' + 'é'.repeat(27)]);
    expect(Buffer.byteLength(atLimit)).toBe(MAX);
    expect((await hook(atLimit)).status).toBe(202);
    const over = JSON.stringify(['/news/' + 'é'.repeat(28)]);
    expect(over.length).toBeLessThan(MAX);
    expect((await hook(over)).status).toBe(413);
    expect((await hook(new Uint8Array(5 * 1024 * 1024).fill(97))).status).toBe(413);
    // Chunked, no Content-Length: the reading stops at the limit.
    const status = await new Promise<number | string>((ok) => {
      const req = request(`${server.url}/hooks/publish`, { method: 'POST' }, (res) => (res.resume(), ok(res.statusCode!)));
      req.on('error', (e) => ok(`error ${(e as NodeJS.ErrnoException).code}`));
      req.write('["' + 'a'.repeat(100));
      setTimeout(() => req.end('"]'), 50);
    });
    expect(status).toBe(413);
  });

  it('answers 503 once the watcher is stopping', async () => {
    stopping = true;
    try {
      const r = await hook('["ads"]');
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('10');
    } finally {
      stopping = false;
    }
  });
});

describe('the other endpoints', () => {
  it('GET /healthz answers ok; GET /status the status with the refusals counted', async () => {
    const h = await fetch(`${server.url}/healthz`);
    expect([h.status, await h.text()]).toEqual([200, 'ok\n']);
    const s = await fetch(`${server.url}/status`);
    expect(s.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await s.json();
    expect(body).toMatchObject({ state: 'idle', queue: 0, rejected: { signature: 5 } });
    expect(body.rejected.tooLarge).toBeGreaterThanOrEqual(3);
    expect(body.rejected.body).toBe(4);
  });

  it('answers 405 with Allow to a wrong method and 404 elsewhere', async () => {
    const get = await fetch(`${server.url}/hooks/publish`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const post = await fetch(`${server.url}/status`, { method: 'POST', body: '{}' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const other = await fetch(`${server.url}/hooks/other`, { method: 'POST', body: '{}' });
    expect(other.status).toBe(404);
    expect((await fetch(`${server.url}/healthz?probe=1`)).status).toBe(200);
  });
});

describe('refusals reported for the log', () => {
  it('reports each refusal with its reason, status and the peer\'s address, and the wrong route asked for (without its query)', async () => {
    rejections.length = 0;
    const body = '["post:1"]';
    await hook(body, { 'x-pressroom-signature-256': signBody('wrong', body) });
    await hook(body, {});
    await hook(new Uint8Array(MAX + 1).fill(97));
    await hook('not json');
    await fetch(`${server.url}/hooks/publish`);
    await fetch(`${server.url}/hooks/other?token=s3cret`, { method: 'POST', body: '{}' });
    expect(rejections).toEqual([
      { reason: 'bad signature', status: 401, address: '127.0.0.1' },
      { reason: 'missing signature', status: 401, address: '127.0.0.1' },
      { reason: 'too large', status: 413, address: '127.0.0.1' },
      { reason: 'bad body', status: 400, address: '127.0.0.1' },
      { reason: 'bad method', status: 405, address: '127.0.0.1', request: 'GET /hooks/publish' },
      { reason: 'unknown path', status: 404, address: '127.0.0.1', request: 'POST /hooks/other' },
    ]);
  });
});

describe('replayed webhooks', () => {
  let clockMs = Date.UTC(2026, 0, 15, 12);
  let own: WatchServer;
  let queued = 0;
  const seen: Rejection[] = [];
  beforeAll(async () => {
    own = await serve({
      toleranceMs: 60_000,
      now: () => clockMs,
      onReject: (r) => void seen.push(r),
      accept: () => ++queued,
      status: () => ({ state: 'idle', queue: 0 }) as unknown as WatchStatus,
    });
  });
  afterAll(() => own?.close());
  const post = (body: string, headers: Record<string, string>) => fetch(`${own.url}/hooks/publish`, { method: 'POST', body, headers });

  it('accepts a timestamped delivery once: the same request again is 409, and later a stale 401; /status counts both', async () => {
    const body = '["post:1"]';
    const ts = String(clockMs / 1000);
    const captured = { 'x-pressroom-timestamp': ts, 'x-pressroom-signature-256': signTimestamped(SECRET, ts, body) };
    expect((await post(body, captured)).status).toBe(202);
    const again = await post(body, captured);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatch(/^replayed: this timestamp, body and signature were accepted already/);
    clockMs += 61_000;
    const stale = await post(body, captured);
    expect(stale.status).toBe(401);
    expect((await stale.json()).error).toMatch(/^stale timestamp: /);
    expect(queued).toBe(1);
    expect(seen.map((r) => r.reason)).toEqual(['replayed', 'stale timestamp']);
    const status = await (await fetch(`${own.url}/status`)).json();
    expect(status.rejected).toEqual({ signature: 0, timestamp: 1, replayed: 1, body: 0, tooLarge: 0 });
  });

  it('refuses a body-only delivery whose id it accepted within the window', async () => {
    const body = '["ads"]';
    const headers = { 'x-hub-signature-256': signBody(SECRET, body), 'x-github-delivery': 'abc-1' };
    expect((await post(body, headers)).status).toBe(202);
    expect((await post(body, headers)).status).toBe(409);
    expect((await post(body, { ...headers, 'x-github-delivery': 'abc-2' })).status).toBe(202);
  });
});
