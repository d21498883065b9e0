// Hostile records are dropped where the data enters, with a warning naming the
// endpoint, the record and the reason (docs/architecture.md, "Untrusted input").
import { describe, expect, it } from 'vitest';
import { checkShape } from '../../../src/api/schemas.ts';
import { normaliseResponse } from '../../../src/crawl/normalise.ts';
import { warnInto } from '../../helpers/warnings.ts';

const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  post_title: `T${id}`,
  post_name: `post-${id}`,
  cat_slug: 'news',
  post_author: 'Ada',
  post_date: '2024-06-12T18:30:00.000Z',
  banner_img: `/uploads/2024/06/${id}.jpg`,
  ...extra,
});

function run(path: string, body: unknown) {
  const warnings: string[] = [];
  const out = normaliseResponse(path, checkShape(path, 200, body), warnInto(warnings));
  return { out, warnings };
}

describe('normaliseResponse', () => {
  it('drops list items with hostile identity slugs, clears hostile link slugs, and says why', () => {
    const path = '/api/post/topic/news?page=1';
    const pagination = { page: 1, limit: 10, totalItems: 5, totalPages: 1 };
    const { out, warnings } = run(path, {
      success: true,
      posts: {
        postData: [
          item(1),
          item(77, { post_name: '..x' }),
          item(78, { post_name: 'a/b' }),
          item(79, { cat_slug: 'CON' }),
          item(80, { post_name: 'x%2Fy' }),
          item(81, { author_name: 'bad\u0000name' }),
        ],
        pagination,
      },
    });
    const kept = (out as { posts: { postData: { id: number; author_name?: string | null }[] } }).posts.postData;
    expect(kept.map((p) => p.id)).toEqual([1, 81]);
    // post 81 keeps its article; only the unusable author link is gone
    expect(kept[1].author_name).toBeNull();
    expect(warnings).toEqual([
      'W_SLUG: /api/post/topic/news?page=1: post 77 post_name "..x" contains ".."',
      'W_SLUG: /api/post/topic/news?page=1: post 78 post_name "a/b" contains a path separator',
      'W_SLUG: /api/post/topic/news?page=1: post 79 cat_slug "CON" a Windows reserved name',
      'W_SLUG: /api/post/topic/news?page=1: post 80 post_name "x%2Fy" contains a percent-escape',
      'W_SLUG: /api/post/topic/news?page=1: post 81 author_name "bad\\u0000name" contains a control character; link removed',
    ]);
  });

  it('drops hostile sub-categories, categories, authors and events', () => {
    expect(run('/api/category/subcatlist', [{ subcat_id: 1, subcat_name: 'x', subcat_slug: '..' }, { id: 2, subcat_name: 'AI', subcat_slug: 'ai' }]).out).toEqual([
      { subcat_id: 2, subcat_name: 'AI', subcat_slug: 'ai' },
    ]);
    expect(run('/api/category/all', [{ cat_id: 1, cat_name: 'x', cat_slug: 'a\\b' }]).warnings).toHaveLength(1);
    const author = { author_id: 3, author_name: 'nul', author_display_name: 'N', author_description: null, author_photo: null };
    expect(run('/api/author/details/nul', { author: [author] }).out).toEqual({ author: [] });
    const ev = { event_id: 9, event_slug: 'a b', event_title: 'E', event_banner: null, event_location: '', event_date: '2026-01-01', event_desc: '', event_link: null, podcast_link: null, banner_show: 0 };
    const { out, warnings } = run('/api/event/totalevents?page=1', { eventData: [ev], pagination: { totalPages: 1 } });
    expect(out).toEqual({ responseData: { eventData: [], pagination: { totalPages: 1 } } });
    expect(warnings[0]).toMatch(/^W_SLUG: \/api\/event\/totalevents\?page=1: event 9 event_slug "a b"/);
  });

  it('drops ads whose dest_url is not http(s)', () => {
    const ad = (id: number, dest_url: string, banner_img = '/uploads/pixel_img/a.png') => ({ banner_id: id, banner_type: 'Home-2', banner_name: 'x', banner_img, dest_url, duration_time: 5 });
    const { out, warnings } = run('/api/advertisement/get_active', [
      ad(1, 'https://sponsor.example/x'),
      ad(2, 'javascript:alert(1)'),
      ad(3, 'data:text/html,x'),
      ad(4, 'https://sponsor.example', 'https://tracker.example/p.gif'),
    ]);
    expect((out as { banner_id: number }[]).map((a) => a.banner_id)).toEqual([1]);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('ad 2 dest_url "javascript:alert(1)"');
  });

  it('nulls image fields that are not image-host paths', () => {
    const { out } = run('/api/post/homelatest', [
      item(1, { banner_img: 'javascript:alert(1)' }),
      item(2, { banner_img: '//evil.example/a.jpg' }),
      item(3, { banner_img: '/uploads/../../etc/passwd' }),
      item(4, { banner_img: 'https://evil.example/a.jpg' }),
      item(5),
    ]);
    expect((out as { banner_img: string | null }[]).map((p) => p.banner_img)).toEqual([null, null, null, null, '/uploads/2024/06/5.jpg']);
  });

  it('sanitises full posts and attaches the table of contents, leaving excerpts as text', () => {
    const post = {
      ...item(7),
      post_content: '<h2>One</h2><p onclick="x">a</p><script>alert(1)</script>',
      post_author_id: 3,
      author_name: 'ada',
      banner_show: 1,
      podcast_link: 'javascript:alert(1)',
      cat_name: 'News',
      subcat_name: null,
      subcat_slug: null,
      meta_title: null,
      meta_description: null,
      meta_keywords: null,
      reading_time: 3,
    };
    const { out } = run('/api/post/postdetails/news/post-7', { success: true, message: 'ok', result: [post] });
    const [p] = (out as { result: Record<string, unknown>[] }).result;
    expect(p.post_content).toBe('<h2 id="toc-one">One</h2><p>a</p>');
    expect(p.toc).toEqual([{ level: 2, id: 'toc-one', text: 'One', number: '1.' }]);
    expect(p.podcast_link).toBeNull();
    const excerpt = run('/api/post/homelatest', [item(1, { post_content: 'a < b & <i>c</i>' })]).out as { post_content: string }[];
    expect(excerpt[0].post_content).toBe('a < b & <i>c</i>');
  });

  it('normalises slugs to NFC', () => {
    const nfd = 'cafe\u0301';
    const { out } = run('/api/post/homelatest', [item(1, { post_name: nfd })]);
    expect((out as { post_name: string }[])[0].post_name).toBe('caf\u00e9');
  });
});
