import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { mulberry32 } from '../../helpers/rng.ts';
import { notedPlaces } from '../../../src/lists/list-change.ts';
import { listedDetails } from '../../../src/site/common.ts';
import { newSiteKept, type SiteKept } from '../../../src/site/kept.ts';
import { article, walkedFetches, walkedRoutes } from '../../../src/site/kinds/article.ts';
import type { SiteContextForKinds } from '../../../src/site/types.ts';
import { clockBound, nextDay } from '../../../src/plan/clock-bound.ts';

// One listed post in the news category, with its details.
function snapshot(date: string, title = 'A story'): Snapshot {
  const s = new Snapshot();
  const item = { id: 7, cat_slug: 'news', post_name: 'a-story', post_title: title, post_date: date };
  s.set(ep.topic('news', null, 1), { status: 200, body: { posts: { postData: [item], pagination: { totalPages: 1, currentPage: 1, totalItems: 1 } } } });
  s.set(ep.postDetails('news', 'a-story'), { status: 200, body: { result: [{ ...item, post_status: 'publish', post_author_id: 3, post_content: '<p>x</p>' }] } });
  return s;
}
/** The build context at `now`; `kept`: the publish session's site part, for a watcher's builds. */
const at = (now: string, kept?: SiteKept): SiteContextForKinds => ({ now, today: now.slice(0, 10), warn: () => {}, kept });

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

  it('leaves an article without a title out of the news sitemap, which needs one', () => {
    for (const title of ['', '  ']) {
      const [route] = article.routes(snapshot('2026-01-14T10:00:00.000Z', title), at('2026-01-14T12:00:00.000Z'));
      expect(route.sitemap?.news).toBeUndefined();
      expect(route.sitemap?.lastmod).toBe('2026-01-14T10:00:00.000Z');
    }
  });

  it('keeps the route object of an edited post whose route did not change, in a process that publishes again', () => {
    const now = at('2026-01-20T12:00:00.000Z', newSiteKept());
    // Outside the news window the title is not in the route: the edited record keeps the route.
    const [old] = article.routes(snapshot('2026-01-14T10:00:00.000Z'), now);
    const [edited] = article.routes(snapshot('2026-01-14T10:00:00.000Z', 'Edited'), now);
    expect(edited).toBe(old);
    // A new date is a new lastmod: a new route.
    const [redated] = article.routes(snapshot('2026-01-15T10:00:00.000Z', 'Edited'), now);
    expect(redated).not.toBe(old);
    expect(redated.sitemap?.lastmod).toBe('2026-01-15T10:00:00.000Z');
    // Inside the window the title is the news entry's: a new route.
    const [fresh] = article.routes(snapshot('2026-01-20T10:00:00.000Z'), now);
    const [retitled] = article.routes(snapshot('2026-01-20T10:00:00.000Z', 'Edited'), now);
    expect(retitled).not.toBe(fresh);
    expect(retitled.sitemap?.news?.title).toBe('Edited');
  });

  it('makes a new route when the details record changed', () => {
    const before = article.routes(snapshot('2026-01-14T10:00:00.000Z'), at('2026-01-14T12:00:00.000Z'))[0];
    const after = article.routes(snapshot('2026-01-14T10:00:00.000Z', 'Edited'), at('2026-01-14T12:00:00.000Z'))[0];
    expect(after).not.toBe(before);
    expect(after.sitemap?.news?.title).toBe('Edited');
  });
});

