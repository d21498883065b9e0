// routesOf (src/site/kinds/index.ts): in a process that publishes again, a kind's answer alike
// route by route to its last one is that last array, the very route objects (the plan and the
// crawl then see the kind unchanged by reference); any difference gives the new answer. A kind
// that keeps its own routes (the article kind) is answered as it answers.
import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { newSiteKept } from '../../../src/site/kept.ts';
import { routesOf } from '../../../src/site/kinds/index.ts';
import { topic } from '../../../src/site/kinds/topic.ts';
import type { PageKind, RouteSpec, SiteContextForKinds } from '../../../src/site/types.ts';

const ctx: SiteContextForKinds = { now: '2026-01-15T12:00:00.000Z', today: '2026-01-15', warn: () => {} };
/** The context of a publish session's builds: with the session's site part. */
const sessionCtx = (): SiteContextForKinds => ({ ...ctx, kept: newSiteKept() });

// The news listing's first page, its newest post dated `date` (the route's lastmod) and titled `title` (not in the route).
function snapshot(date: string, title = 'A'): Snapshot {
  const s = new Snapshot();
  s.set(ep.subcatList(), { status: 200, body: [] });
  s.set(ep.topic('news', null, 1), { status: 200, body: { posts: { postData: [{ id: 1, cat_slug: 'news', post_name: 'a', post_title: title, post_date: date }], pagination: { totalPages: 1, currentPage: 1, totalItems: 1 } } } });
  return s;
}

describe('routesOf', () => {
  it('in a process that publishes again, answers a kind alike to its last answer with that array, and a changed one with the new routes', () => {
    const session = sessionCtx();
    const first = routesOf(topic, snapshot('2026-01-14T10:00:00.000Z'), session);
    expect(first.map((r) => r.path)).toEqual(['/topic/news']);
    // An edited title on the first page: the routes are alike, the last array comes back.
    expect(routesOf(topic, snapshot('2026-01-14T10:00:00.000Z', 'Edited'), session)).toBe(first);
    // A newer post: the route's lastmod moves, a new answer.
    const newer = routesOf(topic, snapshot('2026-01-15T09:00:00.000Z'), session);
    expect(newer).not.toBe(first);
    expect(newer[0].sitemap?.lastmod).toBe('2026-01-15T09:00:00.000Z');
    // And that answer is the one kept for the next call.
    expect(routesOf(topic, snapshot('2026-01-15T09:00:00.000Z', 'Edited'), session)).toBe(newer);
    // Another session (another site's watcher) shares none of it.
    expect(routesOf(topic, snapshot('2026-01-15T09:00:00.000Z', 'Edited'), sessionCtx())).not.toBe(newer);
  });

  it('in a one-off build, keeps nothing: each snapshot gets routes of its own', () => {
    const a = routesOf(topic, snapshot('2026-01-14T10:00:00.000Z'), ctx);
    const b = routesOf(topic, snapshot('2026-01-14T10:00:00.000Z'), ctx);
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
  });

  it('answers a kind that keeps its own routes as it answers', () => {
    const session = sessionCtx();
    const made = (): RouteSpec[] => [{ kind: 'article', path: '/news/a', params: {}, deps: [], sitemap: { changefreq: 'weekly' }, record: 'a' }];
    const own: PageKind = { kind: 'article', patterns: [], keepsOwnRoutes: true, routes: made };
    const first = routesOf(own, snapshot('2026-01-14T10:00:00.000Z'), session);
    expect(routesOf(own, snapshot('2026-01-14T10:00:00.000Z'), session)).not.toBe(first);
    // The same kind without the flag: the last answer back.
    const other: PageKind = { ...own, keepsOwnRoutes: undefined };
    const kept = routesOf(other, snapshot('2026-01-14T10:00:00.000Z'), session);
    expect(routesOf(other, snapshot('2026-01-14T10:00:00.000Z'), session)).toBe(kept);
  });
});
