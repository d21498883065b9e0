import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { mulberry32 } from '../../helpers/rng.ts';
import { listedDetails } from '../../../src/site/common.ts';
import { newSiteKept } from '../../../src/site/kept.ts';
import { author, walkedAuthorSlugs } from '../../../src/site/kinds/author.ts';
import { paths } from '../../../src/site/paths.ts';
import type { SiteContextForKinds } from '../../../src/site/types.ts';

// A process that publishes again counts the author pages' names of its last answer again only for
// the listed slots whose details changed (src/site/kinds/author.ts): after any change they must
// equal what a build that keeps nothing finds, and so must the author routes made from them.
describe('author names patched between builds', () => {
  const CATS = ['news', 'featured'] as const;
  // A name that is no slug ("Not A Slug") is never an author page.
  const AUTHORS = ['ada', 'grace', 'linus', 'Not A Slug', 'solo'];
  type P = { id: number; cat: string; name: string; author: string | null };
  // A watcher's builds: with the publish session's site part.
  const ctx: SiteContextForKinds = { now: '2026-01-15T12:00:00.000Z', today: '2026-01-15', warn: () => {}, kept: newSiteKept() };

  function write(snap: Snapshot, posts: P[]): void {
    for (const cat of CATS) {
      const items = posts.filter((p) => p.cat === cat).map((p) => ({ id: p.id, cat_slug: p.cat, post_name: p.name, post_title: 'T', post_date: '2026-01-10T00:00:00.000Z' }));
      snap.set(ep.topic(cat, null, 1), { status: 200, body: { posts: { postData: items, pagination: { totalPages: 1, currentPage: 1, totalItems: items.length } } } });
    }
    for (const p of posts) {
      const record = { id: p.id, cat_slug: p.cat, post_name: p.name, post_title: 'T', post_date: '2026-01-10T00:00:00.000Z', post_status: 'publish', post_author_id: 3, author_name: p.author, post_content: '<p>x</p>' };
      snap.set(ep.postDetails(p.cat, p.name), { status: 200, body: { result: [record] } });
    }
    for (const a of AUTHORS) {
      snap.set(ep.authorDetails(a), { status: 200, body: { author: [{ author_id: AUTHORS.indexOf(a), author_name: a, author_display_name: a }] } });
      const mine = posts.filter((p) => p.author === a).length;
      snap.set(ep.authorPosts(a, null, 1), { status: 200, body: { authorPosts: { postData: [], pagination: { totalItems: mine, totalPages: Math.ceil(mine / 10) } } } });
    }
  }
  const fresh = (snap: Snapshot) => {
    const s = new Snapshot();
    for (const e of snap.entries()) s.put(e);
    return s;
  };

  it('equal the answer of a build that keeps nothing after each of 150 random edits, byline changes, additions and deletions', () => {
    const rand = mulberry32(77);
    let next = 1;
    const pick = () => (rand() < 0.1 ? null : AUTHORS[Math.floor(rand() * (AUTHORS.length - 1))]);
    const posts: P[] = Array.from({ length: 40 }, () => ({ id: next, cat: CATS[next % 2], name: `p${next++}`, author: pick() }));
    let snap = new Snapshot();
    write(snap, posts);
    let seen = 0;
    for (let round = 1; round <= 150; round++) {
      snap = Snapshot.copyOf(snap);
      const r = rand();
      const at = Math.floor(rand() * posts.length);
      if (r < 0.45) posts[at] = { ...posts[at], author: pick() };
      else if (r < 0.6) {
        // The only post of an author: its name comes and goes with that one byline.
        const lone = posts.findIndex((p) => p.author === 'solo');
        if (lone < 0) posts[at] = { ...posts[at], author: 'solo' };
        else posts[lone] = { ...posts[lone], author: 'ada' };
      } else if (r < 0.75) posts.splice(at, 1);
      else if (r < 0.9) posts.splice(at, 0, { id: next, cat: CATS[next % 2], name: `n${next++}`, author: pick() });
      else posts[at] = { ...posts[at], name: `${posts[at].name}x` };
      write(snap, posts);
      const routes = author.routes(snap, ctx).map((x) => x.path);
      const whole = fresh(snap);
      const names = walkedAuthorSlugs(listedDetails(whole)).names;
      expect(names).toEqual([...new Set(posts.map((p) => p.author).filter((a) => a !== null && a !== 'Not A Slug'))].sort());
      expect(routes).toEqual(names.map((n) => paths.author(n)));
      // A name kept after its last post went would be read and sent to /no-posts by a redirect.
      expect(author.fetches!(snap, ctx).filter((f) => AUTHORS.some((a) => f === ep.authorDetails(a)))).toEqual(names.map((n) => ep.authorDetails(n)));
      expect(author.redirects!(snap, ctx)).toEqual([]);
      if (names.includes('solo')) seen += 1;
    }
    // The rare name was there in some rounds and not in others.
    expect(seen).toBeGreaterThan(10);
    expect(seen).toBeLessThan(140);
  });
});
