// `--mutable` over real HTTP: the editing endpoints change the GET answers (and
// their validators, so conditional GETs see it), refuse bad bodies naming the
// field, answer only loopback non-browser clients, and do not exist without it.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isLoopback, startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';
import { getJson } from './_client.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: SampleApi;
beforeAll(async () => {
  api = await startSampleApi({ posts: 80, seed: 6, mutable: true });
});
afterAll(() => api.close());

async function edit(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, base = api.url) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('the loopback predicate', () => {
  it('accepts 127.0.0.0/8, ::1 and IPv4-mapped 127.x; refuses everything else', () => {
    for (const a of ['127.0.0.1', '127.255.3.4', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3', '0:0:0:0:0:0:0:1']) expect(isLoopback(a), a).toBe(true);
    for (const a of [undefined, '', '10.0.0.1', '192.168.1.127', '::ffff:10.0.0.1', '::2', 'fe80::1', '128.0.0.1', '127.0.0', 'localhost']) expect(isLoopback(a), String(a)).toBe(false);
  });
});

describe('editing endpoints', () => {
  it('posts: add, edit, unpublish and delete change the answers, ETag and Last-Modified', async () => {
    const path = '/api/post/topic/featured?limit=100';
    const before = await fetch(api.url + path);
    const etag = before.headers.get('etag')!;
    const lm = before.headers.get('last-modified')!;
    const list = (await before.json()).posts.postData;

    const added = await edit('POST', '/__sample/posts', { cat_slug: 'featured', post_title: 'Made over HTTP', post_content: '<p>Body</p>' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ success: true, ref: `post:${added.body.id}`, refs: [`post:${added.body.id}`] });
    expect(Date.parse(added.body.appliedAt)).not.toBeNaN();
    const cond = await fetch(api.url + path, { headers: { 'If-None-Match': etag } });
    expect(cond.status).toBe(200);
    expect(Date.parse(cond.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lm));
    expect((await cond.json()).posts.postData[0]).toMatchObject({ id: added.body.id, post_name: 'made-over-http' });
    expect((await fetch(api.url + path, { headers: { 'If-Modified-Since': lm } })).status).toBe(200);

    const patched = await edit('PATCH', `/__sample/posts/${list[0].id}`, { post_title: 'Retitled over HTTP' });
    expect(patched).toMatchObject({ status: 200, body: { success: true, id: list[0].id, ref: `post:${list[0].id}` } });
    expect((await getJson(api.url, `/api/post/postdetails/featured/${list[0].post_name}`)).body.result[0].post_title).toBe('Retitled over HTTP');

    expect((await edit('POST', `/__sample/posts/${list[1].id}/unpublish`)).status).toBe(200);
    expect((await getJson(api.url, `/api/post/postdetails/featured/${list[1].post_name}`)).status).toBe(501);
    expect((await edit('DELETE', `/__sample/posts/${list[2].id}`)).body).toMatchObject({ success: true, ref: `post:${list[2].id}` });
    expect((await getJson(api.url, `/api/post/preview-post/featured/${list[2].post_name}`)).status).toBe(501);
  });

  it('ads, events and sub-categories answer their REF', async () => {
    expect((await edit('POST', '/__sample/ads', { banner_type: 'Home-2', banner_name: 'New', banner_img: '/uploads/pixel_img/n.png', dest_url: 'https://n.example/' })).body).toMatchObject({ banner_id: 11, ref: 'ads' });
    expect((await edit('PATCH', '/__sample/ads/11', { active: false })).body.ref).toBe('ads');
    expect((await edit('DELETE', '/__sample/ads/11')).status).toBe(200);
    expect((await edit('POST', '/__sample/events', { event_title: 'Edge Summit', event_date: '2026-04-01' })).body).toMatchObject({ event_slug: 'edge-summit', ref: 'event:edge-summit' });
    expect((await edit('PATCH', '/__sample/events/edge-summit', { event_date: '2025-04-01' })).body.ref).toBe('event:edge-summit');
    expect((await getJson(api.url, '/api/event/eventdetails/edge-summit')).body.eventData[0].event_date).toBe('2025-04-01T00:00:00.000Z');
    expect((await edit('DELETE', '/__sample/events/edge-summit')).status).toBe(200);
    expect((await edit('POST', '/__sample/subcats', { subcat_name: 'Neuromorphic' })).body).toMatchObject({ subcat_slug: 'neuromorphic', ref: 'categories' });
    expect((await edit('PATCH', '/__sample/subcats/neuromorphic', { subcat_name: 'Neuromorphic Chips' })).body.refs).toEqual(['categories']);
    expect((await edit('DELETE', '/__sample/subcats/neuromorphic')).status).toBe(200);
  });

  it('refuses bad requests with the status and the field to blame', async () => {
    const id = api.corpus.posts[5].id;
    expect(await edit('PATCH', `/__sample/posts/${id}`, { post_date: 'yesterday' })).toMatchObject({ status: 400, body: { success: false, field: 'post_date', error: expect.stringMatching(/ISO 8601.*"yesterday"/) } });
    expect(await edit('PATCH', `/__sample/posts/${id}`, { colour: 'red' })).toMatchObject({ status: 400, body: { field: 'colour', error: expect.stringMatching(/unknown field "colour"/) } });
    expect(await edit('PATCH', `/__sample/posts/${id}`, { banner_show: '1' })).toMatchObject({ status: 400, body: { field: 'banner_show' } });
    expect(await edit('POST', '/__sample/posts', { cat_slug: 'gardening', post_title: 'x' })).toMatchObject({ status: 400, body: { field: 'cat_slug' } });
    expect(await edit('POST', '/__sample/posts', { cat_slug: 'news', post_title: 'x', subcat_slug: 'nope' })).toMatchObject({ status: 400, body: { field: 'subcat_slug' } });
    expect(await edit('POST', '/__sample/posts', { cat_slug: 'news', post_title: 'x', author_name: 'nobody' })).toMatchObject({ status: 400, body: { field: 'author_name' } });
    expect(await edit('POST', '/__sample/posts', { cat_slug: 'news' })).toMatchObject({ status: 400, body: { field: 'post_title', error: expect.stringMatching(/required/) } });
    expect(await edit('POST', '/__sample/posts', '[1,2]')).toMatchObject({ status: 400, body: { error: expect.stringMatching(/must be a JSON object/) } });
    expect(await edit('POST', '/__sample/posts', '{"post_title":')).toMatchObject({ status: 400, body: { error: expect.stringMatching(/not valid JSON/) } });
    expect(await edit('POST', `/__sample/posts/${id}/unpublish`, { now: true })).toMatchObject({ status: 400, body: { field: 'now' } });
    expect((await edit('PATCH', '/__sample/posts/987654', { post_title: 'x' })).status).toBe(404);
    expect((await edit('PATCH', '/__sample/posts/abc', { post_title: 'x' })).status).toBe(404);
    expect((await edit('PATCH', '/__sample/events/no-such-event', { event_title: 'x' })).status).toBe(404);
    expect((await edit('DELETE', '/__sample/ads/999')).status).toBe(404);
    const huge = await edit('PATCH', `/__sample/posts/${id}`, { post_content: 'x'.repeat(1_100_000) });
    expect(huge).toMatchObject({ status: 413, body: { error: expect.stringMatching(/larger than 1048576 bytes/) } });
    expect((await edit('GET', '/__sample/posts')).status).toBe(405);
  });

  it('refuses browser requests: any Origin, and no CORS preflight', async () => {
    const r = await edit('PATCH', `/__sample/posts/${api.corpus.posts[6].id}`, { post_title: 'x' }, { Origin: 'https://evil.example' });
    expect(r).toMatchObject({ status: 403, body: { error: expect.stringMatching(/Origin: https:\/\/evil\.example/) } });
    const pre = await fetch(`${api.url}/__sample/posts`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(pre.status).toBe(403);
    expect(api.corpus.posts[6].title).not.toBe('x');
  });

  // A peer that is not loopback needs a second address on this machine; CI containers usually have one.
  const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(!external)('refuses a non-loopback peer with 403 naming its address', async () => {
    const wide = await startSampleApi({ posts: 64, mutable: true, host: '0.0.0.0' });
    try {
      const r = await edit('POST', '/__sample/subcats', { subcat_name: 'Remote' }, {}, `http://${external}:${wide.port}`);
      expect(r).toMatchObject({ status: 403, body: { success: false, error: expect.stringContaining(`came from ${external}`) } });
      expect((await getJson(`http://${external}:${wide.port}`, '/api/category/all')).status).toBe(200);
    } finally {
      await wide.close();
    }
  });
});

describe('without --mutable', () => {
  it('the editing paths are 404 like any unknown path, and OPTIONS too', async () => {
    const ro = await startSampleApi({ posts: 64 });
    try {
      const unknown = await edit('POST', '/__sample/nothing-here', {}, {}, ro.url);
      for (const [method, path] of [['POST', '/__sample/posts'], ['PATCH', '/__sample/posts/1'], ['DELETE', '/__sample/ads/1'], ['POST', '/__sample/posts/1/unpublish'], ['GET', '/__sample/subcats']]) {
        const r = await edit(method, path, method === 'GET' ? undefined : { post_title: 'x' }, {}, ro.url);
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.body.error).toBe(unknown.body.error.replace('/__sample/nothing-here', path));
      }
      expect((await fetch(`${ro.url}/__sample/posts`, { method: 'OPTIONS' })).status).toBe(404);
    } finally {
      await ro.close();
    }
  });
});
