// docs/operations.md, "What a publish writes": an incremental build stages only
// the files that changed, brings the spare tree (the site one publish ago) up
// to date by the diff and swaps it in; a release is a record over the object
// store. These tests hold the invariants that make that safe: after every
// publish out/ equals a full build and the spare equals the site before it,
// objects grow by the change, a spare that cannot be trusted is rebuilt, and
// rollback and diff rebuild any kept release from the store. Precompressed
// siblings are switched on (nginx), so they travel with their files.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildReport } from '../../src/pipeline/index.ts';
import { PublishSession } from '../../src/pipeline/session.ts';
import { collectGarbage } from '../../src/publish/objects.ts';
import { keptObjects } from '../../src/publish/index.ts';
import { outPaths } from '../../src/publish/paths.ts';
import { statePartNames } from '../../src/publish/build-state.ts';
import { spareHolds } from '../../src/publish/spare.ts';
import { createHash } from 'node:crypto';
import { rollback } from '../../src/publish/rollback.ts';
import { currentReleaseId, currentState, listReleases, readRecord, releasePaths } from '../../src/publish/releases.ts';
import { diffBuilds } from '../../src/diff/index.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { listDirs, listFiles, treeHashes } from '../helpers/files.ts';
import { startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let configFile: string;
let fulls = 0;

const run = (extra: BuildOptions = {}): Promise<BuildReport> => build({ api: api.url, out, now: TEST_NOW, configFile, env: {}, handleSignals: false, workers: 0, ...extra });

async function expectFullBuildEqual(): Promise<void> {
  const full = join(tmp.dir, `full-${++fulls}`, 'out');
  await build({ api: api.url, out: full, now: TEST_NOW, configFile, env: {}, handleSignals: false, workers: 0, full: true });
  const [a, b] = [await treeHashes(out), await treeHashes(full)];
  expect(Object.keys({ ...a, ...b }).filter((f) => a[f] !== b[f])).toEqual([]);
  // No folder more or less either (a deleted page's folder goes with it).
  expect(await listDirs(out)).toEqual(await listDirs(full));
  await rm(join(tmp.dir, `full-${fulls}`), { recursive: true, force: true });
}

/** The build state's parts every kept release names (objects that are no file of a site). */
const stateObjects = async () => new Set((await Promise.all((await listReleases(out)).map((r) => statePartNames(releasePaths(out, r.id).state)))).flat());
const objects = async () => (await listFiles(outPaths(out).objects)).filter((f) => /^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(f)).map((f) => f.slice(3));
/** The objects that are files of a site. */
const objectCount = async () => {
  const state = await stateObjects();
  return (await objects()).filter((sha) => !state.has(sha)).length;
};

beforeAll(async () => {
  api = await startTestApi({ posts: 14 });
  tmp = await tempDir('pressroom-publish-trees-');
  out = join(tmp.dir, 'out');
  configFile = join(tmp.dir, 'site.json');
  const config = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(configFile, JSON.stringify({ ...config, hosts: ['netlify', 'nginx'] }));
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

describe('two trees and the object store', () => {
  const sites: { id: string; tree: Record<string, string> }[] = [];

  it('each publish stages only what changed, out/ equals a full build and the spare holds the site before it', async () => {
    const first = await run();
    // A one-off first build makes no spare: the next publish makes it from out/ (below, 'rebuilt').
    await expect(readdir(outPaths(out).spare)).rejects.toMatchObject({ code: 'ENOENT' });
    sites.push({ id: first.release!, tree: await treeHashes(out) });
    expect((await listFiles(out)).some((f) => f.endsWith('.html.br'))).toBe(true);
    // A complete publish keeps every file as an object, once per distinct content.
    const hashes = Object.entries(sites[0]!.tree).filter(([f]) => !/\.(br|gz)$/.test(f));
    const files = hashes.length;
    expect(await objectCount()).toBe(new Set(hashes.map(([, sha]) => sha)).size);
    // And the build state's parts, which its state file names.
    const parts = await statePartNames(releasePaths(out, first.release!).state);
    expect(parts.length).toBeGreaterThan(0);
    for (const sha of parts) expect(await objects()).toContain(sha);
    const posts = api.corpus.posts.filter((p) => p.status === 'publish');
    const edits: (() => void)[] = [
      () => api.mutate.editPost(posts[0]!.id, { post_title: 'An edited title' }),
      () => api.mutate.editPost(posts[1]!.id, { post_content: '<p>A new body.</p>' }),
      () => void api.mutate.addPost({ cat_slug: api.corpus.categories[posts[2]!.cat].cat_slug, post_title: 'A new story' }),
      () => api.mutate.deletePost(posts[3]!.id),
    ];
    for (const [i, edit] of edits.entries()) {
      const before = sites.at(-1)!.tree;
      const siteObjects = await objectCount();
      const stateBefore = await stateObjects();
      edit();
      const r = await run();
      // The first publish after it makes the spare from out/; then the usual way.
      expect(r.incremental.publish).toBe(i === 0 ? 'rebuilt' : 'diff2');
      expect(r.incremental.changedFiles).toBeGreaterThan(0);
      const record = (await readRecord(out, r.release!))!;
      expect(record.parent).not.toBeNull();
      // Recorded as a change: the new objects are at most the changed files, and far fewer than the site.
      expect(record.changed!.length).toBeLessThan(files / 2);
      expect((await objectCount()) - siteObjects).toBeLessThanOrEqual(record.changed!.length);
      // The state is written as the parts of the routes that changed: a new one at least, never more than the changed files.
      const newParts = (await statePartNames(releasePaths(out, r.release!).state)).filter((sha) => !stateBefore.has(sha));
      expect(newParts.length).toBeGreaterThan(0);
      expect(newParts.length).toBeLessThanOrEqual(record.changed!.length);
      await expect(readdir(releasePaths(out, r.release!).site)).rejects.toMatchObject({ code: 'ENOENT' });
      // The spare is the previous site, byte for byte, siblings included.
      expect(await treeHashes(outPaths(out).spare)).toEqual(before);
      sites.push({ id: r.release!, tree: await treeHashes(out) });
      await expectFullBuildEqual();
    }
  });

  it('a spare that is not recorded as intact is rebuilt from out/, and the publish is still exact', async () => {
    // As a build killed while changing the spare leaves it: files replaced, no record. (Replaced, never
    // written in place: the spare shares its unchanged files' inodes with out/.)
    await rm(join(outPaths(out).spare, 'index.html'));
    await writeFile(join(outPaths(out).spare, 'index.html'), 'half-written');
    await rm(outPaths(out).spareState);
    api.mutate.editPost(api.corpus.posts.find((p) => p.status === 'publish')!.id, { post_title: 'After a damaged spare' });
    const before = await treeHashes(out);
    const r = await run();
    expect(r.incremental.publish).toBe('rebuilt');
    expect(await treeHashes(outPaths(out).spare)).toEqual(before);
    sites.push({ id: r.release!, tree: await treeHashes(out) });
    await expectFullBuildEqual();
  });

  it('switching precompressed siblings off and on again: the next incremental publishes are still exact', async () => {
    const config = JSON.parse(await readFile(configFile, 'utf8')) as Record<string, unknown>;
    const plain = join(tmp.dir, 'plain.json');
    await writeFile(plain, JSON.stringify({ ...config, hosts: ['netlify'] }));
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    for (const [file, title] of [[plain, 'Siblings off'], [configFile, 'Siblings on']] as const) {
      const switched = await run({ configFile: file });
      expect(switched.incremental.mode).toBe('config-changed');
      expect((await listFiles(out)).some((f) => f.endsWith('.html.br'))).toBe(file === configFile);
      api.mutate.editPost(post.id, { post_title: title });
      const r = await run({ configFile: file });
      expect(r.incremental.mode).toBe('incremental');
      const full = join(tmp.dir, `switch-${title.replace(/ /g, '-')}`, 'out');
      await build({ api: api.url, out: full, now: TEST_NOW, configFile: file, env: {}, handleSignals: false, workers: 0, full: true });
      const [a, b] = [await treeHashes(out), await treeHashes(full)];
      expect(Object.keys({ ...a, ...b }).filter((f) => a[f] !== b[f])).toEqual([]);
      sites.push({ id: r.release!, tree: a });
    }
  });

  it('rollback rebuilds a kept release from the object store, both ways; diff compares two releases', async () => {
    const kept = new Set((await listReleases(out)).map((r) => r.id));
    const targets = sites.filter((s) => kept.has(s.id));
    expect(targets.length).toBeGreaterThanOrEqual(3);
    const [oldest, middle, newest] = [targets[0]!, targets[Math.floor(targets.length / 2)]!, targets.at(-1)!];
    await rollback({ out, to: oldest.id, handleSignals: false });
    const got = await treeHashes(out);
    expect(Object.keys({ ...got, ...oldest.tree }).filter((f) => got[f] !== oldest.tree[f]).map((f) => `${f} ${got[f]?.slice(0, 6)} ${oldest.tree[f]?.slice(0, 6)}`)).toEqual([]);
    expect(await currentReleaseId(out)).toBe(oldest.id);
    await rollback({ out, to: newest.id, handleSignals: false });
    expect(await treeHashes(out)).toEqual(newest.tree);
    await rollback({ out, to: middle.id, handleSignals: false });
    expect(await treeHashes(out)).toEqual(middle.tree);
    // out/'s manifest damaged (a part replaced by other bytes) and a file left there by hand, and no
    // spare it can trust (so it is made again from out/): the rollback lists out/ itself, and the
    // site is the release's exactly.
    await rm(outPaths(out).spareState);
    const part = (JSON.parse(await readFile(join(out, 'pressroom-manifest.json'), 'utf8')) as { parts: { path: string }[] }).parts[0].path;
    await rm(join(out, part));
    await writeFile(join(out, part), '[]\n');
    await writeFile(join(out, 'stray.html'), 'left by hand');
    await rollback({ out, to: newest.id, handleSignals: false });
    expect(await treeHashes(out)).toEqual(newest.tree);
    expect((await diffBuilds(middle.id, middle.id, { out })).equal).toBe(true);
    const d = await diffBuilds(oldest.id, newest.id, { out });
    expect(d.equal).toBe(false);
    // The next build after a rollback starts from the release out/ holds (here the newest, built with
    // this configuration: an older one may come from the siblings switch), and is exact.
    await rollback({ out, to: oldest.id, handleSignals: false });
    await rollback({ out, to: newest.id, handleSignals: false });
    // The rollback swapped the oldest release out: the spare holds it whole. Recorded as intact, it is
    // neither out/'s site nor its parent, so the next publish brings it up to date by comparing manifests.
    const spareManifestText = await readFile(join(outPaths(out).spare, 'pressroom-manifest.json'));
    expect(await treeHashes(outPaths(out).spare)).toEqual(oldest.tree);
    await spareHolds(out, { manifest: createHash('sha256').update(spareManifestText).digest('hex'), precompress: true });
    api.mutate.editPost(api.corpus.posts.find((p) => p.status === 'publish')!.id, { post_title: 'After a rollback' });
    const before = await treeHashes(out);
    const r = await run();
    expect(r.incremental.mode).toBe('incremental');
    expect(r.incremental.publish).toBe('manifest');
    expect(await treeHashes(outPaths(out).spare)).toEqual(before);
    await expectFullBuildEqual();
    // The same, with a part of the spare's manifest damaged: it cannot be compared, so it is made again from out/.
    // (The spare holds the oldest kept release: neither out/'s site nor its parent.)
    const latest = (await currentReleaseId(out))!;
    await rollback({ out, to: (await listReleases(out))[0]!.id, handleSignals: false });
    await rollback({ out, to: latest, handleSignals: false });
    const spareText = await readFile(join(outPaths(out).spare, 'pressroom-manifest.json'));
    const sparePart = (JSON.parse(spareText.toString('utf8')) as { parts: { path: string }[] }).parts[0].path;
    await rm(join(outPaths(out).spare, sparePart));
    await writeFile(join(outPaths(out).spare, sparePart), '[]\n');
    await spareHolds(out, { manifest: createHash('sha256').update(spareText).digest('hex'), precompress: true });
    api.mutate.editPost(api.corpus.posts.find((p) => p.status === 'publish')!.id, { post_title: 'After a damaged spare' });
    const beforeDamaged = await treeHashes(out);
    const again = await run();
    expect(again.incremental.publish).toBe('rebuilt');
    expect(await treeHashes(outPaths(out).spare)).toEqual(beforeDamaged);
    await expectFullBuildEqual();
  });

  it('the sweep removes only objects no kept release names', async () => {
    // Keep only the current release: the objects of the others go, and the current one still rolls back whole.
    const current = (await currentReleaseId(out))!;
    const keepOne = join(tmp.dir, 'keep-one.json');
    await writeFile(keepOne, JSON.stringify({ ...JSON.parse(await readFile(configFile, 'utf8')), releases: { keep: 1 } }));
    // Another configuration: a complete publish, then only one release is kept.
    const r = await run({ configFile: keepOne });
    expect(r.incremental.mode).toBe('config-changed');
    const tree = await treeHashes(out);
    expect((await listReleases(out)).map((x) => x.id)).toEqual([r.release]);
    const removed = await collectGarbage(out, 0, () => keptObjects(out), true);
    expect(removed).toBeGreaterThan(0);
    expect((await objects()).length).toBe((await keptObjects(out)).size);
    // The build state's parts are objects the release names too: its state still reads back whole.
    expect((await currentState(out))?.state.routes.size).toBe(r.routes);
    expect(current).not.toBe(r.release);
    // A rollback rewrites every file from the store, whatever out/ and the spare hold.
    await rm(outPaths(out).spareState);
    await rm(join(out, 'index.html'));
    await writeFile(join(out, 'index.html'), 'tampered');
    await expect(rollback({ out, to: r.release!, handleSignals: false })).resolves.toMatchObject({ to: r.release });
    expect(await treeHashes(out)).toEqual(tree);
  });

  it('a process that publishes again (a build session, as pressroom watch keeps) makes the spare after its first publish', async () => {
    const own = join(tmp.dir, 'session', 'out');
    const session = new PublishSession();
    const first = await build({ api: api.url, out: own, now: TEST_NOW, configFile, env: {}, handleSignals: false, workers: 0, session });
    expect(first.incremental.publish).toBe('complete');
    expect(await treeHashes(outPaths(own).spare)).toEqual(await treeHashes(own));
    const before = await treeHashes(own);
    api.mutate.editPost(api.corpus.posts.find((p) => p.status === 'publish')!.id, { post_title: 'Edited in a session' });
    const next = await build({ api: api.url, out: own, now: TEST_NOW, configFile, env: {}, handleSignals: false, workers: 0, session });
    // The spare was ready: this publish only brought it up to date by its own change.
    expect(next.incremental.publish).toBe('diff');
    expect(await treeHashes(outPaths(own).spare)).toEqual(before);
  });
});
