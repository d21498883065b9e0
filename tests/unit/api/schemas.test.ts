// Every GET's shape: a good body passes (normalised), a bad one names the
// endpoint and the exact field (docs/api-contract.md, "Endpoints").
import { describe, expect, it } from 'vitest';
import { checkShape, readShape, schemaNameFor } from '../../../src/api/schemas.ts';

const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  post_title: `Title ${id}`,
  post_name: `post-${id}`,
  cat_slug: 'news',
  post_author: 'Ada',
  post_date: '2024-06-12T18:30:00.000Z',
  banner_img: `/uploads/2024/06/${id}.jpg`,
  ...extra,
});
const post = (extra: Record<string, unknown> = {}) => ({
  ...item(7),
  post_content: '<p>x</p>',
  post_author_id: 3,
  author_name: 'ada',
  banner_show: 1,
  podcast_link: null,
  cat_name: 'News',
  subcat_name: 'AI',
  subcat_slug: 'artificial-intelligence',
  meta_title: null,
  meta_description: null,
  meta_keywords: 'ai, ml',
  reading_time: '3 min',
  ...extra,
});
const pagination = { page: 1, limit: 10, totalItems: 21, totalPages: 3 };
const event = { event_id: 1, event_slug: 'summit', event_title: 'Summit', event_banner: null, event_location: 'Pune', event_date: '2026-02-01T00:00:00.000Z', event_desc: '<p>x</p>', event_link: null, podcast_link: null, banner_show: 1 };
const author = { author_id: 3, author_name: 'ada', author_display_name: 'Ada', author_description: null, author_photo: '/uploads/author-profiles/a.jpg' };
const tagPosts = { subCatName: 'AI', news: [item(1)], featured: [], quickbytes: [], podcasts: [], interview: [], futureready: [], guestauthor: [], learningcenter: [] };

// [path, good body, bad body, field named by the error]
const CASES: [string, unknown, unknown, string][] = [
  ['/api/post/latestPost', { newsData: [item(1)], quickByteData: [], articleData: [] }, { newsData: [item(1)], quickByteData: [] }, 'articleData'],
  ['/api/post/leadership', { podcastData: [], inteviewData: [item(1)], guestPostData: [] }, { podcastData: [], inteviewData: [{ id: 1 }], guestPostData: [] }, 'inteviewData[0].post_title'],
  ['/api/post/featured', { articleData: [], learningData: [], futureReadyData: [item(2)] }, { articleData: 1, learningData: [], futureReadyData: [] }, 'articleData'],
  ['/api/post/homelatest', [item(1, { post_content: 'excerpt' })], [item(1), item(2, { post_date: 5 })], '[1].post_date'],
  ['/api/post/homepodcast', [item(1)], { data: [] }, '(body)'],
  ['/api/post/topic/news/ai?limit=10&page=1', { success: true, posts: { postData: [item(1)], pagination } }, { success: true, posts: { postData: [], pagination: { ...pagination, totalPages: 'many' } } }, 'posts.pagination.totalPages'],
  ['/api/post/tag/ai', { success: true, posts: tagPosts }, { success: true, posts: { ...tagPosts, news: undefined } }, 'posts.news'],
  ['/api/post/search/all/cloud?limit=10&page=1', { success: true, result: { category: 'all', postData: [], pagination } }, { success: true, result: { postData: [], pagination } }, 'result.category'],
  ['/api/category/subcatlist', [{ subcat_id: 1, subcat_name: 'AI', subcat_slug: 'ai' }], [{ subcat_name: 'AI', subcat_slug: 'ai' }], '[0].subcat_id'],
  ['/api/category/all', [{ cat_id: 1, cat_name: 'News', cat_slug: 'news' }], [{ cat_id: 1, cat_name: 'News' }], '[0].cat_slug'],
  ['/api/post/postdetails/news/post-7', { success: true, message: 'ok', result: [post()] }, { success: true, message: 'ok', result: [post({ post_author_id: 'x' })] }, 'result[0].post_author_id'],
  ['/api/post/preview-post/news/post-7', { success: true, message: 'ok', result: [post()] }, { success: false, result: [] }, 'success'],
  ['/api/post/asidetopic/news', { success: true, message: 'ok', result: [item(1, { post_content: 'x' })] }, { success: true, result: [item(1, { id: -1 })] }, 'result[0].id'],
  ['/api/author/3', { success: true, message: 'ok', result: [author] }, { success: true, result: [{ ...author, author_id: null }] }, 'result[0].author_id'],
  ['/api/author/details/ada', { author: [author] }, { author: [{ ...author, author_name: 1 }] }, 'author[0].author_name'],
  ['/api/author/posts/ada?limit=10&page=1', { authorPosts: { postData: [item(1)], pagination } }, { authorPosts: { postData: [item(1)] } }, 'authorPosts.pagination'],
  ['/api/event/upcoming_events?page=1', { responseData: { eventData: [event], pagination: { totalPages: 1 } } }, { responseData: { eventData: [{ ...event, event_slug: null }], pagination: { totalPages: 1 } } }, 'responseData.eventData[0].event_slug'],
  ['/api/event/eventdetails/summit', { eventData: [event] }, { eventData: {} }, 'eventData'],
  ['/api/advertisement/get_active', [{ banner_id: 1, banner_type: 'Home-2', banner_name: 'x', banner_img: '/uploads/pixel_img/a.png', dest_url: 'https://x.example', duration_time: 7 }], [{ banner_id: 1, banner_type: 'Home-2', banner_img: '/a.png' }], '[0].dest_url'],
];

