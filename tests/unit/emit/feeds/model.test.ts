// Feed items (src/emit/feeds/model.ts) are kept per post record between builds
// of a publish session: an item must follow any change of its post,
// its author, its route or the site, and never come back stale. A one-off build keeps none.
import { beforeEach, describe, expect, it } from 'vitest';
import { ep } from '../../../../src/api/endpoints.ts';
import type { Author, Post } from '../../../../src/api/types.ts';
import { feedArticleIndex, feedArticles, type FeedSource } from '../../../../src/emit/feeds/model.ts';
import { newEmitKept, type FeedsKept } from '../../../../src/emit/kept.ts';
import { headOf } from '../../../../src/site/common.ts';
import { Snapshot } from '../../../../src/snapshot/snapshot-store.ts';
import type { PlannedRoute } from '../../../../src/plan/types.ts';

const post = (over: Partial<Post> = {}): Post =>
  ({ id: 7, post_title: 'A title', post_name: 'a-title', post_date: '2026-01-10T09:00:00Z', post_content: '<p>Body text</p>', cat_slug: 'news', cat_name: 'News', post_author_id: 3, author_name: 'jane', banner_img: '/uploads/a.png', ...over }) as Post;
const author = (over: Partial<Author> = {}): Author => ({ author_name: 'jane', author_display_name: 'Jane Doe', ...over }) as Author;
const route = (path = '/news/a-title'): PlannedRoute => ({ kind: 'article', path, file: `${path.slice(1)}/index.html`, params: { cat_slug: 'news', post_name: 'a-title' }, deps: [] }) as unknown as PlannedRoute;

function source(p: Post, a: Author, over: Partial<FeedSource> = {}): FeedSource {
  const bodies = new Map<string, unknown>([
    [ep.postDetails('news', 'a-title'), { result: [p] }],
    [ep.authorById(3), { result: [a] }],
  ]);
  return { routes: [route()], lookup: (path) => bodies.get(path), siteUrl: 'https://site.example', imageHost: '', ...over };
}

describe.each([true, false])('feed items (kept between builds: %s)', (keeps) => {
  // A session's part for each test, or none (a one-off build).
  let kept: FeedsKept | undefined;
  beforeEach(() => void (kept = keeps ? newEmitKept().feeds : undefined));
  it('the same records give the same item: the kept one in a session, an equal new one in a one-off build', () => {
    const p = post();
    const a = author();
    const [first] = feedArticles(source(p, a), kept);
    const [again] = feedArticles(source(p, a), kept);
    if (keeps) expect(again).toBe(first);
    else expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ title: 'A title', url: 'https://site.example/news/a-title', excerpt: 'Body text', author: { name: 'Jane Doe' }, image: { url: 'https://site.example/uploads/a.png', type: 'image/png' } });
  });

  it('follows a new post record, a new author record, another route path, site URL or image host', () => {
    const p = post();
    const a = author();
    feedArticles(source(p, a), kept);
    expect(feedArticles(source(post({ post_title: 'Edited' }), a), kept)[0]).toMatchObject({ title: 'Edited' });
    expect(feedArticles(source(p, author({ author_display_name: 'J. Doe' })), kept)[0]).toMatchObject({ author: { name: 'J. Doe' } });
    expect(feedArticles({ ...source(p, a), routes: [route('/news/moved')] }, kept)[0]).toMatchObject({ url: 'https://site.example/news/moved' });
    expect(feedArticles(source(p, a, { siteUrl: 'https://other.example' }), kept)[0]).toMatchObject({ url: 'https://other.example/news/a-title' });
    expect(feedArticles(source(p, a, { imageHost: 'https://img.example' }), kept)[0]).toMatchObject({ image: { url: 'https://img.example/uploads/a.png' } });
    // And back: nothing stale from the variants above.
    expect(feedArticles(source(p, a), kept)[0]).toMatchObject({ url: 'https://site.example/news/a-title', author: { name: 'Jane Doe' }, image: { url: 'https://site.example/uploads/a.png' } });
  });

  it('makes items from the record without its body, and reads the body once, when a feed first prints the excerpt', () => {
    let reads = 0;
    const p = post({ post_content: '<p>Only <b>in</b> the body</p>' });
    const entry = { key: 'GET /api/post/postdetails/news/a-title', status: 200, hash: `h${keeps}`, get body() {
      reads += 1;
      return { result: [p] };
    } };
    // The plan reads every listed post's record once (src/site/common.ts headOf); the feed items use that.
    headOf(entry as never);
    reads = 0;
    const a = author();
    const src = { ...source(p, a), entryOf: (path: string) => (path === ep.postDetails('news', 'a-title') ? (entry as never) : undefined) };
    const [item] = feedArticles(src, kept);
    expect(reads).toBe(0);
    expect(item).toMatchObject({ title: 'A title', author: { name: 'Jane Doe' } });
    expect(item.excerpt).toBe('Only in the body');
    expect(item.excerpt).toBe('Only in the body');
    expect(reads).toBe(1);
    // A meta description is the excerpt: the body is never read.
    const described = post({ meta_description: ' Said so ' });
    reads = 0;
    const [other] = feedArticles(source(described, a), kept);
    expect(other.excerpt).toBe('Said so');
  });
});

