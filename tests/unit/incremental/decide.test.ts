import { describe, expect, it } from 'vitest';
import { decide, depsHash, keptDepsHashes } from '../../../src/incremental/decide.ts';
import { newIncrementalKept } from '../../../src/incremental/kept.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { createHash } from 'node:crypto';
import { emptyState, readState, stateIndexText, stateParts, type BuildState } from '../../../src/publish/build-state.ts';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { testDir } from '../../helpers/temp.ts';

type R = { kind: 'article'; path: string; file: string; params: Record<string, string>; deps: string[] };
const route = (path: string, deps: string[]): R => ({ kind: 'article', path, file: `${path.slice(1) || 'index'}/index.html`, params: {}, deps });
const snap = (hashes: Record<string, string>) => ({ get: (p: string) => (p in hashes ? { key: `GET ${p}`, status: 200, body: null, hash: hashes[p] } : undefined) });

function stateOf(codeHash: string, routes: R[], hashes: Record<string, string>): BuildState {
  const s = emptyState(codeHash);
  for (const r of routes) s.routes.set(r.file, { path: r.path, file: r.file, depsHash: depsHash(r, snap(hashes)), sha256: 'x', size: 1 });
  return s;
}

describe('depsHash', () => {
  it('changes when a dep entry changes, appears or disappears, and ignores dep order', () => {
    const r = route('/a', ['/api/x', '/api/y']);
    const base = depsHash(r, snap({ '/api/x': '1', '/api/y': '2' }));
    expect(depsHash({ ...r, deps: ['/api/y', '/api/x'] }, snap({ '/api/x': '1', '/api/y': '2' }))).toBe(base);
    expect(depsHash(r, snap({ '/api/x': '1', '/api/y': '3' }))).not.toBe(base);
    expect(depsHash(r, snap({ '/api/x': '1' }))).not.toBe(base);
    expect(depsHash({ ...r, params: { slug: 'b' } }, snap({ '/api/x': '1', '/api/y': '2' }))).not.toBe(base);
  });
});

describe('decide', () => {
  const hashes = { '/api/a': '1', '/api/b': '1', '/api/shell': 's' };
  const routes = [route('/a', ['/api/a', '/api/shell']), route('/b', ['/api/b', '/api/shell'])];
  const previous = stateOf('code1', routes, hashes);

  it('reuses every route when nothing changed', () => {
    const d = decide({ previous, codeHash: 'code1', routes, hashOf: (r) => depsHash(r, snap(hashes)) });
    expect(d.reason).toBe('incremental');
    expect(d.render).toEqual([]);
    expect(d.reuse.map((x) => x.route.path)).toEqual(['/a', '/b']);
    expect(d.deleted).toEqual([]);
  });

  it('re-renders only routes whose deps changed; a shared dep re-renders all that use it', () => {
    const h2 = { ...hashes, '/api/b': '2' };
    const d = decide({ previous, codeHash: 'code1', routes, hashOf: (r) => depsHash(r, snap(h2)) });
    expect(d.render.map((r) => r.path)).toEqual(['/b']);
    const h3 = { ...hashes, '/api/shell': 't' };
    expect(decide({ previous, codeHash: 'code1', routes, hashOf: (r) => depsHash(r, snap(h3)) }).render).toHaveLength(2);
  });

  it('renders new routes and reports the files of vanished ones as deleted', () => {
    const next = [routes[0], route('/c', ['/api/a'])];
    const d = decide({ previous, codeHash: 'code1', routes: next, hashOf: (r) => depsHash(r, snap(hashes)) });
    expect(d.render.map((r) => r.path)).toEqual(['/c']);
    expect(d.reuse.map((x) => x.route.path)).toEqual(['/a']);
    expect(d.deleted).toEqual(['b/index.html']);
  });

  it('a code change, --full or no previous state renders everything', () => {
    const hashOf = (r: R) => depsHash(r, snap(hashes));
    expect(decide({ previous, codeHash: 'code2', routes, hashOf })).toMatchObject({ reason: 'code-changed', reuse: [] });
    expect(decide({ previous, codeHash: 'code1', routes, hashOf, full: true })).toMatchObject({ reason: 'full', reuse: [] });
    expect(decide({ previous: undefined, codeHash: 'code1', routes, hashOf })).toMatchObject({ reason: 'first-build', reuse: [] });
    expect(decide({ previous, codeHash: 'code2', routes, hashOf }).render).toHaveLength(2);
  });

  it('names a change of the configuration as config-changed, not code-changed (e.g. a --site-url change)', () => {
    const hashOf = (r: R) => depsHash(r, snap(hashes));
    const configured: BuildState = { ...previous, configHash: 'config1' };
    expect(decide({ previous: configured, codeHash: 'code2', configHash: 'config2', routes, hashOf })).toMatchObject({ reason: 'config-changed', reuse: [] });
    expect(decide({ previous: configured, codeHash: 'code2', configHash: 'config1', routes, hashOf }).reason).toBe('code-changed');
    // A state written before the configuration's hash was kept cannot tell: code-changed, as it said then.
    expect(decide({ previous, codeHash: 'code2', configHash: 'config2', routes, hashOf }).reason).toBe('code-changed');
  });
});

