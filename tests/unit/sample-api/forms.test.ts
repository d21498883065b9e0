// The POSTs: validation, whitelisting, durable storage across a restart,
// serialized duplicate subscribes, view counts feeding homepopular.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';
import { getJson, postJson } from './_client.ts';
import { useTempDir } from '../../helpers/temp.ts';

// Real HTTP on shared CI machines: allow for load rather than fail on a busy core.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const tmp = useTempDir('pressroom-sample-api-');

const CONTACT = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', message: 'Hello', opt_in: true };

describe('subscribe', () => {
  it('201, duplicate 404 (case-insensitive), 400 for missing or malformed e-mail', async () => {
    const api = await startSampleApi();
    try {
      expect((await postJson(api.url, '/api/subscribe/add', { email: 'reader@example.com' })).status).toBe(201);
      const dup = await postJson(api.url, '/api/subscribe/add', { email: 'Reader@Example.com' });
      expect(dup.status).toBe(404);
      expect(dup.body.success).toBe(false);
      for (const body of [{}, { email: '' }, { email: 'no-at-sign' }, { email: 'a b@c.d' }, { email: 42 }, 'not json', '[1]']) {
        expect((await postJson(api.url, '/api/subscribe/add', body)).status, JSON.stringify(body)).toBe(400);
      }
    } finally {
      await api.close();
    }
  });

  it('two concurrent identical subscribes store one row', async () => {
    const d = join(tmp.dir, 'concurrent');
    const api = await startSampleApi({ dataDir: d });
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => postJson(api.url, '/api/subscribe/add', { email: 'same@example.com' })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 404, 404, 404, 404, 404]);
      const lines = (await readFile(join(d, 'subscriptions.jsonl'), 'utf8')).trim().split('\n');
      expect(lines).toEqual(['{"email":"same@example.com"}']);
    } finally {
      await api.close();
    }
  });
});

describe('storage survives a restart', () => {
  it('subscriptions, contact messages and views are on disk before the answer and reloaded', async () => {
    const d = join(tmp.dir, 'restart');
    const first = await startSampleApi({ dataDir: d });
    const id = first.corpus.posts.find((p) => p.status === 'publish')!.id;
    expect((await postJson(first.url, '/api/subscribe/add', { email: 'kept@example.com' })).status).toBe(201);
    expect((await postJson(first.url, '/api/contact/add', { ...CONTACT, is_admin: true, __proto__x: 1 })).status).toBe(201);
    expect((await postJson(first.url, `/api/post/post_count/${id}`, { postId: id, ip_addr: '203.0.113.9' })).status).toBe(200);
    // On disk already (fsync'd before the 201), before any close.
    expect(await readFile(join(d, 'subscriptions.jsonl'), 'utf8')).toContain('kept@example.com');
    await first.close();

    const second = await startSampleApi({ dataDir: d });
    try {
      expect((await postJson(second.url, '/api/subscribe/add', { email: 'kept@example.com' })).status).toBe(404);
      expect(second.store.contacts).toEqual([CONTACT]); // whitelisted fields only
      expect(second.store.viewCount(id)).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('contact, view count, redirect check', () => {
  let api: SampleApi;
  beforeAll(async () => {
    api = await startSampleApi();
  });
  afterAll(() => api.close());

  it('contact validates its fields', async () => {
    expect((await postJson(api.url, '/api/contact/add', CONTACT)).status).toBe(201);
    for (const bad of [{ ...CONTACT, email: 'x' }, { ...CONTACT, opt_in: false }, { ...CONTACT, first_name: '' }, { ...CONTACT, phone: '12' }, { opt_in: true }]) {
      const r = await postJson(api.url, '/api/contact/add', bad);
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
    }
  });

  it('views count distinct (post, ip) pairs and lift a post into homepopular', async () => {
    // Rank by the corpus baseline, then give the 5th just enough distinct viewers to pass the 4th.
    const ranked = [...api.corpus.baseViews].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
    const before = await getJson(api.url, '/api/post/homepopular');
    expect(before.body.map((i: { id: number }) => i.id)).not.toContain(ranked[4][0]);
    const [target, count] = ranked[4];
    const needed = ranked[3][1] - count + 1;
    const rs = await Promise.all(
      Array.from({ length: needed * 2 }, (_, k) => postJson(api.url, `/api/post/post_count/${target}`, { postId: target, ip_addr: `198.51.100.${k % needed}` })),
    );
    for (const r of rs) expect([r.status, r.body]).toEqual([200, {}]);
    expect(api.store.viewCount(target)).toBe(needed); // each ip counted once
    const after = await getJson(api.url, '/api/post/homepopular');
    expect(after.body.map((i: { id: number }) => i.id)).toContain(target);
    expect((await postJson(api.url, '/api/post/post_count/999999', { ip_addr: '1.2.3.4' })).status).toBe(404);
  });

  it('check_redirect matches a path or full URL; otherwise urlDetails false', async () => {
    const rec = api.corpus.redirects[0];
    const hit = await postJson(api.url, '/api/url_redirect/check_redirect', { current_url: rec.current_url });
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual({ urlDetails: [{ current_url: rec.current_url, redirect_url: rec.redirect_url }] });
    const full = await postJson(api.url, '/api/url_redirect/check_redirect', { current_url: `https://news.example${rec.current_url}` });
    expect(full.body.urlDetails[0].redirect_url).toBe(rec.redirect_url);
    expect((await postJson(api.url, '/api/url_redirect/check_redirect', { current_url: '/nothing' })).body).toEqual({ urlDetails: false });
    expect((await postJson(api.url, '/api/url_redirect/check_redirect', {})).status).toBe(400);
  });
});