describe('feed items of a change-driven build (a publish session)', () => {

  it('follow what changed in the snapshot since the state they were made in, and look up nothing for a post whose record and author did not change', () => {
    const kept = newEmitKept().feeds;
    const posts = Array.from({ length: 6 }, (_, i) => post({ id: i + 1, post_name: `p${i}`, post_title: `Title ${i}`, post_date: `2026-01-1${i}T09:00:00Z`, post_author_id: 1 + (i % 2) }));
    let routes = posts.map((p) => ({ ...route(`/news/p${p.id - 1}`), params: { cat_slug: 'news', post_name: p.post_name } }) as unknown as PlannedRoute);
    let snap = new Snapshot();
    for (const p of posts) snap.set(ep.postDetails('news', p.post_name), { status: 200, body: { result: [p] } });
    snap.set(ep.authorById(1), { status: 200, body: { result: [author({ author_display_name: 'One' })] } });
    snap.set(ep.authorById(2), { status: 200, body: { result: [author({ author_name: 'two', author_display_name: 'Two' })] } });
    const looked: string[] = [];
    const sourceOf = (s: Snapshot): FeedSource => ({
      routes,
      lookup: (path) => (looked.push(path), s.ok(path)),
      entryOf: (path) => (looked.push(path), s.get(path)),
      changes: s,
      siteUrl: 'https://site.example',
      imageHost: '',
    });
    const first = feedArticles(sourceOf(snap), kept);
    expect(first.map((a) => a.title)).toEqual(['Title 5', 'Title 4', 'Title 3', 'Title 2', 'Title 1', 'Title 0']);
    // An edit of post 3 and a new display name for author 2 (posts 2, 4 and 6).
    snap = Snapshot.copyOf(snap);
    snap.set(ep.postDetails('news', 'p2'), { status: 200, body: { result: [{ ...posts[2], post_title: 'Edited' }] } });
    snap.set(ep.authorById(2), { status: 200, body: { result: [author({ author_name: 'two', author_display_name: 'Second' })] } });
    looked.length = 0;
    const next = feedArticles(sourceOf(snap), kept);
    expect(next.map((a) => `${a.title} by ${a.author?.name}`)).toEqual(['Title 5 by Second', 'Title 4 by One', 'Title 3 by Second', 'Edited by One', 'Title 1 by Second', 'Title 0 by One']);
    // Posts 1 and 5 (author 1, records unchanged) were not looked up; their items are the same objects.
    expect(looked.filter((p) => p.includes('/p0') || p.includes('/p4'))).toEqual([]);
    expect(next[1]).toBe(first[1]);
    expect(next[5]).toBe(first[5]);
    // A deleted record: its item goes. Nothing changed: every item stands, nothing looked up.
    snap = Snapshot.copyOf(snap);
    snap.delete(ep.postDetails('news', 'p5'));
    expect(feedArticles(sourceOf(snap), kept).map((a) => a.title)).toEqual(['Title 4', 'Title 3', 'Edited', 'Title 1', 'Title 0']);
    snap = Snapshot.copyOf(snap);
    looked.length = 0;
    expect(feedArticles(sourceOf(snap), kept).map((a) => a.title)).toEqual(['Title 4', 'Title 3', 'Edited', 'Title 1', 'Title 0']);
    expect(looked).toEqual([]);
    // A route replaced at its place (its path moved): its item follows.
    routes = routes.slice();
    routes[1] = { ...routes[1], path: '/news/moved' };
    snap = Snapshot.copyOf(snap);
    expect(feedArticles(sourceOf(snap), kept).find((a) => a.title === 'Title 1')).toMatchObject({ url: 'https://site.example/news/moved' });
  });
});