// A process that publishes again patches the routes and fetches of its last answer by listed slot
// (src/site/kinds/article.ts): after any change and any move of the clock they must equal what a
// build that keeps nothing makes from the same snapshot.
describe('article routes and fetches patched between builds', () => {
  // The fourth category has a post now and then: its side list is read after hydration only then.
  const CATS = ['news', 'security', 'learning-center', 'interview'] as const;
  const HOUR = 3_600_000;
  type P = { id: number; cat: string; name: string; title: string; date: number; status: string };

  function write(snap: Snapshot, posts: P[]): void {
    for (const cat of CATS) {
      const list = posts.filter((p) => p.cat === cat);
      const items = list.map((p) => ({ id: p.id, cat_slug: p.cat, post_name: p.name, post_title: p.title, post_date: new Date(p.date).toISOString() }));
      snap.set(ep.topic(cat, null, 1), { status: 200, body: { posts: { postData: items, pagination: { totalPages: 1, currentPage: 1, totalItems: items.length } } } });
    }
    for (const p of posts) {
      const record = { id: p.id, cat_slug: p.cat, post_name: p.name, post_title: p.title, post_date: new Date(p.date).toISOString(), post_status: p.status, post_author_id: 3, banner_img: '/b.jpg', post_content: '<p>x</p>' };
      snap.set(ep.postDetails(p.cat, p.name), { status: 200, body: { result: [record] } });
    }
  }
  const fresh = (snap: Snapshot) => {
    const s = new Snapshot();
    for (const e of snap.entries()) s.put(e);
    return s;
  };
  const shape = (routes: readonly { path: string; record?: string; sitemap?: unknown }[]) => routes.map((r) => JSON.stringify([r.path, r.record, r.sitemap]));

  it('equal the answer of a build that keeps nothing after each of 120 random edits, moves and clock steps', () => {
    const kept = newSiteKept();
    const rand = mulberry32(41);
    const start = Date.parse('2026-01-15T12:00:00Z');
    let clock = start;
    let next = 1;
    // Dated from ten days before the clock to a day after it: some in the news window, some ahead of the clock.
    const dated = () => clock - 240 * HOUR + Math.floor(rand() * 264) * HOUR;
    const posts: P[] = Array.from({ length: 60 }, () => ({ id: next, cat: CATS[next % 3], name: `p${next++}`, title: 'T', date: dated(), status: 'publish' }));
    let snap = new Snapshot();
    write(snap, posts);
    let last: readonly unknown[] | undefined;
    let noted = 0;
    for (let round = 1; round <= 120; round++) {
      snap = Snapshot.copyOf(snap);
      const r = rand();
      const at0 = Math.floor(rand() * posts.length);
      if (r < 0.35) posts[at0] = { ...posts[at0], title: `T${round}` };
      else if (r < 0.45) posts[at0] = { ...posts[at0], date: dated() };
      else if (r < 0.52) posts[at0] = { ...posts[at0], status: posts[at0].status === 'publish' ? 'draft' : 'publish' };
      else if (r < 0.6) posts[at0] = { ...posts[at0], cat: CATS[(CATS.indexOf(posts[at0].cat as (typeof CATS)[number]) + 1) % 3] };
      else if (r < 0.67) posts.splice(at0, 1);
      else if (r < 0.74) posts.splice(at0, 0, { id: next, cat: CATS[next % 3], name: `n${next++}`, title: 'New', date: dated(), status: 'publish' });
      else if (r < 0.82) {
        const lone = posts.findIndex((p) => p.cat === CATS[3]);
        if (lone < 0) posts[at0] = { ...posts[at0], cat: CATS[3] };
        else posts[lone] = { ...posts[lone], cat: CATS[0] };
      }
      write(snap, posts);
      // The clock moves on by up to a day (a watcher's builds), now and then not at all or back (--now).
      const step = rand();
      clock += step < 0.1 ? 0 : step < 0.15 ? -30 * HOUR : Math.floor(rand() * 24 * HOUR);
      const ctx = at(new Date(clock).toISOString(), kept);
      const routes = article.routes(snap, ctx);
      const fetches = article.fetches!(snap, ctx);
      // The same content in a snapshot with nothing to derive from, walked slot by slot.
      const whole = fresh(snap);
      expect(shape(routes)).toEqual(shape(walkedRoutes(listedDetails(whole), ctx.now).routes));
      expect(fetches).toEqual(walkedFetches(whole).fetches);
      // Routes patched in place are noted with the places that changed (src/lists/list-change.ts).
      const places = last && routes !== last ? notedPlaces(last, routes) : undefined;
      if (last && places) {
        noted += 1;
        expect(routes.every((r, i) => r === last![i] || places.includes(i))).toBe(true);
      }
      last = routes;
    }
    expect(noted).toBeGreaterThan(5);
  });
});

describe('how long a plan holds while only the clock moves (src/plan/clock-bound.ts)', () => {
  const bound = (date: string, now: string, kept?: SiteKept) => {
    const snap = snapshot(date);
    const ctx = at(now, kept);
    article.routes(snap, ctx);
    return clockBound([article], snap, ctx);
  };

  it('ends when a post in the news window leaves it, when a future post enters it, else at the next UTC midnight', () => {
    // In the window: it leaves 2 days and 1 ms after its date, before midnight.
    expect(bound('2026-01-12T13:00:00.000Z', '2026-01-14T12:00:00.000Z')).toBe('2026-01-14T13:00:00.001Z');
    // Dated later the same day: it enters the window then.
    expect(bound('2026-01-14T18:30:00.000Z', '2026-01-14T12:00:00.000Z')).toBe('2026-01-14T18:30:00.000Z');
    // Long past: only the day matters.
    expect(bound('2025-06-01T00:00:00.000Z', '2026-01-14T12:00:00.000Z')).toBe('2026-01-15T00:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe(Date.parse('2027-01-01T00:00:00.000Z'));
  });

  it('is the same from a watcher\'s kept answer as from a walk of every post, and each bound is the instant a plan first differs', () => {
    const kept = newSiteKept();
    for (const [date, now] of [['2026-01-12T13:00:00.000Z', '2026-01-14T12:00:00.000Z'], ['2026-01-14T18:30:00.000Z', '2026-01-14T12:00:00.000Z']]) {
      const until = bound(date, now, kept);
      expect(until).toBe(bound(date, now));
      const snap = snapshot(date);
      const just = new Date(Date.parse(until) - 1).toISOString();
      expect(article.routes(snap, at(just))[0].sitemap).toEqual(article.routes(snap, at(now))[0].sitemap);
      expect(article.routes(snap, at(until))[0].sitemap).not.toEqual(article.routes(snap, at(now))[0].sitemap);
    }
  });
});