/** A state written as the publish stage writes it: its parts into `store` by sha256, then its index. */
async function writeState(file: string, store: string, s: BuildState): Promise<string[]> {
  const parts = [...stateParts(s)];
  await mkdir(store, { recursive: true });
  for (const p of parts) await writeFile(join(store, p.sha256), p.bytes);
  await writeFile(file, stateIndexText(s, parts));
  return parts.map((p) => p.sha256);
}
const inStore = (store: string) => (sha: string) => readFile(join(store, sha));

describe('state file', () => {
  it('round-trips; a damaged index or part reads as no state (a full build), a missing file as undefined', async () => {
    const dir = await testDir('pr-state-');
    const store = join(dir, 'objects');
    const s = stateOf('c', [route('/a', ['/api/a'])], { '/api/a': '1' });
    const [part] = await writeState(join(dir, 's.json'), store, s);
    expect(await readState(join(dir, 's.json'), inStore(store))).toEqual(s);
    // The configuration's hash is kept with the state, for the next build's reason.
    const withConfig: BuildState = { ...s, configHash: 'f'.repeat(64) };
    await writeState(join(dir, 'sc.json'), store, withConfig);
    expect(await readState(join(dir, 'sc.json'), inStore(store))).toEqual(withConfig);
    // A part is a JSON object of its routes keyed by file; the index names it by the sha256 of its bytes.
    const bytes = await readFile(join(store, part));
    expect(JSON.parse(bytes.toString())).toEqual(Object.fromEntries(s.routes));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(part);
    await writeFile(join(dir, 'bad.json'), '{"version": 2, "codeH');
    expect(await readState(join(dir, 'bad.json'), inStore(store))).toBeUndefined();
    expect(await readState(join(dir, 'none.json'), inStore(store))).toBeUndefined();
    // A part edited (its bytes no longer those its name says) or gone: no state, not a state missing routes.
    await writeFile(join(store, part), bytes.toString().replace('"sha256":"x"', '"sha256":"y"'));
    expect(await readState(join(dir, 's.json'), inStore(store))).toBeUndefined();
    await rm(join(store, part));
    expect(await readState(join(dir, 's.json'), inStore(store))).toBeUndefined();
  });

  it('reads a state file of format 1 (the routes inline), as releases recorded before kept it', async () => {
    const dir = await testDir('pr-state-');
    const s = stateOf('c', [route('/a', ['/api/a']), route('/b', ['/api/b'])], { '/api/a': '1', '/api/b': '2' });
    await writeFile(join(dir, 's.json'), JSON.stringify({ version: 1, codeHash: 'c', snapshot: 'snap-1', routes: Object.fromEntries(s.routes) }));
    expect(await readState(join(dir, 's.json'), inStore(join(dir, 'none')))).toEqual({ ...s, snapshot: 'snap-1' });
  });

  it('is parts of runs of routes that read back as the whole state; a changed route changes its own part, not the others', async () => {
    const dir = await testDir('pr-state-');
    const store = join(dir, 'objects');
    const routes = Array.from({ length: 3000 }, (_, i) => route(`/news/post-${i}`, [`/api/post/postdetails/news/post-${i}`, '/api/advertisement/get_active']));
    const hashes = Object.fromEntries(routes.flatMap((r) => r.deps.map((d) => [d, `h${d.length}`])));
    // Each page's own sha256, as emit records it (the parts are cut after a route whose hash ends in "00").
    const withPages = (s: BuildState) => {
      for (const [file, r] of s.routes) s.routes.set(file, { ...r, sha256: createHash('sha256').update(`${file} ${r.depsHash}`).digest('hex') });
      return s;
    };
    const s = withPages(stateOf('c', routes, hashes));
    const before = await writeState(join(dir, 's.json'), store, s);
    expect(before.length).toBeGreaterThan(3);
    expect(await readState(join(dir, 's.json'), inStore(store))).toEqual(s);
    const edited = withPages(stateOf('c', routes, { ...hashes, '/api/post/postdetails/news/post-1234': 'changed' }));
    const after = await writeState(join(dir, 't.json'), store, edited);
    expect(await readState(join(dir, 't.json'), inStore(store))).toEqual(edited);
    const fresh = after.filter((sha) => !before.includes(sha));
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(fresh.length).toBeLessThanOrEqual(2);
    // A route added near the start shifts every route after it: the parts are cut by the routes' own
    // hashes, not by position, so the parts after it are still the same.
    const added = withPages(stateOf('c', [route('/news/a-new-story', ['/api/post/postdetails/news/a-new-story']), ...routes], { ...hashes, '/api/post/postdetails/news/a-new-story': 'new' }));
    const grown = await writeState(join(dir, 'u.json'), store, added);
    expect(await readState(join(dir, 'u.json'), inStore(store))).toEqual(added);
    const moved = grown.filter((sha) => !before.includes(sha));
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(moved.length).toBeLessThanOrEqual(2);
  });

  it('prints a route under the key it is stored by, also when a hand-edited file names another file in it', async () => {
    const dir = await testDir('pr-state-');
    const s = stateOf('c', [route('/a', ['/api/a']), route('/b', ['/api/b'])], { '/api/a': '1', '/api/b': '2' });
    const odd = { ...s.routes.get('a/index.html')!, file: 'elsewhere.html' };
    s.routes.set('a/index.html', odd);
    await writeState(join(dir, 's.json'), join(dir, 'objects'), s);
    expect(await readState(join(dir, 's.json'), inStore(join(dir, 'objects')))).toEqual(s);
  });
});

