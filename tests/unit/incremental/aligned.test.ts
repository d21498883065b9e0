// The decision a publish session makes from what it kept with the previous state
// (src/incremental/aligned.ts) must be the decision of the walk over every route
// (src/incremental/decide.ts): the same pages rendered, reused and deleted, build after build.
import { describe, expect, it } from 'vitest';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import type { ManifestEntry } from '../../../src/emit/index.ts';
import { decide, depsHash } from '../../../src/incremental/decide.ts';
import { incrementalStep, nextState, type IncrementalStep } from '../../../src/incremental/index.ts';
import { routeOrder } from '../../../src/incremental/aligned.ts';
import { newIncrementalKept } from '../../../src/incremental/kept.ts';
import type { BuildState } from '../../../src/publish/build-state.ts';
import type { PlannedRoute } from '../../../src/plan/types.ts';
import { mulberry32 } from '../../helpers/rng.ts';

const SHARED = ['/api/categories', '/api/ads', '/api/home'];
const route = (slug: string, cat: string, shared: string[]): PlannedRoute => ({
  kind: 'article',
  path: `/${cat}/${slug}`,
  params: { slug },
  deps: [`/api/post/${slug}`, `/api/author/${slug.length % 5}`, ...shared],
  sitemap: null,
  record: `post:${slug}`,
  file: `posts/${slug}/index.html`,
});

/** What emit records: a carried page keeps its previous entry, a rendered one gets its new bytes' hash. */
function emitted(step: IncrementalStep, routes: readonly PlannedRoute[], snap: Snapshot): Map<string, ManifestEntry> {
  const files = new Map<string, ManifestEntry>();
  for (const { previous } of step.decision.reuse) files.set(previous.file, { path: previous.file, sha256: previous.sha256, size: previous.size });
  for (const r of step.decision.render) files.set(r.file, { path: r.file, sha256: depsHash(r, snap).slice(0, 12), size: r.path.length });
  expect(files.size).toBe(routes.length);
  return files;
}

const summary = (d: { render: readonly PlannedRoute[]; deleted: readonly string[]; reused: number; reuse: readonly { route: PlannedRoute; previous: { file: string } }[] }) => ({
  render: d.render.map((r) => r.file),
  deleted: d.deleted,
  reused: d.reused,
  reuse: d.reuse.map((x) => [x.route.file, x.previous.file]),
});

describe('the aligned decision of a process that publishes again', () => {
  it('equals the walk over every route after each of 60 random edits, additions, deletions, moves and shared changes', async () => {
    const kept = newIncrementalKept();
    const rand = mulberry32(17);
    let snap = new Snapshot();
    const bySlug = new Map<string, PlannedRoute>();
    const add = (slug: string) => {
      snap.set(`/api/post/${slug}`, { status: 200, body: { slug } });
      bySlug.set(slug, route(slug, 'news', rand() < 0.3 ? SHARED.slice(0, 1 + Math.floor(rand() * 3)) : []));
    };
    for (const p of [...SHARED, '/api/author/0', '/api/author/1', '/api/author/2', '/api/author/3', '/api/author/4']) snap.set(p, { status: 200, body: { p, v: 0 } });
    for (let i = 0; i < 200; i++) add(`p${i}`);
    const routesNow = () => [...bySlug.values()].sort(routeOrder);
    let previous: { id: string; state: BuildState; site: string; manifest: null } | undefined;
    let aligned = 0;
    for (let round = 0; round < 60; round++) {
      if (round > 0) {
        snap = Snapshot.copyOf(snap);
        for (let c = 0; c < 1 + Math.floor(rand() * 5); c++) {
          const op = rand();
          const slugs = [...bySlug.keys()];
          const slug = slugs[Math.floor(rand() * slugs.length)];
          const r = bySlug.get(slug)!;
          if (op < 0.3) snap.set(`/api/post/${slug}`, { status: 200, body: { slug, v: round } });
          else if (op < 0.4) snap.set(`/api/author/${Math.floor(rand() * 5)}`, { status: 200, body: { v: round } });
          else if (op < 0.47) snap.set(SHARED[Math.floor(rand() * 3)], { status: 200, body: { v: round } });
          else if (op < 0.6) {
            bySlug.delete(slug);
            snap.delete(`/api/post/${slug}`);
          } else if (op < 0.72) bySlug.set(slug, route(slug, 'tech', r.deps.slice(2))); // moved: same file, another path
          else if (op < 0.8) bySlug.set(slug, { ...r }); // the same route as another object
          else add(`n${round}-${c}`);
        }
      }
      const routes = routesNow();
      const step = await incrementalStep({ previous, routes, snapshot: snap, codeHash: 'code', kept });
      const walked = decide({ previous: previous?.state, codeHash: 'code', routes, hashOf: (r) => depsHash(r, snap) });
      expect(summary(step.decision)).toEqual(summary(walked));
      if (Object.getOwnPropertyDescriptor(step.decision, 'reuse')?.get) aligned += 1;
      const state = nextState('code', routes, step, emitted(step, routes, snap), `snap${round}`);
      previous = { id: `r${round}`, state, site: '/nowhere', manifest: null };
    }
    // Every build after the first (which has no previous state) decided from what the state before kept.
    expect(aligned).toBe(59);
  });

  it('walks when the routes are not in plan order', async () => {
    const kept = newIncrementalKept();
    const snap = new Snapshot();
    for (const slug of ['a', 'b', 'c']) snap.set(`/api/post/${slug}`, { status: 200, body: { slug } });
    const routes = ['a', 'b', 'c'].map((s) => route(s, 'news', []));
    const first = await incrementalStep({ previous: undefined, routes, snapshot: snap, codeHash: 'code', kept });
    const files = emitted(first, routes, snap);
    const state = nextState('code', routes, first, files, 'snap0');
    const next = Snapshot.copyOf(snap);
    const shuffled = [routes[2], routes[0], routes[1]];
    const step = await incrementalStep({ previous: { id: 'r0', state, site: '/nowhere', manifest: null }, routes: shuffled, snapshot: next, codeHash: 'code', kept });
    expect(Object.getOwnPropertyDescriptor(step.decision, 'reuse')?.get).toBeUndefined();
    expect(step.decision.reused).toBe(3);
  });
});
