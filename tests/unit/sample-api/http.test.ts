// Protocol behaviour: 404/405, CORS preflight, conditional GET, the image host,
// mutations, the hostile corpus served correctly, and the CLI entry.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOSTILE_RECORDS, runApiCommand, startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';
import { Command } from 'commander';
import { registerApiCommand } from '../../../src/sample-api/cli.ts';
import { getJson, postJson } from './_client.ts';

// Real HTTP on shared CI machines: allow for load rather than fail on a busy core.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: SampleApi;
beforeAll(async () => {
  api = await startSampleApi({ posts: 150, seed: 5 });
});
afterAll(() => api.close());

describe('protocol', () => {
  it('unknown paths are 404 JSON; a wrong method is 405 with Allow', async () => {
    const r = await getJson(api.url, '/api/does/not/exist');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.body.success).toBe(false);
    expect((await getJson(api.url, '/')).status).toBe(404);
    const wrong = await fetch(`${api.url}/api/subscribe/add`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('POST');
    expect((await postJson(api.url, '/api/post/homelatest', {})).status).toBe(405);
    expect((await getJson(api.url, '/api/post/tag/%E0%A4%A')).status).toBe(400);
    // Paths are taken as sent: no dot-segment resolution, no "//host" reinterpretation.
    const { request } = await import('node:http');
    const statusOf = (path: string) =>
      new Promise<number>((resolve, reject) => request(`${api.url}/`, { path, agent: false }, (res) => { res.resume(); resolve(res.statusCode!); }).on('error', reject).end());
    expect(await statusOf('/api/post/../category/all')).toBe(404);
    expect(await statusOf('//evil.example/api/category/all')).toBe(404);
    expect(await statusOf('/api/category/all')).toBe(200);
  });

  it('CORS is open, with preflight for the JSON POSTs', async () => {
    const r = await fetch(`${api.url}/api/subscribe/add`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect((await fetch(`${api.url}/api/post/homelatest`)).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('conditional GET: strong ETag and Last-Modified, 304 on If-None-Match / If-Modified-Since', async () => {
    const r = await fetch(`${api.url}/api/post/topic/news?page=1&limit=10`);
    const etag = r.headers.get('etag')!;
    const lm = r.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(Date.parse(lm)).not.toBeNaN();
    await r.text();
    const a = await fetch(`${api.url}/api/post/topic/news?page=1&limit=10`, { headers: { 'If-None-Match': etag } });
    expect(a.status).toBe(304);
    const b = await fetch(`${api.url}/api/post/topic/news?page=1&limit=10`, { headers: { 'If-Modified-Since': lm } });
    expect(b.status).toBe(304);
    const c = await fetch(`${api.url}/api/post/topic/news?page=1&limit=10`, { headers: { 'If-None-Match': '"other"', 'If-Modified-Since': lm } });
    expect(c.status).toBe(200); // If-None-Match wins (RFC 9110 13.2.2)
    await c.text();
  });

  it('mutations change answers, ETags and Last-Modified', async () => {
    const m = await startSampleApi({ posts: 100, seed: 9 });
    try {
      const path = '/api/post/topic/featured?limit=100';
      const before = await fetch(m.url + path);
      const etag = before.headers.get('etag')!;
      const lm = before.headers.get('last-modified')!;
      const list = (await before.json()).posts.postData;
      const [first, second, third] = list;
      m.mutate.editPost(first.id, { post_title: 'Edited headline' });
      const after = await fetch(m.url + path, { headers: { 'If-None-Match': etag } });
      expect(after.status).toBe(200);
      expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lm));
      expect((await after.json()).posts.postData[0].post_title).toBe('Edited headline');
      expect((await fetch(m.url + path, { headers: { 'If-Modified-Since': lm } })).status).toBe(200);

      const id = m.mutate.addPost({ cat_slug: 'featured', post_title: 'Brand new analysis', post_content: '<p>New</p>' });
      const added = await getJson(m.url, path);
      expect(added.body.posts.postData[0]).toMatchObject({ id, post_name: 'brand-new-analysis' });
      expect((await getJson(m.url, '/api/post/postdetails/featured/brand-new-analysis')).body.result[0].post_content).toBe('<p>New</p>');

      m.mutate.deletePost(second.id);
      m.mutate.unpublishPost(third.id);
      const final = await getJson(m.url, path);
      const ids = final.body.posts.postData.map((p: { id: number }) => p.id);
      expect(ids).not.toContain(second.id);
      expect(ids).not.toContain(third.id);
      expect(final.body.posts.pagination.totalItems).toBe(list.length - 1);
      expect((await getJson(m.url, `/api/post/postdetails/featured/${third.post_name}`)).status).toBe(501);
      expect((await getJson(m.url, `/api/post/preview-post/featured/${third.post_name}`)).status).toBe(201);
      expect(() => m.mutate.deletePost(987654)).toThrow(/no post with id 987654/);
    } finally {
      await m.close();
    }
  });
});

describe('image host', () => {
  it('answers a stable SVG placeholder of the asked (clamped) width with cache headers', async () => {
    const a = await fetch(`${api.url}/uploads/2025/03/cloud.jpg?width=300`);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('image/svg+xml');
    expect(a.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const svg = await a.text();
    expect(svg).toMatch(/^<svg [^>]*width="300" height="169"/);
    const again = await fetch(`${api.url}/uploads/2025/03/cloud.jpg?width=300`);
    expect(await again.text()).toBe(svg);
    expect(again.headers.get('etag')).toBe(a.headers.get('etag'));
    const other = await (await fetch(`${api.url}/uploads/2025/03/other.jpg?width=300`)).text();
    expect(other).not.toBe(svg);
    const sq = await (await fetch(`${api.url}/uploads/author-profiles/priya-raman.jpg?width=150`)).text();
    expect(sq).toMatch(/width="150" height="150"/);
    expect(await (await fetch(`${api.url}/uploads/x.jpg?width=999999`)).text()).toMatch(/width="2000"/);
    expect(await (await fetch(`${api.url}/uploads/x.jpg?width=-5`)).text()).toMatch(/width="16"/);
    const cond = await fetch(`${api.url}/uploads/2025/03/cloud.jpg?width=300`, { headers: { 'If-None-Match': a.headers.get('etag')! } });
    expect(cond.status).toBe(304);
  });
});

describe('hostile corpus', () => {
  it('serves the hostile records as data, and the server stays correct', async () => {
    const h = await startSampleApi({ corpus: 'hostile', posts: 100 });
    try {
      const evil = await getJson(h.url, '/api/post/postdetails/news/evil-body');
      expect(evil.status).toBe(201);
      expect(evil.body.result[0].post_content).toContain('<script>');
      // A slug containing "/" is reachable with %2F: one segment, decoded once.
      const slash = await getJson(h.url, `/api/post/postdetails/news/${encodeURIComponent('a/b')}`);
      expect(slash.body.result[0].post_name).toBe('a/b');
      const nfd = await getJson(h.url, `/api/post/postdetails/news/${encodeURIComponent('cafe\u0301-review')}`);
      expect(nfd.body.result[0].post_title).toContain('NFD');
      const topic = await getJson(h.url, '/api/post/topic/news?limit=100');
      const names = topic.body.posts.postData.map((p: { post_name: string }) => p.post_name);
      for (const r of HOSTILE_RECORDS.filter((x) => x.kind === 'post' && x.cat === 'news')) expect(names).toContain(r.key);
      // The case twin category is a category of its own: its post is listed under `News` only.
      const twinCategory = await getJson(h.url, '/api/post/topic/News?limit=100');
      expect(twinCategory.body.posts.postData.map((p: { post_name: string }) => p.post_name)).toEqual(['hostile-category-post-1']);
      expect((await getJson(h.url, '/api/post/topic/news/empty-topic')).body.posts.pagination.totalPages).toBe(0);
      const ads = await getJson(h.url, '/api/advertisement/get_active');
      expect(ads.body.some((a: { dest_url: string }) => a.dest_url.startsWith('javascript:'))).toBe(true);
      const redirects = await getJson(h.url, '/__sample/redirects');
      expect(redirects.body.some((r: { redirect_url: string }) => r.redirect_url.includes('\n'))).toBe(true);
    } finally {
      await h.close();
    }
  });
});

describe('CLI entry', () => {
  it('runApiCommand prints the base URL and serves until told to stop', async () => {
    let stop!: () => void;
    const until = new Promise<void>((r) => (stop = r));
    const lines: string[] = [];
    const done = runApiCommand({ port: 0, posts: 80, print: (l) => lines.push(l), until });
    await new Promise((r) => setTimeout(r, 50));
    while (lines.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(lines[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await getJson(lines[0], '/api/category/all')).status).toBe(200);
    stop();
    await done;
    await expect(runApiCommand({ corpus: 'weird' as never })).rejects.toThrow(/--corpus/);
    await expect(runApiCommand({ faults: 'bogus=1' })).rejects.toThrow(/unknown key/);
  });

  it('registerApiCommand adds `api` with its flags', () => {
    const program = new Command();
    const api = registerApiCommand(program);
    expect(api.name()).toBe('api');
    expect(api.options.map((o) => o.long)).toEqual(['--port', '--seed', '--posts', '--today', '--data-dir', '--corpus', '--faults', '--mutable', '--webhook', '--webhook-secret']);
    expect(() => api.parseOptions(['--posts', 'many'])).toThrow(/--posts must be an integer/);
  });
});