describe('the newest-first list of a publish session', () => {

  it('is the same array brought up to date in place by what changed: an edit replaced where it was, a new date moved, a deletion taken out', () => {
    const kept = newEmitKept().feeds;
    const posts = Array.from({ length: 5 }, (_, i) => post({ id: i + 1, post_name: `p${i}`, post_title: `Title ${i}`, post_date: `2026-01-1${i}T09:00:00Z` }));
    const routes = posts.map((p) => ({ ...route(`/news/${p.post_name}`), params: { cat_slug: 'news', post_name: p.post_name } }) as unknown as PlannedRoute);
    let snap = new Snapshot();
    for (const p of posts) snap.set(ep.postDetails('news', p.post_name), { status: 200, body: { result: [p] } });
    snap.set(ep.authorById(3), { status: 200, body: { result: [author()] } });
    const sourceOf = (s: Snapshot): FeedSource => ({ routes, lookup: (path) => s.ok(path), entryOf: (path) => s.get(path), changes: s, siteUrl: 'https://site.example', imageHost: '' });
    const titles = (list: readonly { title: string }[]) => list.map((a) => a.title);
    const first = feedArticleIndex(sourceOf(snap), kept);
    expect(first.change).toBeUndefined();
    const list = first.sorted;
    expect(titles(list)).toEqual(['Title 4', 'Title 3', 'Title 2', 'Title 1', 'Title 0']);
    const step = (change: (s: Snapshot) => void) => {
      snap = Snapshot.copyOf(snap);
      change(snap);
      return feedArticleIndex(sourceOf(snap), kept);
    };
    // An edited title: the item is replaced at its place, in the same array.
    const was = list[2];
    const edited = step((s) => s.set(ep.postDetails('news', 'p2'), { status: 200, body: { result: [{ ...posts[2], post_title: 'Edited' }] } }));
    expect(edited.sorted).toBe(list);
    expect(edited.generation).toBe(first.generation + 1);
    expect(titles(list)).toEqual(['Title 4', 'Title 3', 'Edited', 'Title 1', 'Title 0']);
    expect(edited.change).toEqual({ removed: [was], added: [list[2]] });
    // A new date: the item moves to its place.
    const moved = step((s) => s.set(ep.postDetails('news', 'p0'), { status: 200, body: { result: [{ ...posts[0], post_date: '2026-01-20T09:00:00Z' }] } }));
    expect(moved.sorted).toBe(list);
    expect(titles(list)).toEqual(['Title 0', 'Title 4', 'Title 3', 'Edited', 'Title 1']);
    // A deletion: taken out.
    const deleted = step((s) => s.delete(ep.postDetails('news', 'p3')));
    expect(deleted.sorted).toBe(list);
    expect(titles(list)).toEqual(['Title 0', 'Title 4', 'Edited', 'Title 1']);
    expect(deleted.change?.added).toEqual([]);
    // Each answer is what sorting every item gives.
    expect(titles(feedArticles(sourceOf(snap), kept))).toEqual(titles(list));
  });
});
