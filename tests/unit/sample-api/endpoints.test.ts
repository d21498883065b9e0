// Every GET of the contract over real HTTP: shapes, statuses, ordering, paging.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';
import { getJson, isNewestFirst } from './_client.ts';

// Real HTTP on shared CI machines: allow for load rather than fail on a busy core.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: SampleApi;
let base: string;
const TODAY = '2026-01-15';

beforeAll(async () => {
  api = await startSampleApi({ port: 0, seed: 3, posts: 150, today: TODAY });
  base = api.url;
});
afterAll(() => api.close());

const ITEM_KEYS = ['id', 'post_title', 'post_name', 'cat_slug', 'post_author', 'author_name', 'post_date', 'banner_img'];
const catOf = (slug: string) => api.corpus.categories.findIndex((c) => c.cat_slug === slug);
const published = (slug: string) => api.corpus.posts.filter((p) => p.cat === catOf(slug) && p.status === 'publish');

describe('header panels and home lists', () => {
  it.each([
    ['/api/post/latestPost', ['newsData', 'quickByteData', 'articleData'], ['news', 'quick-bytes', 'featured']],
    ['/api/post/leadership', ['podcastData', 'inteviewData', 'guestPostData'], ['podcasts', 'interview', 'guest-author']],
    ['/api/post/featured', ['articleData', 'learningData', 'futureReadyData'], ['featured', 'learning-center', 'future-ready']],
  ])('%s answers three groups of 3 newest', async (path, keys, cats) => {
    const r = await getJson(base, path);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([...keys].sort());
    keys.forEach((k, i) => {
      expect(r.body[k]).toHaveLength(3);
      expect(isNewestFirst(r.body[k])).toBe(true);
      for (const item of r.body[k]) {
        expect(item.cat_slug).toBe(cats[i]);
        for (const f of ITEM_KEYS) expect(item).toHaveProperty(f);
      }
    });
  });

  it.each([
    ['/api/post/homelatest', 4],
    ['/api/post/latest', 4],
    ['/api/post/homelatestnews', 3],
    ['/api/post/homepopular', 4],
    ['/api/post/homeinterview', 8], // all 8 interview posts (limit 10)
    ['/api/post/homequickbyte', 6],
    ['/api/post/homearticle', 6],
    ['/api/post/homepodcast', 1],
  ])('%s is a bare array of %i items with a plain-text excerpt', async (path, n) => {
    const r = await getJson(base, path);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body).toHaveLength(n);
    for (const item of r.body) {
      expect(typeof item.post_content).toBe('string');
      expect(item.post_content).not.toMatch(/[<>]/);
      expect(item.post_content.length).toBeLessThanOrEqual(160);
    }
    if (path !== '/api/post/homepopular') expect(isNewestFirst(r.body)).toBe(true);
  });

  it('homelatest excludes news and podcasts; latest equals homelatest', async () => {
    const a = await getJson(base, '/api/post/homelatest');
    const b = await getJson(base, '/api/post/latest');
    expect(b.body).toEqual(a.body);
    for (const item of a.body) expect(['news', 'podcasts']).not.toContain(item.cat_slug);
  });

  it('homepopular ranks by views, and drafts never appear in lists', async () => {
    const views = new Map(api.corpus.baseViews);
    const r = await getJson(base, '/api/post/homepopular');
    const counts = r.body.map((i: { id: number }) => views.get(i.id) ?? 0);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
    const drafts = new Set(api.corpus.posts.filter((p) => p.status === 'draft').map((p) => p.id));
    const all = await getJson(base, '/api/post/topic/news?limit=100&page=1');
    for (const item of all.body.posts.postData) expect(drafts.has(item.id)).toBe(false);
  });
});

