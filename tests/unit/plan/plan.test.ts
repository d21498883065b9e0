import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { isPressroomError } from '../../../src/errors/errors.ts';
import { SAMPLE_REDIRECTS_PATH } from '../../../src/crawl/discover.ts';
import { newPlanKept, plan, planRoutes, type PlanKept, type PlannedRoute } from '../../../src/plan/index.ts';
import { notedPlaces, noteReplaced } from '../../../src/lists/list-change.ts';
import { article } from '../../../src/site/kinds/article.ts';
import type { PageKind, RouteSpec } from '../../../src/site/types.ts';
import { memorySnapshot, testCtx } from '../../helpers/memory-snapshot.ts';
import { warnInto } from '../../helpers/warnings.ts';
import { lcg } from '../../helpers/rng.ts';

const config = {
  site: { url: 'https://site.example' } as any,
  api: { imageHost: '', redirectAllowHosts: ['partner.example'] } as any,
  redirects: [] as { from: string; to: string; status?: number }[],
  output: { pageFiles: 'folder' as const },
};

const route = (path: string, record: string, extra: Partial<RouteSpec> = {}): RouteSpec => ({
  kind: 'article',
  path,
  params: {},
  deps: [],
  sitemap: { changefreq: 'weekly' },
  record,
  ...extra,
});
/** The plan part of a publish session, as a watcher's builds get it. */
function sessionPlan(): PlanKept {
  return newPlanKept();
}

const kindOf = (routes: RouteSpec[], redirects: PageKind['redirects'] = undefined): PageKind => ({ kind: 'article', patterns: [], routes: () => routes, redirects });

/**
 * 60 states of a set of posts (name -> the step it last changed), each from the one before by one to
 * four random changes (`change`, given a name and a roll in [0, 1)), then `tidy`; seeded, so the same
 * every run. Each state is turned into route specs by `specsOf`.
 */
function randomStates(seed: number, names: string[], first: number, change: (live: Map<string, number>, name: string, roll: number, step: number) => void, tidy: (live: Map<string, number>, step: number) => void, specsOf: (live: Map<string, number>) => RouteSpec[]): RouteSpec[][] {
  const rand = lcg(seed);
  let live = new Map(names.slice(0, first).map((n) => [n, 0]));
  const steps: RouteSpec[][] = [];
  for (let step = 0; step < 60; step++) {
    live = new Map(live);
    for (let c = 0; c < 1 + Math.floor(rand() * 4); c++) change(live, names[Math.floor(rand() * names.length)], rand(), step);
    tidy(live, step);
    steps.push(specsOf(live));
  }
  return steps;
}