describe('checkShape', () => {
  it.each(CASES)('%s: accepts the good shape', (path, good) => {
    expect(schemaNameFor(path)).toBeDefined();
    expect(() => checkShape(path, 200, good)).not.toThrow();
  });

  it.each(CASES)('%s: names the field of a bad shape', (path, _good, bad, field) => {
    let err: unknown;
    try {
      checkShape(path, 201, bad);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'PR_API_SHAPE', params: { endpoint: path, field } });
  });

  it('does not shape-check the contract error answers', () => {
    expect(checkShape('/api/post/tag/unknown', 500, { error: 'x' })).toEqual({ error: 'x' });
    expect(checkShape('/api/post/postdetails/news/nope', 501, { success: false })).toEqual({ success: false });
  });

  it('accepts subcatlist `id` and normalises it to subcat_id', () => {
    expect(checkShape('/api/category/subcatlist', 200, [{ id: '4', subcat_name: 'AI', subcat_slug: 'ai' }])).toEqual([
      { subcat_id: 4, subcat_name: 'AI', subcat_slug: 'ai' },
    ]);
  });

  it('accepts category/all as {category, subcategory}', () => {
    const cat = { cat_id: 1, cat_name: 'News', cat_slug: 'news' };
    expect(checkShape('/api/category/all', 200, { category: [cat], subcategory: [] })).toEqual([cat]);
  });

  it('accepts events at the top level and normalises them under responseData', () => {
    const body = checkShape('/api/event/past_events?page=2', 200, { eventData: [event], pagination: { totalPages: '2' } });
    expect(body).toEqual({ responseData: { eventData: [event], pagination: { totalPages: 2 } } });
  });

  it('makes totals integers and recomputes a null totalPages', () => {
    const body = checkShape('/api/post/topic/news?limit=10&page=1', 200, {
      success: true,
      posts: { postData: [], pagination: { page: '1', limit: 10, totalItems: '21', totalPages: null } },
    }) as { posts: { pagination: unknown } };
    expect(body.posts.pagination).toEqual({ page: 1, limit: 10, totalItems: 21, totalPages: 3 });
  });

  it('tolerates missing optional fields and drops unknown ones', () => {
    const { banner_img: _b, ...noBanner } = item(1);
    const body = checkShape('/api/post/homelatest', 200, [{ ...noBanner, meta_keywords: null, views: 99, secret: 'x' }]);
    expect(body).toEqual([{ ...noBanner, banner_img: null, meta_keywords: null }]);
    const details = checkShape('/api/post/postdetails/news/post-7', 201, {
      success: true,
      result: [post({ banner_img: undefined, meta_keywords: undefined, subcat_slug: '', internal_note: 'x' })],
    }) as { message: string; result: Record<string, unknown>[] };
    expect(details.message).toBe('');
    expect(details.result[0]).toMatchObject({ banner_img: null, meta_keywords: null, subcat_slug: null });
    expect(details.result[0]).not.toHaveProperty('internal_note');
  });

  it('defaults an ad duration to 5 seconds', () => {
    const [ad] = checkShape('/api/advertisement/get_active', 200, [
      { banner_id: 1, banner_type: 'Post-1', banner_name: 'x', banner_img: '/uploads/pixel_img/a.png', dest_url: 'https://x.example' },
    ]) as { duration_time: number }[];
    expect(ad.duration_time).toBe(5);
  });

  it('refuses a path with no schema as an internal error', () => {
    expect(() => checkShape('/api/nope', 200, {})).toThrow(expect.objectContaining({ code: 'PR_INTERNAL' }));
  });

  it('takes ISO 8601 dates, and quarantines a post or event whose date is not one (a page, feed or sitemap would print it)', () => {
    for (const date of ['2024-06-12T18:30:00.000Z', '2024-06-12T18:30:00Z', '2024-06-12', '2024-06-12T20:30:00+02:00']) {
      expect(() => checkShape('/api/post/topic/news?limit=10&page=1', 200, { success: true, posts: { postData: [item(1, { post_date: date })], pagination } })).not.toThrow();
    }
    const found: { id: string; reason: string }[] = [];
    const sink = (q: { id: string; reason: string }) => void found.push(q);
    // Not dates; a date-time without a zone (read in whichever time zone builds: not the same bytes everywhere); a day the calendar lacks.
    const bad = ['garbage', '12/06/2024', '2024-06-12T18:30:00', '2026-02-31'];
    const list = [item(1), ...bad.map((d, i) => item(i + 2, { post_date: d })), item(6), item(7), item(8), item(9)];
    const body = checkShape('/api/post/topic/news?limit=10&page=1', 200, { success: true, posts: { postData: list, pagination } }, { sink, maxShare: 0.5 }) as { posts: { postData: { id: number }[] } };
    expect(body.posts.postData.map((p) => p.id)).toEqual([1, 6, 7, 8, 9]);
    const reason = 'post_date: expected an ISO 8601 date such as 2026-01-15 or 2026-01-15T09:30:00Z (a time needs Z or an offset)';
    expect(found.map((q) => [q.id, q.reason])).toEqual(bad.map((_, i) => [`post ${i + 2}`, reason]));
    // A post's details and an event with a date that is not one: the record, not the build.
    expect(() => checkShape('/api/post/postdetails/news/post-7', 201, { success: true, message: '', result: [post({ post_date: '2024-13-45T99:00:00Z' })] })).toThrow(expect.objectContaining({ code: 'PR_API_SHAPE', message: expect.stringContaining('post_date') }));
    expect(() => checkShape('/api/event/eventdetails/summit', 200, { eventData: [{ ...event, event_date: 'soon' }] })).toThrow(expect.objectContaining({ code: 'PR_API_SHAPE', message: expect.stringContaining('event_date') }));
  });
});