describe('topic, tag, search', () => {
  it('topic pages: shape, ordering, pagination math, clamping', async () => {
    const total = published('news').length;
    const r = await getJson(base, '/api/post/topic/news?page=2&limit=10');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.posts.pagination).toEqual({ page: 2, limit: 10, totalItems: total, totalPages: Math.ceil(total / 10) });
    expect(r.body.posts.postData).toHaveLength(10);
    expect(isNewestFirst(r.body.posts.postData)).toBe(true);
    for (const f of ['cat_name', 'subcat_name', 'meta_keywords']) expect(r.body.posts.postData[0]).toHaveProperty(f);
    const clamped = await getJson(base, '/api/post/topic/news?page=-4&limit=5000');
    expect(clamped.body.posts.pagination).toMatchObject({ page: 1, limit: 100 });
    const zero = await getJson(base, '/api/post/topic/news?page=abc&limit=0');
    expect(zero.body.posts.pagination).toMatchObject({ page: 1, limit: 1, totalPages: total });
    const deflt = await getJson(base, '/api/post/topic/podcasts');
    expect(deflt.body.posts.pagination).toMatchObject({ page: 1, limit: 10, totalItems: 8, totalPages: 1 });
    const beyond = await getJson(base, '/api/post/topic/podcasts?page=9');
    expect(beyond.body.posts.postData).toEqual([]);
  });

  it('topic with a sub-category matches the slug or keywords; empty gives totalPages 0', async () => {
    const r = await getJson(base, '/api/post/topic/news/machine-learning?limit=100');
    expect(r.body.posts.postData.length).toBeGreaterThan(0);
    for (const p of r.body.posts.postData) {
      expect(p.cat_slug).toBe('news');
      expect(p.subcat_name === 'Machine Learning' || /machine learning/i.test(p.meta_keywords)).toBe(true);
    }
    const empty = await getJson(base, '/api/post/topic/news/no-such-sub');
    expect(empty.status).toBe(200);
    expect(empty.body.posts).toEqual({ postData: [], pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 } });
  });

  it('tag: eight lists of up to 7, p_content excerpts; unknown sub-category is a 500', async () => {
    const r = await getJson(base, '/api/post/tag/cloud-computing');
    expect(r.status).toBe(200);
    expect(r.body.posts.subCatName).toBe('Cloud Computing');
    const keys = ['news', 'featured', 'quickbytes', 'podcasts', 'interview', 'futureready', 'guestauthor', 'learningcenter'];
    for (const k of keys) {
      expect(r.body.posts[k].length).toBeLessThanOrEqual(7);
      expect(isNewestFirst(r.body.posts[k])).toBe(true);
      for (const i of r.body.posts[k]) expect(i.p_content).not.toMatch(/</);
    }
    expect(r.body.posts.news.length).toBeGreaterThan(0);
    const bad = await getJson(base, '/api/post/tag/not-a-tag');
    expect(bad.status).toBe(500);
    expect(bad.body.success).toBe(false);
  });

  it('search: all or one category, paged, case-insensitive', async () => {
    const r = await getJson(base, '/api/post/search/all/CLOUD?limit=5');
    expect(r.status).toBe(200);
    expect(r.body.result.category).toBe('all');
    expect(r.body.result.pagination.totalItems).toBeGreaterThan(5);
    expect(r.body.result.postData).toHaveLength(5);
    expect(isNewestFirst(r.body.result.postData)).toBe(true);
    const news = await getJson(base, '/api/post/search/news/cloud?limit=100');
    for (const p of news.body.result.postData) expect(p.cat_slug).toBe('news');
    expect(news.body.result.pagination.totalItems).toBeLessThan(r.body.result.pagination.totalItems);
  });

  it.each([`"`, `'`, '%', '_', `' OR 1=1 --`, `"; DROP TABLE posts; --`, 'a/b', '\\', '38%'])('search treats %j as data', async (term) => {
    // A LIKE pattern or pasted SQL would match far more (or fail): only literal substrings count.
    const t = term.toLowerCase();
    const expected = api.corpus.posts.filter(
      (p) => p.status === 'publish' && (p.title.toLowerCase().includes(t) || (p.keywords ?? '').toLowerCase().includes(t)),
    ).length;
    const r = await getJson(base, `/api/post/search/all/${encodeURIComponent(term)}?limit=100`);
    expect(r.status).toBe(200);
    expect(r.body.result.pagination.totalItems).toBe(expected);
    expect(r.body.result.pagination.totalPages).toBe(expected === 0 ? 0 : Math.ceil(expected / 100));
    if (term.includes('OR 1=1') || term === '_') expect(expected).toBe(0);
  });

  it('category lists', async () => {
    const subs = await getJson(base, '/api/category/subcatlist');
    expect(subs.body.length).toBeGreaterThanOrEqual(38);
    expect(Object.keys(subs.body[0]).sort()).toEqual(['subcat_id', 'subcat_name', 'subcat_slug']);
    const cats = await getJson(base, '/api/category/all');
    expect(cats.body.map((c: { cat_slug: string }) => c.cat_slug)).toEqual(['news', 'quick-bytes', 'featured', 'podcasts', 'interview', 'guest-author', 'future-ready', 'learning-center']);
    expect(cats.body[2].cat_name).toBe('Articles');
  });
});

