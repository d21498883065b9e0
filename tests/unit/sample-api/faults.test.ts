// Each fault mode over real HTTP, limited by path and by "first N", and changed at run time.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Faults, parseFaults } from '../../../src/sample-api/faults.ts';
import { startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';

// Real HTTP on shared CI machines: allow for load rather than fail on a busy core.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: SampleApi;
beforeAll(async () => {
  api = await startSampleApi({ posts: 100 });
});
afterAll(() => api.close());

const TOPIC = '/api/post/topic/news?page=1&limit=10';

/** Raw request, so truncated bodies and resets are observable exactly. */
function raw(path: string): Promise<{ status?: number; headers?: Record<string, unknown>; received: number; error?: string }> {
  return new Promise((resolve) => {
    let received = 0;
    let status: number | undefined;
    let headers: Record<string, unknown> | undefined;
    const req = request(`${api.url}${path}`, { agent: false }, (res) => {
      status = res.statusCode;
      headers = res.headers;
      res.on('data', (c: Buffer) => (received += c.length));
      res.on('end', () => resolve({ status, headers, received }));
      res.on('error', (e) => resolve({ status, headers, received, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    });
    req.on('error', (e) => resolve({ status, headers, received, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.end();
  });
}

describe('fault injection', () => {
  it('parses the flag syntax', () => {
    expect(parseFaults('latency=200,error=0.1,path=/api/post/*')).toEqual([{ latencyMs: 200, error: 0.1, path: '/api/post/*' }]);
    expect(parseFaults('reset,first=2;ratelimit=1,retry=3')).toEqual([{ reset: 1, first: 2 }, { rateLimit: 1, retryAfter: 3 }]);
    expect(() => parseFaults('latency=-1')).toThrow(/non-negative/);
  });

  it('a seeded share is deterministic', () => {
    const seq = () => {
      const f = new Faults([{ error: 0.3, seed: 42 }]);
      return Array.from({ length: 50 }, () => f.decide('/x')?.action ?? '-').join('');
    };
    expect(seq()).toBe(seq());
    expect(seq()).toContain('error');
    expect(seq()).toContain('-');
  });

  it('5xx for the first N matching requests only, other paths untouched', async () => {
    api.setFaults([{ path: '/api/post/topic/*', error: 1, errorStatus: 502, first: 2 }]);
    expect((await fetch(api.url + '/api/category/all')).status).toBe(200);
    expect((await fetch(api.url + TOPIC)).status).toBe(502);
    expect((await fetch(api.url + TOPIC)).status).toBe(502);
    expect((await fetch(api.url + TOPIC)).status).toBe(200);
  });

  it('an exhausted rule falls through to the next one', async () => {
    api.setFaults('error=1,status=500,first=2;ratelimit=1,retry=2,first=1');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(api.url + TOPIC)).status);
    expect(statuses).toEqual([500, 500, 429, 200]);
  });

  it('429 with Retry-After', async () => {
    api.setFaults('ratelimit=1,retry=7,path=/api/post/*');
    const r = await fetch(api.url + TOPIC);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
  });

  it('added latency', async () => {
    api.setFaults([{ latencyMs: 150 }]);
    const t0 = performance.now();
    expect((await fetch(api.url + TOPIC)).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('connection reset', async () => {
    api.setFaults('reset=1');
    const r = await raw(TOPIC);
    expect(r.status).toBeUndefined();
    expect(r.error).toMatch(/ECONNRESET|socket hang up/);
  });

  it('truncated body: Content-Length larger than what arrives', async () => {
    api.setFaults('truncate=1');
    const r = await raw(TOPIC);
    expect(r.status).toBe(200);
    expect(r.received).toBeLessThan(Number(r.headers!['content-length']));
    await expect(fetch(api.url + TOPIC).then((x) => x.text())).rejects.toThrow();
  });

  it('HTML error page with status 200', async () => {
    api.setFaults('html=1');
    const r = await fetch(api.url + TOPIC);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    await expect(r.json()).rejects.toThrow();
  });

  it('slowly dripped body arrives whole, late', async () => {
    api.setFaults('drip=25');
    const t0 = performance.now();
    const r = await fetch(api.url + TOPIC);
    const body = await r.json();
    expect(body.success).toBe(true);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(150); // 8 chunks, 25 ms apart
  });

  it('an outage can start and end mid-run', async () => {
    api.setFaults(null);
    expect((await fetch(api.url + TOPIC)).status).toBe(200);
    api.setFaults('error=1');
    expect((await fetch(api.url + TOPIC)).status).toBe(503);
    expect((await fetch(api.url + '/uploads/a.jpg?width=100')).status).toBe(503);
    api.setFaults(null);
    expect((await fetch(api.url + TOPIC)).status).toBe(200);
  });

  it('faults given at start-up apply from the first request', async () => {
    const f = await startSampleApi({ posts: 80, faults: 'error=1,first=1,status=500' });
    try {
      expect((await fetch(f.url + TOPIC)).status).toBe(500);
      expect((await fetch(f.url + TOPIC)).status).toBe(200);
    } finally {
      await f.close();
    }
  });
});