describe('keptDepsHashes (a publish session)', () => {

  it('equals depsHash over a chain of snapshot copies, and looks up no dep of a route whose deps did not change since the state it was last checked in', () => {
    const s = new Snapshot();
    for (let i = 0; i < 30; i++) s.set(`/api/p/${i}`, { status: 200, body: { i } });
    const routes = Array.from({ length: 30 }, (_, i) => route(`/r${i}`, [`/api/p/${i}`, `/api/p/${(i + 1) % 30}`]));
    const kept = newIncrementalKept();
    const first = keptDepsHashes(s, kept);
    for (const r of routes) expect(first(r)).toBe(depsHash(r, s));
    let snap = s;
    for (let step = 0; step < 10; step++) {
      const next = Snapshot.copyOf(snap);
      const changed = `/api/p/${(step * 7) % 30}`;
      next.set(changed, { status: 200, body: { step } });
      if (step % 4 === 3) next.delete(`/api/p/${(step * 11) % 30}`);
      const looked: string[] = [];
      const view = { get: (p: string) => (looked.push(p), next.get(p)), state: next.state, changesSince: (x: string) => next.changesSince(x) };
      const hashed = keptDepsHashes(view, kept);
      for (const r of routes) expect(hashed(r)).toBe(depsHash(r, next));
      // Only the deps of the routes fed by a changed path were looked up (to hash those routes again).
      const fed = routes.filter((r) => r.deps.some((d) => next.changesSince(snap.state)!.has(d)));
      expect(fed.length).toBeGreaterThan(0);
      expect(new Set(looked)).toEqual(new Set(fed.flatMap((r) => r.deps)));
      snap = next;
    }
    // A snapshot that cannot say what changed (read from disk, another crawl): each dep's entry is compared.
    const other = new Snapshot();
    for (const p of snap.paths()) other.put(snap.get(p)!);
    const compared = keptDepsHashes(other, kept);
    for (const r of routes) expect(compared(r)).toBe(depsHash(r, other));
  });
});
