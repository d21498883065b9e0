import { describe, expect, it } from 'vitest';
import { incrementalStep, nextState } from '../../../src/incremental/index.ts';
import { emptyState, notePatched, stateParts, type BuildState } from '../../../src/publish/build-state.ts';
import { newIncrementalKept, type IncrementalKept } from '../../../src/incremental/kept.ts';
import { OverlayMap } from '../../../src/lists/overlay-map.ts';
import type { ManifestEntry } from '../../../src/emit/index.ts';
import type { PlannedRoute } from '../../../src/plan/types.ts';
import { lcg } from '../../helpers/rng.ts';

const route = (slug: string, path = `/news/${slug}`): PlannedRoute => ({ kind: 'article', path, params: { slug }, deps: [`/api/post/${slug}`], sitemap: null, record: `post:${slug}`, file: `news/${slug}/index.html` });
const snapOf = (hashes: Map<string, string>) => ({ get: (p: string) => (hashes.has(p) ? { key: `GET ${p}`, status: 200, body: null, hash: hashes.get(p)! } : undefined), ok: () => undefined, version: undefined }) as never;

/** What emit records for each route: a carried page keeps its previous entry, a rendered one gets its new bytes' hash. */
function emitted(routes: readonly PlannedRoute[], step: Awaited<ReturnType<typeof incrementalStep>>, html: (r: PlannedRoute) => string): Map<string, ManifestEntry> {
  const files = new Map<string, ManifestEntry>();
  for (const { previous } of step.decision.reuse) files.set(previous.file, { path: previous.file, sha256: previous.sha256, size: previous.size });
  for (const r of step.decision.render) files.set(r.file, { path: r.file, sha256: `sha-of-${html(r)}`, size: html(r).length });
  return files;
}

const sorted = (s: BuildState) => [...s.routes.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
/** The state's routes as its parts print them: each part a JSON object of a run of routes, one a line. */
const text = (s: BuildState, kept?: IncrementalKept) =>
  [...stateParts(s, kept)]
    .map((p) => {
      const t = p.bytes.toString();
      expect(t.startsWith('{\n') && t.endsWith('\n}\n')).toBe(true);
      return t.slice(2, -3);
    })
    .join(',\n');
/** The same as the format defines it: the routes sorted by file, one a line. */
const expectedText = (s: BuildState) =>
  sorted(s)
    .map(([f, r]) => `  ${JSON.stringify(f)}: ${JSON.stringify(r)}`)
    .join(',\n');

describe('nextState', () => {
  it('patched from the previous state, equals the state a walk of every route makes, over random edits, additions, deletions and moves; its text is placed in the last one\'s order', async () => {
    const kept = newIncrementalKept();
    const rand = lcg(5);
    const hashes = new Map<string, string>();
    let routes: PlannedRoute[] = [];
    for (let i = 0; i < 300; i++) {
      routes.push(route(`p${i}`));
      hashes.set(`/api/post/p${i}`, 'h0');
    }
    routes.sort((a, b) => (a.path < b.path ? -1 : 1));
    let previous: BuildState = emptyState('code');
    let release = 0;
    for (let step = 0; step < 30; step++) {
      for (let c = 0; c < 1 + Math.floor(rand() * 6); c++) {
        const op = rand();
        const at = Math.floor(rand() * routes.length);
        const slug = routes[at].params.slug;
        if (op < 0.4) hashes.set(`/api/post/${slug}`, `h${step}-${c}`); // edited
        else if (op < 0.6) routes.splice(at, 1); // deleted
        else if (op < 0.8) routes[at] = route(slug, `/tech/${slug}`); // moved: same file, another path
        else routes.push(route(`n${step}-${c}`)); // added
      }
      routes = [...new Map(routes.map((r) => [r.file, r])).values()].sort((a, b) => (a.path < b.path ? -1 : 1));
      const snapshot = snapOf(hashes);
      const prev = previous.routes.size ? { id: `r${release}`, state: previous, site: '/nowhere', manifest: null } : undefined;
      const s = await incrementalStep({ previous: prev, routes, snapshot, codeHash: 'code', kept });
      const files = emitted(routes, s, (r) => `${r.path} ${hashes.get(r.deps[0])}`);
      const patched = nextState('code', routes, s, files, `snap${step}`);
      const walked = nextState('code', routes, { ...s, previousState: undefined }, files, `snap${step}`);
      if (prev) expect(s.decision.reason).toBe('incremental');
      expect(sorted(patched)).toEqual(sorted(walked));
      expect(patched.routes.size).toBe(routes.length);
      // An unchanged route keeps its previous entry object (its printed line is kept with it: ./state.ts).
      for (const { previous: p } of s.decision.reuse) expect(patched.routes.get(p.file)).toBe(p);
      expect(text(patched, kept), `step ${step}`).toBe(expectedText(patched));
      previous = patched;
      release += 1;
    }
  });

  it('prints a state noted as patched from the last one printed in that one\'s order, by the noted changes only', () => {
    const kept = newIncrementalKept();
    const entry = (n: number, v = 0) => ({ path: `/p/${n}`, file: `p/${String(n).padStart(3, '0')}/index.html`, depsHash: `d${v}`, sha256: `s${v}`, size: n });
    const a: BuildState = { ...emptyState('code'), routes: new Map(Array.from({ length: 50 }, (_, n) => [entry(n).file, entry(n)])) };
    expect(text(a, kept)).toBe(expectedText(a));
    const b: BuildState = { ...emptyState('code'), routes: OverlayMap.from(a.routes) };
    const old3 = a.routes.get(entry(3).file)!;
    const new3 = entry(3, 1);
    b.routes.set(new3.file, new3);
    b.routes.set(entry(9).file, entry(9, 1));
    b.routes.set(entry(70).file, entry(70));
    // Noted with 3 replaced and 70 added, not 9: the text has 9's old line (a walk would print its new one).
    notePatched(kept, b, a, [old3], [new3, b.routes.get(entry(70).file)!]);
    const printed = JSON.parse(`{${text(b, kept)}}`);
    expect(printed[new3.file]).toEqual(new3);
    expect(printed[entry(70).file]).toEqual(entry(70));
    expect(printed[entry(9).file]).toEqual(entry(9));
    expect(Object.keys(printed)).toEqual([...b.routes.keys()].sort());
  });
});
