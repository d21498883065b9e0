import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { Snapshot } from '../../../src/crawl/snapshot-store.ts';
import { article } from '../../../src/site/kinds/article.ts';
import type { SiteContextForKinds } from '../../../src/site/types.ts';

// One listed post in the news category, with its details.
function snapshot(date: string, title = 'A story'): Snapshot {
  const s = new Snapshot();
  const item = { id: 7, cat_slug: 'news', post_name: 'a-story', post_title: title, post_date: date };
  s.set(ep.topic('news', null, 1), { status: 200, body: { posts: { postData: [item], pagination: { totalPages: 1, currentPage: 1, totalItems: 1 } } } });
  s.set(ep.postDetails('news', 'a-story'), { status: 200, body: { result: [{ ...item, post_status: 'publish', post_author_id: 3, post_content: '<p>x</p>' }] } });
  return s;
}
const at = (now: string): SiteContextForKinds => ({ now, today: now.slice(0, 10), warn: () => {} });

describe('article routes between builds', () => {
  it('keeps the route object while the clock moves within or outside the news window, and makes a new one when the post enters or leaves it', () => {
    const snap = snapshot('2026-01-14T10:00:00.000Z');
    const [inWindow] = article.routes(snap, at('2026-01-14T12:00:00.000Z'));
    expect(inWindow.sitemap?.news).toEqual({ title: 'A story', publicationDate: '2026-01-14T10:00:00.000Z' });
    // A watcher's next build, minutes later: the same route object (its input hash and sitemap element are kept with it).
    expect(article.routes(snap, at('2026-01-14T12:05:00.000Z'))[0]).toBe(inWindow);
    // Three days later the post has left the news window: a new route without the news entry.
    const [later] = article.routes(snap, at('2026-01-17T12:00:00.000Z'));
    expect(later).not.toBe(inWindow);
    expect(later.sitemap?.news).toBeUndefined();
    expect(article.routes(snap, at('2026-02-01T00:00:00.000Z'))[0]).toBe(later);
  });

  it('makes a new route when the details record changed', () => {
    const before = article.routes(snapshot('2026-01-14T10:00:00.000Z'), at('2026-01-14T12:00:00.000Z'))[0];
    const after = article.routes(snapshot('2026-01-14T10:00:00.000Z', 'Edited'), at('2026-01-14T12:00:00.000Z'))[0];
    expect(after).not.toBe(before);
    expect(after.sitemap?.news?.title).toBe('Edited');
  });
});
