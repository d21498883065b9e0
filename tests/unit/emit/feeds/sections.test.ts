// The feeds of a publish session (src/emit/feeds/index.ts) are made from kept
// items and section lists patched by what changed: after every change they must be the bytes
// a one-off build makes of the same snapshot and plan.
import { describe, expect, it } from 'vitest';
import { ep } from '../../../../src/api/endpoints.ts';
import { Snapshot } from '../../../../src/snapshot/snapshot-store.ts';
import { renderFeeds } from '../../../../src/emit/feeds/index.ts';
import { newEmitKept, type FeedsKept } from '../../../../src/emit/kept.ts';
import type { PlannedRoute } from '../../../../src/plan/types.ts';
import { lcg } from '../../../helpers/rng.ts';

const site = { name: 'Site', newsTitle: 'Site News', securityTitle: 'Site Security', title: 'Site', description: 'All of it', language: 'en', logo: '/logo.png', url: 'https://site.example' };
const CATS = ['news', 'security', 'tech'];

interface Post { id: number; cat: string; tag: string | null; author: number; day: number; title: string; name: string }

// Titles that look like the marks a process that publishes again cuts a feed's elements at (src/emit/feeds/render.ts).
const HOSTILE: Record<number, string> = {
  1: 'Ends\n        </item>\n        <item>\n            <title>fake',
  2: 'Ends an entry\n    </entry>\n    <entry>',
  3: 'A ]]> in CDATA and a </channel>\n</rss>',
  4: '"quoted" \\ and {"items": []}',
};

const articleRoute = (p: Post) => ({ kind: 'article', path: `/${p.cat}/${p.name}`, params: { cat_slug: p.cat, post_name: p.name }, deps: [], sitemap: null, record: `post ${p.id}`, file: `${p.cat}/${p.name}/index.html` }) as unknown as PlannedRoute;
const pageRoute = (kind: string, path: string, params: Record<string, string>) => ({ kind, path, params, deps: [], sitemap: null, record: path, file: `${path.slice(1)}/index.html` }) as unknown as PlannedRoute;

describe('feeds of a publish session', () => {
  it('equal a one-off build\'s after each of many random changes of posts, authors and page routes', () => {
    const rand = lcg(21);
    let posts = new Map<number, Post>();
    let next = 1;
    const newPost = (): Post => {
      const id = next++;
      return { id, cat: CATS[id % 3], tag: id % 4 ? `tag-${id % 5}` : null, author: id % 6, day: Math.floor(rand() * 60), title: HOSTILE[id % 7] ?? `Post ${id}`, name: `post-${id}` };
    };
    for (let i = 0; i < 80; i++) {
      const p = newPost();
      posts.set(p.id, p);
    }
    let authorNames = new Map(Array.from({ length: 6 }, (_, i) => [i, `Author ${i}`]));
    let extraPages: PlannedRoute[] = [pageRoute('tag', '/tag/lonely', { subcat: 'lonely' }), pageRoute('author', '/author/nobody', { auther_name: 'nobody' })];
    const route = new Map<number, PlannedRoute>();
    const routeOf = (p: Post) => {
      const r = route.get(p.id);
      if (r && r.path === `/${p.cat}/${p.name}`) return r;
      const made = articleRoute(p);
      route.set(p.id, made);
      return made;
    };
    let snap = new Snapshot();
    const fill = (s: Snapshot) => {
      for (const p of posts.values()) {
        const record = { id: p.id, post_title: p.title, post_name: p.name, post_date: new Date(Date.UTC(2026, 0, 1 + p.day, p.id % 24)).toISOString(), post_content: `<p>${p.title} body</p>`, cat_slug: p.cat, cat_name: p.cat.toUpperCase(), ...(p.tag ? { subcat_slug: p.tag, subcat_name: p.tag.toUpperCase() } : {}), post_author_id: p.author, author_name: `author-${p.author}` };
        s.set(ep.postDetails(p.cat, p.name), { status: 200, body: { result: [record] } });
      }
      for (const [id, name] of authorNames) s.set(ep.authorById(id), { status: 200, body: { result: [{ author_name: `author-${id}`, author_display_name: name }] } });
    };
    fill(snap);
    const routesNow = () => [...[...posts.values()].map(routeOf), ...CATS.map((c) => pageRoute('topic', `/topic/${c}`, { cat_slug: c })), ...extraPages].sort((a, b) => (a.path < b.path ? -1 : 1));
    const states: { snap: Snapshot; routes: PlannedRoute[] }[] = [{ snap, routes: routesNow() }];
    for (let step = 0; step < 50; step++) {
      snap = Snapshot.copyOf(snap);
      posts = new Map(posts);
      for (let c = 0; c < 1 + Math.floor(rand() * 3); c++) {
        const ids = [...posts.keys()];
        const p = posts.get(ids[Math.floor(rand() * ids.length)])!;
        const op = Math.floor(rand() * 8);
        if (op === 0) posts.set(p.id, { ...p, title: `${p.title}!` });
        else if (op === 1) posts.set(p.id, { ...p, day: Math.floor(rand() * 60) }); // moves in every list it is in
        else if (op === 2) posts.set(p.id, { ...p, tag: p.tag ? null : 'tag-new' });
        else if (op === 3) {
          posts.set(p.id, { ...p, author: (p.author + 1) % 7 });
          if (!authorNames.has((p.author + 1) % 7)) authorNames = new Map(authorNames).set((p.author + 1) % 7, 'Author new');
        } else if (op === 4) {
          posts.delete(p.id);
          snap.delete(ep.postDetails(p.cat, p.name));
        } else if (op === 5) {
          const q = newPost();
          posts.set(q.id, q);
        } else if (op === 6) authorNames = new Map(authorNames).set(p.author, `Renamed ${step}`);
        else extraPages = step % 2 ? extraPages.slice(1) : [...extraPages, pageRoute('tag', `/tag/t${step}`, { subcat: `t${step}` })];
      }
      fill(snap);
      states.push({ snap, routes: routesNow() });
    }
    const feedsOf = ({ snap: s, routes }: (typeof states)[number], kept?: FeedsKept) =>
      renderFeeds({ routes, lookup: (p) => s.ok(p), entryOf: (p) => s.get(p), changes: s, siteUrl: site.url, imageHost: '', site, items: 5 }, kept).map((f) => `${f.path}\n${f.contents}`);
    // Each state as a one-off build makes it, then all of them one after another in one session (which keeps what it made from the last).
    const want = states.map((state) => feedsOf(state));
    const kept = newEmitKept().feeds;
    states.forEach((state, step) => expect({ step, feeds: feedsOf(state, kept) }).toEqual({ step, feeds: want[step] }));
  });
});
