// The change webhook: a signed JSON list of REFs per mutation (HTTP or
// programmatic), in mutation order, after the mutation's answer; retried on 5xx;
// a dead endpoint costs one stderr line and never the API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifySignature } from '../../../src/webhook/signature.ts';
import { runApiCommand, startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';
import { Webhook } from '../../../src/sample-api/webhook.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const SECRET = 'test-secret';

interface Delivery {
  body: string;
  signature: string | undefined;
  type: string | undefined;
}

/** A receiver on 127.0.0.1:0; `answer` decides each status (default 204). */
async function receiver(answer: (n: number, req: IncomingMessage, res: ServerResponse) => number | void = () => 204) {
  const got: Delivery[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const status = answer(calls++, req, res);
      if (status === undefined) return; // the test answers itself
      if (status < 300) got.push({ body, signature: req.headers['x-pressroom-signature-256'] as string | undefined, type: req.headers['content-type'] });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?token=hidden`;
  return { url, got, calls: () => calls, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function withApi(url: string, log?: (l: string) => void, extra: object = {}): Promise<SampleApi> {
  const api = await startSampleApi({ posts: 64, seed: 3, mutable: true, webhook: { url, secret: SECRET, backoffMs: 10, log, ...extra } });
  cleanups.push(() => api.close());
  return api;
}

const patch = (api: SampleApi, path: string, body: unknown, method = 'PATCH') =>
  fetch(api.url + path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('webhook', () => {
  it('POSTs a signed JSON list of REFs for each kind of change, in mutation order', async () => {
    const hook = await receiver();
    cleanups.push(hook.close);
    const api = await withApi(hook.url);
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    await patch(api, `/__sample/posts/${post.id}`, { post_title: 'Signed' });
    await patch(api, '/__sample/ads/1', { duration_time: 7 });
    await patch(api, '/__sample/events', { event_title: 'AI Summit', event_date: '2026-03-03' }, 'POST');
    await patch(api, '/__sample/subcats', { subcat_name: 'Photonics' }, 'POST');
    api.mutate.unpublishPost(post.id); // programmatic edits notify too
    await api.webhooksIdle();
    expect(hook.got.map((d) => JSON.parse(d.body))).toEqual([[`post:${post.id}`], ['ads'], ['event:ai-summit'], ['categories'], [`post:${post.id}`]]);
    for (const d of hook.got) {
      expect(d.type).toBe('application/json');
      expect(verifySignature(SECRET, d.body, d.signature)).toBe(true);
      expect(verifySignature('other', d.body, d.signature)).toBe(false);
    }
  });

  it('the mutation answers without waiting for the webhook', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const hook = await receiver((_, __, res) => void held.then(() => res.writeHead(204).end()));
    cleanups.push(hook.close);
    const api = await withApi(hook.url);
    const r = await patch(api, '/__sample/subcats', { subcat_name: 'Held' }, 'POST');
    expect(r.status).toBe(201); // answered while the receiver still holds the delivery
    while (hook.calls() === 0) await new Promise((t) => setTimeout(t, 10));
    release();
    await api.webhooksIdle();
  });

  it('retries a 500 with backoff, then delivers', async () => {
    const hook = await receiver((n) => (n < 2 ? 500 : 200));
    cleanups.push(hook.close);
    const lines: string[] = [];
    const api = await withApi(hook.url, (l) => lines.push(l));
    api.mutate.addAd({ banner_type: 'Post-1', banner_name: 'Retry', banner_img: '/r.png', dest_url: '/r' });
    await api.webhooksIdle();
    expect(hook.calls()).toBe(3);
    expect(hook.got.map((d) => d.body)).toEqual(['["ads"]']);
    expect(lines).toEqual([]);
  });

  it('a dead endpoint costs one stderr line per change and never the API', async () => {
    const hook = await receiver();
    await hook.close(); // the port is now refused
    const lines: string[] = [];
    const api = await withApi(hook.url, (l) => lines.push(l), { retries: 2 });
    const r = await patch(api, '/__sample/subcats', { subcat_name: 'Nobody listens' }, 'POST');
    expect(r.status).toBe(201);
    await api.webhooksIdle();
    expect((await fetch(`${api.url}/api/category/subcatlist`)).status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sample API: webhook http:\/\/127\.0\.0\.1:\d+\/hook failed for \["categories"\] after 3 attempt\(s\): ECONNREFUSED$/);
    expect(lines[0]).not.toContain('hidden'); // the URL's query (a token) stays out of logs
  });

  it('a 4xx is final: no retry', async () => {
    const hook = await receiver(() => 401);
    cleanups.push(hook.close);
    const lines: string[] = [];
    const api = await withApi(hook.url, (l) => lines.push(l));
    api.mutate.addSubcat({ subcat_name: 'Refused' });
    await api.webhooksIdle();
    expect(hook.calls()).toBe(1);
    expect(lines[0]).toMatch(/after 1 attempt\(s\): HTTP 401/);
  });

  it('closing the API does not wait for a stuck endpoint; the dropped change is logged', async () => {
    const hook = await receiver(() => undefined); // never answers
    cleanups.push(hook.close);
    const lines: string[] = [];
    const api = await startSampleApi({ posts: 64, mutable: true, webhook: { url: hook.url, secret: SECRET, log: (l) => lines.push(l) } });
    api.mutate.addSubcat({ subcat_name: 'Stuck' });
    while (hook.calls() === 0) await new Promise((t) => setTimeout(t, 10));
    await api.close();
    expect(lines).toEqual([expect.stringMatching(/\["categories"\] not delivered: the API closed/)]);
  });

  it('pressroom api: --webhook needs --mutable and a secret, from the flag or PRESSROOM_WEBHOOK_SECRET', async () => {
    await expect(runApiCommand({ mutable: true, webhook: 'http://127.0.0.1:9/' })).rejects.toThrow(/needs a secret.*PRESSROOM_WEBHOOK_SECRET/);
    await expect(runApiCommand({ webhook: 'http://127.0.0.1:9/', webhookSecret: 's' })).rejects.toThrow(/--webhook needs --mutable/);
    await expect(runApiCommand({ webhookSecret: 's' })).rejects.toThrow(/without --webhook/);
    await expect(runApiCommand({ mutable: true, webhook: 'file:///tmp/x', webhookSecret: 's' })).rejects.toThrow(/http\(s\) URL/);

    const hook = await receiver();
    cleanups.push(hook.close);
    vi.stubEnv('PRESSROOM_WEBHOOK_SECRET', 'from-the-environment');
    cleanups.push(async () => vi.unstubAllEnvs());
    let stop!: () => void;
    const lines: string[] = [];
    const done = runApiCommand({ posts: 64, mutable: true, webhook: hook.url, print: (l) => lines.push(l), until: new Promise<void>((r) => (stop = r)) });
    while (lines.length === 0) await new Promise((t) => setTimeout(t, 10));
    const r = await fetch(`${lines[0]}/__sample/subcats`, { method: 'POST', body: JSON.stringify({ subcat_name: 'From the CLI' }) });
    expect(r.status).toBe(201);
    while (hook.got.length === 0) await new Promise((t) => setTimeout(t, 10));
    stop();
    await done;
    expect(verifySignature('from-the-environment', hook.got[0].body, hook.got[0].signature)).toBe(true);
  });

  it('needs an http(s) URL and a secret', () => {
    expect(() => new Webhook({ url: 'ftp://x.example/', secret: 's' })).toThrow(/http or https/);
    expect(() => new Webhook({ url: 'http://x.example/', secret: '' })).toThrow(/secret/);
  });
});