describe('plan: routes', () => {
  it('sorts routes by path and resolves each output file', () => {
    const p = plan(memorySnapshot({}), testCtx(), config, [kindOf([route('/news/b', 'b'), route('/', 'home'), route('/404', 'nf', { file: '404.html' }), route('/news/a', 'a')])]);
    expect(p.routes.map((r) => [r.path, r.file])).toEqual([
      ['/', 'index.html'],
      ['/404', '404.html'],
      ['/news/a', 'news/a/index.html'],
      ['/news/b', 'news/b/index.html'],
    ]);
  });

  it('writes x.html for every page but the home and the explicitly named files in the "file" layout', () => {
    const p = plan(memorySnapshot({}), testCtx(), { ...config, output: { pageFiles: 'file' } }, [kindOf([route('/news/b', 'b'), route('/', 'home'), route('/404', 'nf', { file: '404.html' }), route('/topic/news/page/2', 'a')])]);
    expect(p.routes.map((r) => [r.path, r.file])).toEqual([
      ['/', 'index.html'],
      ['/404', '404.html'],
      ['/news/b', 'news/b.html'],
      ['/topic/news/page/2', 'topic/news/page/2.html'],
    ]);
  });

  it('with site.trailingSlash "always" lists sitemap URLs and redirect sources and targets with the slash; route paths stay site paths', () => {
    const always = { ...config, site: { url: 'https://site.example', trailingSlash: 'always' } as any, redirects: [{ from: '/old', to: '/news/a' }, { from: '/feed-old', to: '/feed.xml' }] };
    const p = plan(memorySnapshot({}), testCtx(), always, [kindOf([route('/news/a', 'a', { sitemap: {} }), route('/', 'home', { sitemap: {} })])]);
    expect(p.routes.map((r) => [r.path, r.file])).toEqual([['/', 'index.html'], ['/news/a', 'news/a/index.html']]);
    expect(p.sitemap.map((e) => e.url)).toEqual(['https://site.example/', 'https://site.example/news/a/']);
    expect(p.redirects.map((r) => [r.from, r.to])).toEqual([['/feed-old/', '/feed.xml'], ['/old/', '/news/a/']]);
  });

  it('in a process that publishes again, gives back the last plan\'s route object for a route description (RouteSpec) equal to one of that plan\'s, and a new route for a changed one', () => {
    const specs = () => [route('/news/a', 'a'), route('/news/b', 'b'), route('/topic/news/page/2', 'listing', { deps: ['/api/x'] })];
    const kept = sessionPlan();
    const first = planRoutes(specs(), undefined, kept);
    const again = planRoutes(specs(), undefined, kept);
    expect(again).toEqual(first);
    again.forEach((r, i) => expect(r).toBe(first[i]));
    const changed = planRoutes([...specs().slice(0, 2), route('/topic/news/page/2', 'listing', { deps: ['/api/y'] })], undefined, kept);
    expect(changed[0]).toBe(first[0]);
    expect(changed[2]).not.toBe(first[2]);
    expect(changed[2].deps).toEqual(['/api/y']);
  });

  it('in a one-off build, keeps no route of the last plan: equal route descriptions give equal but new route objects', () => {
    const specs = () => [route('/news/a', 'a'), route('/topic/news/page/2', 'listing', { deps: ['/api/x'] })];
    const first = planRoutes(specs());
    const again = planRoutes(specs());
    expect(again).toEqual(first);
    again.forEach((r, i) => expect(r).not.toBe(first[i]));
  });

  it('in a process that publishes again, a plan patched from the last one gives what a one-off plan gives, as routes come, go and twins appear and leave', () => {
    const names = Array.from({ length: 300 }, (_, i) => `post-${i}`);
    const planOf = (specs: RouteSpec[], kept?: PlanKept) => {
      const twins: string[] = [];
      const routes = planRoutes(specs, (twin, first) => void twins.push(`${twin.record} < ${first.record}`), kept);
      return { routes: routes.map((r) => `${r.path} ${r.file} ${r.record} ${r.deps.join()}`), twins };
    };
    const steps = randomStates(
      3,
      names,
      200,
      (live, n, roll, step) => {
        if (roll < 0.4) live.set(n, step); // edited (a new route) or added
        else if (roll < 0.7) live.delete(n);
        else if (step % 7 === 3) live.set(n.toUpperCase(), step); // a case twin of a post (one file on a case-insensitive disk)
      },
      (live, step) => {
        if (step % 11 === 10) for (const n of [...live.keys()]) if (n !== n.toLowerCase()) live.delete(n);
      },
      (live) => [...live].map(([n, v]) => route(`/news/${n}`, `post ${n}`, { deps: [`/api/${n}/${v}`] })),
    );
    // Each plan on its own (a one-off build keeps nothing), then the same plans one after another in one process.
    const want = steps.map((s) => planOf(s));
    const kept = sessionPlan();
    const got = steps.map((s) => planOf(s, kept));
    expect(got).toEqual(want);
    expect(want.some((p) => p.twins.length > 0) && want.some((p) => p.twins.length === 0)).toBe(true);
  });

  it('in a process that publishes again, descriptions noted as the last ones with places replaced give what a one-off plan gives, and the routes are noted in turn', () => {
    // As a watcher's article routes come (src/site/kinds/article.ts): the last list copied with a few places replaced, and noted.
    const rand = lcg(5);
    let specs: RouteSpec[] = Array.from({ length: 300 }, (_, i) => route(`/news/post-${String(i).padStart(3, '0')}`, `post ${i}`, { deps: [`/api/${i}/0`] }));
    const steps: RouteSpec[][] = [];
    for (let step = 1; step <= 40; step++) {
      const next = specs.slice();
      const places: number[] = [];
      for (let c = 0; c < 1 + Math.floor(rand() * 3); c++) {
        const at = Math.floor(rand() * next.length);
        const r = rand();
        // Edited (the same path), renamed (another path: the order moves), or the same content in a new object.
        next[at] = r < 0.6 ? { ...next[at], deps: [`/api/${at}/${step}`] } : r < 0.8 ? route(`/news/renamed-${step}-${c}`, `post ${at}`, { deps: [] }) : { ...next[at] };
        places.push(at);
      }
      noteReplaced(next, specs, places);
      steps.push((specs = next));
    }
    const shape = (routes: readonly { path: string; file: string; record: string; deps: readonly string[] }[]) => routes.map((r) => `${r.path} ${r.file} ${r.record} ${r.deps.join()}`);
    const want = steps.map((s) => shape(planRoutes(s)));
    const kept = sessionPlan();
    let last: readonly PlannedRoute[] | undefined;
    let noted = 0;
    steps.forEach((s, i) => {
      const routes = planRoutes(s, undefined, kept);
      expect(shape(routes)).toEqual(want[i]);
      if (last && notedPlaces(last, routes)) noted += 1;
      last = routes;
    });
    // Edits that keep every path where it was give sorted routes noted as the last ones replaced in place.
    expect(noted).toBeGreaterThan(5);
  });

  it('in a process that publishes again, a plan that changed no route gives the same route list and sitemap entries; another image host, new entries', () => {
    const kept = sessionPlan();
    const kinds = () => [kindOf([route('/news/a', 'a', { sitemap: { images: ['/uploads/a.jpg'] } }), route('/news/b', 'b')])];
    const first = plan(memorySnapshot({}), testCtx(), config, kinds(), kept);
    const again = plan(memorySnapshot({}), testCtx(), config, kinds(), kept);
    expect(again.routes).toBe(first.routes);
    expect(again.sitemap).toBe(first.sitemap);
    // Another session (another site's watcher) shares none of it.
    const other = plan(memorySnapshot({}), testCtx(), config, kinds(), newPlanKept());
    expect(other.routes).not.toBe(first.routes);
    expect(other.sitemap).not.toBe(first.sitemap);
    const moved = plan(memorySnapshot({}), testCtx(), { ...config, api: { ...config.api, imageHost: 'https://img.example' } }, kinds(), kept);
    expect(moved.sitemap).not.toBe(first.sitemap);
    expect(moved.sitemap[0].images).toEqual(['https://img.example/uploads/a.jpg']);
  });

  it('in a process that publishes again, sitemap entries patched from the last plan equal a one-off plan\'s, as routes come, go, change and share a URL', () => {
    const names = Array.from({ length: 200 }, (_, i) => `p${i}`);
    const steps = randomStates(
      9,
      names,
      120,
      (live, n, roll, step) => {
        if (roll < 0.5) live.set(n, step); // edited (another lastmod, image or no sitemap) or added
        else if (roll < 0.8) live.delete(n);
        else if (step % 9 === 4) live.set(`%70${n.slice(1)}`, step); // a second route of the URL /news/pN
      },
      (live, step) => {
        if (step % 13 === 12) for (const n of [...live.keys()]) if (n.startsWith('%')) live.delete(n);
      },
      (live) =>
        [...live].map(([n, v]) =>
          n.startsWith('%')
            ? route(`/news/p${n.slice(3)}`, `post ${n}`, { sitemap: { lastmod: `2026-01-${String(1 + (v % 28)).padStart(2, '0')}` }, file: `news/${v % 2 ? 'a' : 'z'}-other-${n.slice(3)}/index.html` }) // the URL of /news/pN, written to another file
            : route(`/news/${n}`, `post ${n}`, { sitemap: v % 3 === 2 ? null : { lastmod: `2026-01-${String(1 + (v % 28)).padStart(2, '0')}`, images: v % 2 ? [`/uploads/${n}.jpg`] : [] } }),
        ),
    );
    const sitemapOf = (specs: RouteSpec[], kept?: PlanKept) => {
      const p = plan(memorySnapshot({}), testCtx(), config, [kindOf(specs)], kept);
      return { routes: p.routes.length, sitemap: p.sitemap.map((e) => JSON.stringify(e)) };
    };
    const want = steps.map((s) => sitemapOf(s));
    const kept = sessionPlan();
    expect(steps.map((s) => sitemapOf(s, kept))).toEqual(want);
    // Some steps had two routes of one URL (listed once).
    expect(steps.some((specs) => new Set(specs.map((r) => r.path)).size < specs.length)).toBe(true);
  });

  it('names both records when two routes land on one file (case twins)', () => {
    let err: unknown;
    try {
      planRoutes([route('/news/Foo', 'post 1 (news/Foo)'), route('/news/foo', 'post 2 (news/foo)')]);
    } catch (e) {
      err = e;
    }
    expect(isPressroomError(err) && err.code).toBe('PR_ROUTE_COLLISION');
    expect((err as Error).message).toContain('post 1 (news/Foo)');
    expect((err as Error).message).toContain('post 2 (news/foo)');
  });

  it('with a quarantine, keeps the first twin by path (then record) and reports the other, whatever the API order', () => {
    for (const order of [0, 1]) {
      const specs = [route('/news/Foo', 'post 9 (news/Foo)', { deps: ['/api/post/postdetails/news/Foo'] }), route('/news/foo', 'post 2 (news/foo)', { deps: ['/api/post/postdetails/news/foo'] }), route('/news/bar', 'post 3 (news/bar)')];
      const warnings: string[] = [];
      const quarantined: unknown[] = [];
      const ctx = { ...testCtx(), warn: warnInto(warnings), quarantine: (q: unknown) => void quarantined.push(q) };
      const p = plan(memorySnapshot({}), ctx, config, [kindOf(order ? specs.reverse() : specs)]);
      expect(p.routes.map((r) => r.path)).toEqual(['/news/Foo', '/news/bar']);
      expect(quarantined).toEqual([
        {
          endpoint: '/api/post/postdetails/news/foo',
          id: 'post 2 (news/foo)',
          reason: 'writes the same file news/foo/index.html as post 9 (news/Foo), which is published (of two twins the first by path, then record, in code-unit order wins)',
        },
      ]);
      expect(warnings).toEqual([expect.stringMatching(/^W_QUARANTINE: \/api\/post\/postdetails\/news\/foo: post 2 \(news\/foo\) left out: writes the same file/)]);
    }
  });

  it('treats NFC/NFD spellings of one name as a collision', () => {
    const nfc = 'caf\u00e9';
    const nfd = 'cafe\u0301';
    expect(() => planRoutes([route(`/news/${encodeURIComponent(nfc)}`, 'nfc'), route(`/news/${encodeURIComponent(nfd)}`, 'nfd')])).toThrow(/nfc.*nfd|nfd.*nfc/);
  });

  it('builds absolute sitemap URLs in the canonical form and leaves out unlisted routes', () => {
    const p = plan(memorySnapshot({}), testCtx(), config, [
      kindOf([route('/', 'home', { sitemap: { lastmod: '2026-01-01' } }), route('/news/a', 'a', { sitemap: { images: ['/uploads/a.jpg'] } }), route('/404', 'nf', { sitemap: null, file: '404.html' })]),
    ]);
    expect(p.sitemap).toEqual([
      { url: 'https://site.example/', lastmod: '2026-01-01', images: [] },
      { url: 'https://site.example/news/a', images: ['https://site.example/uploads/a.jpg'] },
    ]);
  });

  it('never makes a route of a draft', () => {
    const item = (id: number, name: string) => ({ id, post_title: name, post_name: name, cat_slug: 'news', post_author: 'A', post_date: '2026-01-01T00:00:00.000Z' });
    const details = (id: number, name: string, status: string) => ({
      success: true,
      result: [{ ...item(id, name), post_content: '', post_author_id: 1, author_name: 'a', cat_name: 'News', post_status: status }],
    });
    const snap = memorySnapshot({
      [ep.topic('news', null, 1)]: { body: { success: true, posts: { postData: [item(1, 'live'), item(2, 'draft-one')], pagination: { page: 1, limit: 10, totalItems: 2, totalPages: 1 } } } },
      [ep.postDetails('news', 'live')]: { status: 201, body: details(1, 'live', 'publish') },
      [ep.postDetails('news', 'draft-one')]: { status: 201, body: details(2, 'draft-one', 'draft') },
      [ep.previewPost('news', 'hidden')]: { status: 201, body: details(3, 'hidden', 'draft') },
    });
    const p = plan(snap, testCtx(), config, [article]);
    expect(p.routes.map((r) => r.path)).toEqual(['/news/live']);
  });

  it('writes rewrites for the client-only shells', () => {
    expect(plan(memorySnapshot({}), testCtx(), config, []).rewrites).toEqual([
      { prefix: '/preview/', to: '/_shell/preview.html', status: 200 },
      { prefix: '/search/', to: '/_shell/search.html', status: 200 },
    ]);
  });
});

