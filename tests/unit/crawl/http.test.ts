// The crawl's HTTP client against undici's MockAgent: no test touches the
// network (docs/contributing.md, "Tests").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { createApiClient, parseRetryAfter, type ApiClientOptions } from '../../../src/crawl/http.ts';

const BASE = 'http://api.test';
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
let agent: MockAgent;
let sleeps: number[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  sleeps = [];
});
afterEach(async () => {
  await agent.close();
});

function client(over: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    base: BASE,
    timeoutMs: 1000,
    retries: 3,
    maxResponseBytes: 1000,
    concurrency: 4,
    dispatcher: agent,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    ...over,
  });
}
const pool = () => agent.get(BASE);

describe('createApiClient', () => {
  it('retries a 503 and then succeeds, with full-jitter backoff', async () => {
    pool().intercept({ path: '/api/post/homelatest' }).reply(503, { error: 'busy' }, { headers: JSON_HEADERS });
    pool().intercept({ path: '/api/post/homelatest' }).reply(503, 'Service Unavailable');
    pool().intercept({ path: '/api/post/homelatest' }).reply(200, [{ id: 1 }], { headers: JSON_HEADERS });
    const c = client();
    const res = await c.get('/api/post/homelatest');
    expect(res).toMatchObject({ status: 200, body: [{ id: 1 }], attempts: 3, notModified: false });
    expect(sleeps).toEqual([50, 100]); // 0.5 * 100 * 2^n
    expect(c.stats).toMatchObject({ requests: 3, retries: 2 });
  });

  it('honours Retry-After in seconds and as an HTTP date, capped', async () => {
    pool().intercept({ path: '/a' }).reply(503, {}, { headers: { ...JSON_HEADERS, 'retry-after': '3' } });
    pool().intercept({ path: '/a' }).reply(503, {}, { headers: { ...JSON_HEADERS, 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' } });
    pool().intercept({ path: '/a' }).reply(503, {}, { headers: { ...JSON_HEADERS, 'retry-after': '3600' } });
    pool().intercept({ path: '/a' }).reply(200, {}, { headers: JSON_HEADERS });
    const res = await client().get('/a');
    expect(res.attempts).toBe(4);
    expect(sleeps).toEqual([3000, 7000, 10_000]);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });

  it('retries 429 and gives up after the retry budget with PR_API_STATUS', async () => {
    pool().intercept({ path: '/b' }).reply(429, {}, { headers: { 'retry-after': '8' } }).times(5);
    await expect(client({ retryBudgetMs: 10_000 }).get('/b')).rejects.toMatchObject({
      code: 'PR_API_STATUS',
      params: { endpoint: 'GET /b', status: 429 },
    });
    expect(sleeps).toEqual([8000]);
  });

  it('never retries a POST', async () => {
    pool().intercept({ path: '/api/subscribe/add', method: 'POST' }).reply(503, {}, { headers: JSON_HEADERS });
    const c = client();
    await expect(c.post('/api/subscribe/add', { email: 'a@b.c' })).rejects.toMatchObject({ code: 'PR_API_STATUS' });
    expect(c.stats.requests).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('treats the contract 501 of postdetails as a final answer', async () => {
    const path = '/api/post/postdetails/news/missing';
    pool().intercept({ path }).reply(501, { success: false, error: 'Post not Found!' }, { headers: JSON_HEADERS });
    const res = await client().get(path);
    expect(res).toMatchObject({ status: 501, attempts: 1, body: { error: 'Post not Found!' } });
    expect(sleeps).toEqual([]);
  });

  it('stops a body over the size cap', async () => {
    pool().intercept({ path: '/big' }).reply(200, JSON.stringify({ x: 'y'.repeat(2000) }), { headers: JSON_HEADERS });
    await expect(client().get('/big')).rejects.toMatchObject({ code: 'PR_API_TOO_LARGE', params: { endpoint: 'GET /big', limit: 1000 } });
  });

  it('retries a truncated JSON body', async () => {
    pool().intercept({ path: '/t' }).reply(200, '{"success":true,"po', { headers: JSON_HEADERS });
    pool().intercept({ path: '/t' }).reply(200, '{"success":true}', { headers: JSON_HEADERS });
    const res = await client().get('/t');
    expect(res).toMatchObject({ body: { success: true }, attempts: 2 });
  });

  it('retries a connection reset', async () => {
    pool().intercept({ path: '/r' }).replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    pool().intercept({ path: '/r' }).reply(200, '[]', { headers: JSON_HEADERS });
    expect((await client().get('/r')).attempts).toBe(2);
  });

  it('rejects an HTML page answered with 200', async () => {
    pool().intercept({ path: '/h' }).reply(200, '<!doctype html><p>Welcome to nginx', { headers: { 'content-type': 'text/html' } });
    await expect(client().get('/h')).rejects.toMatchObject({ code: 'PR_API_NOT_JSON', params: { endpoint: 'GET /h' } });
  });

  it('times out a slow answer and names the endpoint', async () => {
    pool().intercept({ path: '/slow' }).reply(200, '{}', { headers: JSON_HEADERS }).delay(500).times(2);
    const err = await client({ timeoutMs: 30, retries: 1 }).get('/slow').catch((e) => e);
    expect(err).toMatchObject({ code: 'PR_API_UNREACHABLE', params: { endpoint: 'GET /slow' } });
    expect(sleeps).toHaveLength(1);
  });

  it('sends conditional headers and reports 304 as notModified', async () => {
    pool()
      .intercept({ path: '/c', headers: { 'if-none-match': '"v1"', 'if-modified-since': 'Wed, 01 Jan 2025 00:00:00 GMT' } })
      .reply(304, '', { headers: { etag: '"v1"' } });
    const c = client();
    const res = await c.get('/c', { etag: '"v1"', lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT' });
    expect(res).toMatchObject({ status: 304, notModified: true, etag: '"v1"', body: undefined });
    expect(c.stats.notModified).toBe(1);
  });

  it('returns etag and last-modified of a fresh answer', async () => {
    pool().intercept({ path: '/e' }).reply(200, '{}', { headers: { ...JSON_HEADERS, etag: 'W/"2"', 'last-modified': 'Thu, 02 Jan 2025 00:00:00 GMT' } });
    expect(await client().get('/e')).toMatchObject({ etag: 'W/"2"', lastModified: 'Thu, 02 Jan 2025 00:00:00 GMT', notModified: false });
  });
});
