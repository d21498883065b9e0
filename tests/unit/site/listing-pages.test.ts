// The later pages of the paged listings as routes of their own (docs/decisions/0105-listing-page-routes.md;
// src/site/kinds/topic.ts, author.ts, events.ts): {listing}/page/{n} for every page
// 2..totalPages whose answer lists something, each reading only its own page (so an
// edit on page 1 renders no other page again), none in the sitemap; page 1 stays at
// the listing's URL. The client's route table gives those paths to the same kinds.
import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { author } from '../../../src/site/kinds/author.ts';
import { events } from '../../../src/site/kinds/events.ts';
import { matchRouteTable } from '../../../src/site/kinds/route-match.ts';
import { topic } from '../../../src/site/kinds/topic.ts';
import { listingPageNumber, paths } from '../../../src/site/paths.ts';
import { memorySnapshot, testCtx } from '../../helpers/memory-snapshot.ts';

const post = (id: number) => ({ id, cat_slug: 'news', post_name: `p${id}`, post_title: `P${id}`, post_date: '2026-01-10T00:00:00.000Z', author_name: 'ada' });
const topicPage = (n: number, total: number, ids: number[]) => ({ body: { posts: { postData: ids.map(post), pagination: { page: n, limit: 10, totalItems: total * 10, totalPages: total } } } });
const authorPage = (n: number, total: number, ids: number[]) => ({ body: { authorPosts: { postData: ids.map(post), pagination: { page: n, limit: 10, totalItems: total * 10, totalPages: total } } } });
const eventsPage = (total: number, ids: number[]) => ({ body: { responseData: { eventData: ids.map((id) => ({ event_id: id, event_slug: `e${id}` })), pagination: { totalPages: total } } } });

describe('listing page routes', () => {
  it('topic: pages 2..n at {listing}/page/{n} with only their own page as data, out of the sitemap; an empty or missing page gets none', () => {
    const snap = memorySnapshot({
      [ep.subcatList()]: { body: [{ subcat_id: 1, subcat_slug: 'cloud', subcat_name: 'Cloud' }] },
      [ep.topic('news', null, 1)]: topicPage(1, 4, [1, 2]),
      [ep.topic('news', null, 2)]: topicPage(2, 4, [3]),
      [ep.topic('news', null, 3)]: topicPage(3, 4, []),
      // page 4 not read (yet): no route
      [ep.topic('news', 'cloud', 1)]: topicPage(1, 2, [1]),
      [ep.topic('news', 'cloud', 2)]: topicPage(2, 2, [2]),
    });
    const routes = topic.routes(snap, testCtx());
    expect(routes.map((r) => r.path)).toEqual(['/topic/news', '/topic/news/page/2', '/topic/news/cloud', '/topic/news/cloud/page/2']);
    const [first, second, , sub2] = routes;
    expect(first.sitemap).not.toBeNull();
    expect(second).toMatchObject({ kind: 'topic', params: { cat_slug: 'news', page: '2' }, sitemap: null, deps: [ep.topic('news', null, 2), ep.subcatList()] });
    expect(sub2).toMatchObject({ params: { cat_slug: 'news', subcat: 'cloud', page: '2' }, deps: [ep.topic('news', 'cloud', 2), ep.subcatList()] });
    expect(second.deps).not.toContain(ep.topic('news', null, 1));
  });

  it('author: /author/{name}/page/{n}, with the author and that page as data', () => {
    // The author is found through the byline of a listed post's details (src/site/kinds/author.ts).
    const snap = memorySnapshot({
      [ep.topic('news', null, 1)]: topicPage(1, 1, [1]),
      [ep.postDetails('news', 'p1')]: { body: { result: [post(1)] } },
      [ep.authorDetails('ada')]: { body: { author: [{ author_id: 3, author_name: 'ada', author_display_name: 'Ada' }] } },
      [ep.authorPosts('ada', null, 1)]: authorPage(1, 3, [1]),
      [ep.authorPosts('ada', null, 2)]: authorPage(2, 3, [2]),
      [ep.authorPosts('ada', null, 3)]: authorPage(3, 3, [3]),
    });
    const routes = author.routes(snap, testCtx()).map((r) => ({ path: r.path, params: r.params, deps: r.deps, sitemap: r.sitemap }));
    expect(routes.map((r) => r.path)).toEqual(['/author/ada', '/author/ada/page/2', '/author/ada/page/3']);
    expect(routes[0].sitemap).not.toBeNull();
    expect(routes[1]).toEqual({ path: '/author/ada/page/2', params: { auther_name: 'ada', page: '2' }, deps: [ep.authorDetails('ada'), ep.authorPosts('ada', null, 2), ep.subcatList()], sitemap: null });
  });

  it('events: /events/page/{n} for the All Events list only, with that page as data', () => {
    const snap = memorySnapshot({
      [ep.eventsAll(1)]: eventsPage(3, [1, 2]),
      [ep.eventsAll(2)]: eventsPage(3, [3]),
      [ep.eventsAll(3)]: eventsPage(3, [4]),
      [ep.eventsUpcoming(1)]: eventsPage(2, [1]),
      [ep.eventsUpcoming(2)]: eventsPage(2, [2]),
    });
    const routes = events.routes(snap, testCtx());
    expect(routes.map((r) => [r.path, r.deps, r.sitemap === null])).toEqual([
      ['/events', [ep.eventsAll(1), ep.eventsUpcoming(1), ep.eventsPast(1)], false],
      ['/events/page/2', [ep.eventsAll(2)], true],
      ['/events/page/3', [ep.eventsAll(3)], true],
    ]);
  });

  it('the client routes those paths to the same kinds with the page as a parameter, page 1 at the listing itself', () => {
    expect(matchRouteTable('/topic/news/page/2')).toMatchObject({ route: { kind: 'topic' }, params: { cat_slug: 'news', page: '2' } });
    expect(matchRouteTable('/topic/news/cloud/page/3')).toMatchObject({ route: { kind: 'topic' }, params: { cat_slug: 'news', subcat: 'cloud', page: '3' } });
    // A sub-category named "page" keeps its listing.
    expect(matchRouteTable('/topic/news/page')).toMatchObject({ route: { kind: 'topic' }, params: { cat_slug: 'news', subcat: 'page' } });
    expect(matchRouteTable('/author/ada/page/2')).toMatchObject({ route: { kind: 'author' }, params: { auther_name: 'ada', page: '2' } });
    expect(matchRouteTable('/events/page/2')).toMatchObject({ route: { kind: 'events' }, params: { page: '2' } });
    expect(matchRouteTable('/events/page')).toMatchObject({ route: { kind: 'event-detail' } });
    expect(paths.listingPage('/topic/news', 1)).toBe('/topic/news');
    expect(paths.listingPage('/topic/news', 2)).toBe('/topic/news/page/2');
    expect([undefined, '2', '10', '02', '0', 'x', '1'].map(listingPageNumber)).toEqual([1, 2, 10, 1, 1, 1, 1]);
  });
});
