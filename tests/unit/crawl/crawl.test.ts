// The crawl's fixed point, over undici's MockAgent with the network disabled
// (docs/contributing.md, "Tests": crawl tests never touch the network).
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { crawl, fetchAll } from '../../../src/crawl/crawl.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { SAMPLE_REDIRECTS_PATH } from '../../../src/crawl/discover.ts';
import { createApiClient } from '../../../src/crawl/http.ts';
import { allPages, topicPagination } from '../../../src/site/common.ts';
import type { PageKind } from '../../../src/site/types.ts';
import { testCtx } from '../../helpers/memory-snapshot.ts';
import { warnInto } from '../../helpers/warnings.ts';

const BASE = 'http://api.test';
const item = (id: number) => ({ id, post_title: `Post ${id}`, post_name: `post-${id}`, cat_slug: 'news', post_author: 'Ann', post_date: '2026-01-01T00:00:00.000Z', banner_img: null });
const details = (id: number) => ({
  success: true,
  message: 'ok',
  result: [{ ...item(id), post_content: '<h2>Hi</h2><p>x<script>alert(1)</script></p>', post_author_id: 1, author_name: 'ann', cat_name: 'News' }],
});
const topicPage = (page: number, totalItems: number) => ({
  success: true,
  posts: {
    postData: Array.from({ length: Math.min(10, totalItems - (page - 1) * 10) }, (_, i) => item((page - 1) * 10 + i + 1)),
    pagination: { page, limit: 10, totalItems, totalPages: Math.ceil(totalItems / 10) },
  },
});

/** A tiny catalogue: the news listing (all pages) and one route per listed post. */
const kinds: PageKind[] = [
  {
    kind: 'topic',
    patterns: [],
    routes: () => [],
    fetches: (snap) => allPages(snap, ep.topic('news', null, 1), (n) => ep.topic('news', null, n), (b) => topicPagination(b)?.totalPages),
  },
  {
    kind: 'article',
    patterns: [],
    routes(snap) {
      const out = [];
      for (let n = 1; ; n++) {
        const body = snap.ok<any>(ep.topic('news', null, n));
        if (!body) break;
        for (const p of body.posts.postData) out.push({ kind: 'article' as const, path: `/news/${p.post_name}`, params: {}, deps: [ep.postDetails('news', p.post_name)], sitemap: null, record: `post ${p.id}` });
      }
      return out;
    },
  },
];

let agent: MockAgent;
function setup(total: number, hook?: (pool: ReturnType<MockAgent['get']>) => void) {
  agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(BASE);
  hook?.(pool);
  const json = { headers: { 'content-type': 'application/json' } };
  for (let p = 1; p <= Math.ceil(total / 10); p++) pool.intercept({ path: ep.topic('news', null, p) }).reply(200, topicPage(p, total), json);
  for (let id = 1; id <= total; id++) pool.intercept({ path: ep.postDetails('news', `post-${id}`) }).reply(201, details(id), json);
  return createApiClient({ base: BASE, timeoutMs: 1000, retries: 2, maxResponseBytes: 1 << 20, concurrency: 4, dispatcher: agent, sleep: async () => {} });
}

afterEach(async () => {
  await agent?.close();
});