describe('articles and authors', () => {
  it('postdetails answers 201 with the full post; unknown and drafts are 501; preview shows drafts', async () => {
    const p = published('featured')[0];
    const r = await getJson(base, `/api/post/postdetails/featured/${p.name}`);
    expect(r.status).toBe(201);
    const post = r.body.result[0];
    for (const f of ['id', 'post_title', 'post_name', 'post_content', 'post_author', 'post_author_id', 'author_name', 'banner_show', 'banner_img', 'podcast_link', 'post_date', 'cat_name', 'cat_slug', 'subcat_name', 'subcat_slug', 'meta_title', 'meta_description', 'meta_keywords', 'reading_time']) {
      expect(post).toHaveProperty(f);
    }
    expect(post.post_content).toContain('<h2>');
    const author = await getJson(base, `/api/author/${post.post_author_id}`);
    expect(author.status).toBe(201);
    expect(author.body.result[0].author_name).toBe(post.author_name);
    const missing = await getJson(base, '/api/post/postdetails/featured/nope');
    expect(missing.status).toBe(501);
    expect(missing.body).toMatchObject({ success: false, error: 'Post not Found!' });
    const draft = api.corpus.posts.find((x) => x.status === 'draft')!;
    const cat = api.corpus.categories[draft.cat].cat_slug;
    expect((await getJson(base, `/api/post/postdetails/${cat}/${draft.name}`)).status).toBe(501);
    const preview = await getJson(base, `/api/post/preview-post/${cat}/${draft.name}`);
    expect(preview.status).toBe(201);
    expect(preview.body.result[0].id).toBe(draft.id);
  });

  it('asidetopic: 201 with 5 newest; unknown category 500', async () => {
    const r = await getJson(base, '/api/post/asidetopic/news');
    expect(r.status).toBe(201);
    expect(r.body.result).toHaveLength(5);
    expect(isNewestFirst(r.body.result)).toBe(true);
    expect((await getJson(base, '/api/post/asidetopic/nothing')).status).toBe(500);
  });

  it('author details and paged posts (with and without sub-category)', async () => {
    const d = await getJson(base, '/api/author/details/priya-raman');
    expect(d.body.author[0]).toMatchObject({ author_name: 'priya-raman', author_display_name: 'Priya Raman' });
    expect((await getJson(base, '/api/author/details/nobody')).body).toEqual({ author: [] });
    const posts = await getJson(base, '/api/author/posts/priya-raman?page=1&limit=3');
    expect(posts.status).toBe(200);
    expect(posts.body.authorPosts.postData.length).toBeLessThanOrEqual(3);
    expect(isNewestFirst(posts.body.authorPosts.postData)).toBe(true);
    for (const p of posts.body.authorPosts.postData) expect(p.author_name).toBe('priya-raman');
    const sub = await getJson(base, '/api/author/posts/priya-raman/no-such-sub');
    expect(sub.body.authorPosts.pagination.totalPages).toBe(0);
    expect((await getJson(base, '/api/author/9999')).status).toBe(404);
  });
});

describe('events and ads', () => {
  it('events: page size 9, upcoming soonest first, past latest first, split by today', async () => {
    const t = Date.parse(TODAY);
    const up = await getJson(base, '/api/event/upcoming_events?page=1');
    const past = await getJson(base, '/api/event/past_events?page=1');
    const all = await getJson(base, '/api/event/totalevents?page=1');
    expect(up.body.responseData.eventData).toHaveLength(9);
    const upDates = up.body.responseData.eventData.map((e: { event_date: string }) => Date.parse(e.event_date));
    expect(upDates.every((d: number) => d >= t)).toBe(true);
    expect([...upDates].sort((a, b) => a - b)).toEqual(upDates);
    const pastDates = past.body.responseData.eventData.map((e: { event_date: string }) => Date.parse(e.event_date));
    expect(pastDates.every((d: number) => d < t)).toBe(true);
    expect([...pastDates].sort((a, b) => b - a)).toEqual(pastDates);
    expect(all.body.responseData.pagination).toEqual({ totalPages: Math.ceil(api.corpus.events.length / 9) });
    const last = await getJson(base, `/api/event/totalevents?page=${all.body.responseData.pagination.totalPages}`);
    expect(last.body.responseData.eventData.length).toBeGreaterThan(0);
    const slug = up.body.responseData.eventData[0].event_slug;
    const d = await getJson(base, `/api/event/eventdetails/${slug}`);
    expect(d.status).toBe(200);
    expect(d.body.eventData[0].event_desc).toMatch(/<h2>/);
    expect((await getJson(base, '/api/event/eventdetails/nope')).status).toBe(501);
  });

  it('ads: active only, ordered by banner_type', async () => {
    const r = await getJson(base, '/api/advertisement/get_active');
    const types = r.body.map((a: { banner_type: string }) => a.banner_type);
    expect(types).toEqual([...types].sort());
    expect(r.body.some((a: { banner_name: string }) => a.banner_name.startsWith('Expired'))).toBe(false);
    expect(Object.keys(r.body[0]).sort()).toEqual(['banner_id', 'banner_img', 'banner_name', 'banner_type', 'dest_url', 'duration_time']);
    for (const a of r.body) expect(a.dest_url).toMatch(/^https:\/\//);
  });

  it('sample-only redirect list', async () => {
    const r = await getJson(base, '/__sample/redirects');
    expect(r.body).toEqual(api.corpus.redirects);
  });
});