describe('plan: redirects', () => {
  const records = [
    { current_url: '/old', redirect_url: '/new', status: 301 },
    { current_url: '/evil', redirect_url: '//evil.example', status: 301 },
    { current_url: '/inject', redirect_url: '/x\n/admin https://evil.example 200', status: 301 },
    { current_url: '/cr', redirect_url: '/x\r', status: 301 },
    { current_url: '/js', redirect_url: 'javascript:alert(1)', status: 301 },
    { current_url: '/off', redirect_url: 'https://evil.example/', status: 302 },
    { current_url: '/partner', redirect_url: 'https://partner.example/a', status: 302 },
    { current_url: '/comment', redirect_url: '#x', status: 301 },
    { current_url: '/backslash', redirect_url: '/\\evil.example', status: 301 },
    { current_url: 'relative', redirect_url: '/x', status: 301 },
    { current_url: '//host/x', redirect_url: '/x', status: 301 },
    { current_url: '/a b', redirect_url: '/x', status: 301 },
    { current_url: '/%2e%2e/etc', redirect_url: '/x', status: 301 },
    { current_url: '/splat/*', redirect_url: '/x', status: 301 },
    { current_url: '/status', redirect_url: '/x', status: 200 },
    { current_url: '/zw', redirect_url: '/x\u200b', status: 301 },
  ];

  it('keeps valid rules and drops hostile ones with a warning naming the record', () => {
    const warnings: string[] = [];
    const snap = memorySnapshot({ [SAMPLE_REDIRECTS_PATH]: { body: records } });
    const p = plan(snap, testCtx(warnings), config, []);
    expect(p.redirects.map((r) => [r.from, r.to, r.status])).toEqual([
      ['/old', '/new', 301],
      ['/partner', 'https://partner.example/a', 302],
    ]);
    expect(warnings).toHaveLength(records.length - 2);
    for (const bad of ['/evil', '/inject', '/cr', '/js', '/off', '/comment', '/backslash', 'relative', '//host/x', '/a b', '/%2e%2e/etc', '/splat/*', '/status', '/zw']) {
      expect(warnings.some((w) => w.startsWith('W_REDIRECT_INVALID') && w.includes(JSON.stringify(bad).slice(0, 12)))).toBe(true);
    }
  });

  it('gives config rules precedence, drops duplicates and redirects from pages', () => {
    const warnings: string[] = [];
    const snap = memorySnapshot({ [SAMPLE_REDIRECTS_PATH]: { body: [{ current_url: '/old', redirect_url: '/api-target', status: 301 }, { current_url: '/news/a', redirect_url: '/x', status: 301 }] } });
    const p = plan(snap, testCtx(warnings), { ...config, redirects: [{ from: '/old', to: '/config-target' }] }, [
      kindOf([route('/news/a', 'a')], () => [{ from: '/empty', to: '/no-posts', status: 302, source: 'empty topic' }]),
    ]);
    expect(p.redirects.map((r) => [r.from, r.to, r.status, r.source])).toEqual([
      ['/empty', '/no-posts', 302, 'empty topic'],
      ['/old', '/config-target', 301, 'config redirects[0]'],
    ]);
    expect(warnings.join('\n')).toMatch(/W_REDIRECT_DUPLICATE.*\/old/);
    expect(warnings.join('\n')).toMatch(/W_REDIRECT_SHADOWED.*\/news\/a/);
  });
});