describe('crawl', () => {
  it('reaches the fixed point: every page of the listing, then every post it lists', async () => {
    const client = setup(23);
    const progress: number[] = [];
    const { snapshot, stats } = await crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 4, kinds, onProgress: (p) => progress.push(p.done) });
    expect(snapshot.paths()).toEqual([...[1, 2, 3].map((n) => ep.topic('news', null, n)), ...Array.from({ length: 23 }, (_, i) => ep.postDetails('news', `post-${i + 1}`))].sort());
    expect(stats.requests).toBe(26);
    expect(stats.rounds).toBe(3);
    expect(progress.at(-1)).toBe(26);
    // normalised on the way in: the CMS script is gone, the TOC is attached
    const post = snapshot.ok<any>(ep.postDetails('news', 'post-1')).result[0];
    expect(post.post_content).not.toContain('<script');
    expect(post.toc).toHaveLength(1);
    agent.assertNoPendingInterceptors();
  });

  it('stores the contract\'s own non-2xx answers as entries', async () => {
    const client = setup(1, (pool) => {
      pool.intercept({ path: ep.postDetails('news', 'post-1') }).reply(501, { success: false, message: 'x', error: 'Post not Found!' }, { headers: { 'content-type': 'application/json' } });
    });
    const { snapshot } = await crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 2, kinds });
    expect(snapshot.get(ep.postDetails('news', 'post-1'))).toMatchObject({ status: 501, body: { error: 'Post not Found!' } });
  });

  it('fails naming the endpoint when the API keeps failing after its retries', async () => {
    const client = setup(0, (pool) => {
      pool.intercept({ path: ep.topic('news', null, 1) }).reply(503, 'down').times(3);
    });
    await expect(crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 2, kinds })).rejects.toMatchObject({
      code: 'PR_API_STATUS',
      message: expect.stringContaining('GET /api/post/topic/news?limit=10&page=1'),
    });
  });

  it('fails naming the endpoint and field when a response has the wrong shape (no usable pagination object)', async () => {
    const client = setup(0, (pool) => {
      pool.intercept({ path: ep.topic('news', null, 1) }).reply(200, { success: true, posts: { postData: [{ id: 'x' }], pagination: {} } }, { headers: { 'content-type': 'application/json' } });
    });
    await expect(crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 2, kinds })).rejects.toMatchObject({ code: 'PR_API_SHAPE', message: expect.stringMatching(/topic\/news.*posts\.pagination\.page/) });
  });

  it('goes on past a response of the wrong shape and fails once, naming every broken endpoint and the field each lacks', async () => {
    const json = { headers: { 'content-type': 'application/json' } };
    const client = setup(0, (pool) => {
      const page2 = topicPage(2, 23);
      pool.intercept({ path: ep.topic('news', null, 1) }).reply(200, topicPage(1, 23), json);
      pool.intercept({ path: ep.topic('news', null, 2) }).reply(200, { success: true, posts: { postData: page2.posts.postData } }, json);
      pool.intercept({ path: ep.topic('news', null, 3) }).reply(200, topicPage(3, 23), json);
      for (let id = 1; id <= 10; id++) pool.intercept({ path: ep.postDetails('news', `post-${id}`) }).reply(201, id === 5 || id === 7 ? { success: true, message: 'ok' } : details(id), json);
    });
    const err = await crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 4, kinds }).then(() => null, (e) => e);
    expect(err).toMatchObject({ code: 'PR_API_SHAPES', exitCode: 4 });
    expect(err.message).toBe(
      [
        '3 responses from the content API have an unexpected shape:',
        `  GET ${ep.postDetails('news', 'post-5')} at result: Invalid input: expected array, received undefined`,
        `  GET ${ep.postDetails('news', 'post-7')} at result: Invalid input: expected array, received undefined`,
        `  GET ${ep.topic('news', null, 2)} at posts.pagination: Invalid input: expected object, received undefined`,
      ].join('\n'),
    );
    expect(err.details).toMatchObject({ count: 3, broken: [{ endpoint: `GET ${ep.postDetails('news', 'post-5')}`, field: 'result' }, {}, { field: 'posts.pagination' }] });
    // Every page and every post page 1 lists was fetched: the crawl did not stop at the first broken answer.
    expect(client.stats.requests).toBe(13);
  });

  it('lists at most 20 broken endpoints, then how many more', async () => {
    const json = { headers: { 'content-type': 'application/json' } };
    const client = setup(0, (pool) => {
      for (let p = 1; p <= 3; p++) pool.intercept({ path: ep.topic('news', null, p) }).reply(200, topicPage(p, 25), json);
      for (let id = 1; id <= 25; id++) pool.intercept({ path: ep.postDetails('news', `post-${id}`) }).reply(201, { success: true, message: 'ok' }, json);
    });
    const err = await crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 4, kinds }).then(() => null, (e) => e);
    expect(err).toMatchObject({ code: 'PR_API_SHAPES', details: { count: 25 } });
    expect(err.details.broken).toHaveLength(20);
    expect(err.message.split('\n')).toHaveLength(22);
    expect(err.message).toMatch(/^25 responses .*\n  GET \/api\/post\/postdetails\/news\/post-1 at result: .*\n  GET \/api\/post\/postdetails\/news\/post-10 at result: /);
    expect(err.message.endsWith('\n  ... and 5 more')).toBe(true);
  });

  it('fetchAll (the change-driven crawl\'s batches) fetches the whole batch, then names every broken response', async () => {
    const json = { headers: { 'content-type': 'application/json' } };
    const client = setup(0, (pool) => {
      for (let id = 1; id <= 4; id++) pool.intercept({ path: ep.postDetails('news', `post-${id}`) }).reply(201, id % 2 ? { success: true } : details(id), json);
    });
    const snap = new Snapshot();
    const paths = [1, 2, 3, 4].map((id) => ep.postDetails('news', `post-${id}`));
    await expect(fetchAll({ client, ctx: testCtx(), warn: () => {}, concurrency: 1 }, snap, paths)).rejects.toMatchObject({ code: 'PR_API_SHAPES', details: { count: 2 } });
    expect(snap.paths()).toEqual([paths[1], paths[3]]);
  });

  it('quarantines a list item with a wrong field type: left out, named with its endpoint, id and reason, kept in the entry', async () => {
    const bad = { ...item(2), post_title: 42 };
    const client = setup(0, (pool) => {
      const json = { headers: { 'content-type': 'application/json' } };
      pool.intercept({ path: ep.topic('news', null, 1) }).reply(200, { success: true, posts: { postData: [item(1), bad, item(3)], pagination: { page: 1, limit: 10, totalItems: 3, totalPages: 1 } } }, json);
      for (const id of [1, 3]) pool.intercept({ path: ep.postDetails('news', `post-${id}`) }).reply(201, details(id), json);
    });
    const warnings: string[] = [];
    const { snapshot } = await crawl({ client, ctx: testCtx(), warn: warnInto(warnings), concurrency: 2, kinds });
    const entry = snapshot.get(ep.topic('news', null, 1))!;
    expect((entry.body as any).posts.postData.map((p: { id: number }) => p.id)).toEqual([1, 3]);
    const q = { endpoint: ep.topic('news', null, 1), id: 'post 2', reason: 'post_title: Invalid input: expected string, received number' };
    expect(entry.quarantined).toEqual([q]);
    expect(warnings).toEqual([`W_QUARANTINE: ${q.endpoint}: post 2 left out: ${q.reason}`]);
    // The quarantined post is not crawled: nothing links to it.
    expect(snapshot.get(ep.postDetails('news', 'post-2'))).toBeUndefined();
  });

  it('fails as a whole when more of a list is invalid than crawl.maxInvalidShare allows (an API that changed, not one bad record)', async () => {
    const client = setup(0, (pool) => {
      const rows = [1, 2, 3, 4].map((id) => ({ ...item(id), post_date: id === 4 ? item(4).post_date : 20260101 }));
      pool.intercept({ path: ep.topic('news', null, 1) }).reply(200, { success: true, posts: { postData: rows, pagination: { page: 1, limit: 10, totalItems: 4, totalPages: 1 } } }, { headers: { 'content-type': 'application/json' } });
    });
    await expect(crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 2, kinds, maxInvalidShare: 0.5 })).rejects.toMatchObject({
      code: 'PR_API_SHAPE',
      message: expect.stringContaining('posts.postData[0].post_date: 3 of 4 records are invalid (at most 2 may be left out)'),
    });
  });

  it('stops a runaway crawl at the request budget with a clear error', async () => {
    const client = setup(40);
    await expect(crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 2, kinds, maxRequests: 10 })).rejects.toMatchObject({ code: 'PR_CRAWL_BUDGET', message: expect.stringContaining('budget of 10 requests') });
  });

  it('fetches the sample API redirect records when asked, under their own key', async () => {
    const client = setup(0, (pool) => {
      pool.intercept({ path: SAMPLE_REDIRECTS_PATH }).reply(200, [{ current_url: '/a', redirect_url: '/b', status: 301 }], { headers: { 'content-type': 'application/json' } });
      pool.intercept({ path: ep.topic('news', null, 1) }).reply(200, topicPage(1, 0), { headers: { 'content-type': 'application/json' } });
    });
    const { snapshot } = await crawl({ client, ctx: testCtx(), warn: () => {}, concurrency: 2, kinds, sampleRedirects: true });
    expect(snapshot.get(SAMPLE_REDIRECTS_PATH)?.key).toBe('GET /__sample/redirects');
  });
});