describe('readShape: the browser reads lists with the crawl\'s schema', () => {
  const item = (id: number, title: unknown = `Post ${id}`) => ({ id, post_title: title, post_name: `p-${id}`, cat_slug: 'news', post_author: 'A', post_date: '2026-01-01' });
  const topic = (postData: unknown[], pagination: unknown = { page: 1, limit: 10, totalItems: postData.length, totalPages: 1 }) => ({ success: true, posts: { postData, pagination } });

  it('normalises a good body as the crawl does', () => {
    const body = topic([item(1)], { page: '1', limit: 10, totalItems: '1', totalPages: null });
    expect(readShape('topic', body)).toEqual(checkShape('/api/post/topic/news', 200, body));
    expect(readShape('topic', body)?.posts.pagination).toEqual({ page: 1, limit: 10, totalItems: 1, totalPages: 1 });
  });

  it('leaves a bad record out and reports it, keeping the rest', () => {
    const left: unknown[] = [];
    const b = readShape('topic', topic([item(1), item(2, 7), item(3)]), (q) => left.push(q));
    expect(b?.posts.postData.map((p) => p.id)).toEqual([1, 3]);
    expect(left).toEqual([{ endpoint: 'topic', id: 'post 2', reason: 'post_title: Invalid input: expected string, received number' }]);
  });

  it('is null for a body that is not the shape: no pagination, no posts, mostly bad records', () => {
    expect(readShape('topic', { success: true, posts: { postData: [] } })).toBeNull();
    expect(readShape('topic', { posts: null })).toBeNull();
    expect(readShape('topic', topic([item(1, 1), item(2, 2), item(3)]))).toBeNull();
    expect(readShape('authorDetails', { author: 'x' })).toBeNull();
  });
});
