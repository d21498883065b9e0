// What pressroom watch prepares and keeps (docs/decisions/0065-watch-rehearses-at-start.md): its start-up rehearsal
// (src/pipeline/index.ts rehearse), a change-driven build of no change that stops
// before publishing (or of one story, whose responses it re-reads), and the release a session keeps between its builds. It must leave the
// site, its releases and the saved snapshot exactly as they were, request nothing
// the saved snapshot has, and refuse (not crawl everything) when the saved snapshot
// is not the published site's.
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseRef } from '../../src/webhook/refs.ts';
import { rehearse } from '../../src/pipeline/index.ts';
import { loadPrevious } from '../../src/pipeline/snapshot.ts';
import { PublishSession } from '../../src/pipeline/session.ts';
import { currentState, listReleases, stateRootFor } from '../../src/publish/releases.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { treeHashes } from '../helpers/files.ts';
import { buildInto, ROOT, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-rehearsal-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

it('renders nothing new, publishes, records and saves nothing, and the next change-driven build publishes as usual', async () => {
  const out = join(tmp.dir, 'out');
  const opts = { api: api.url, handleSignals: false, workers: 0 as const };
  await buildInto(tmp.dir, opts);
  const site = await treeHashes(out);
  const snapshotFile = await readFile(join(tmp.dir, '.pressroom/snapshot/snapshot.ndjson')).catch(() => null);
  expect(snapshotFile).not.toBeNull();
  const releases = await listReleases(out);
  const session = new PublishSession({ previous: await loadPrevious(join(tmp.dir, '.pressroom/snapshot')) });

  const r = await rehearse({ out, now: TEST_NOW, configFile: join(ROOT, 'config/site.json'), env: {}, session, ...opts });
  expect(r.incremental).toMatchObject({ mode: 'incremental', rendered: 0, changedFiles: 0, publish: 'rehearsed' });
  expect(r.requests).toBe(0);
  expect(await treeHashes(out)).toEqual(site);
  expect(await listReleases(out)).toEqual(releases);
  expect(await readFile(join(tmp.dir, '.pressroom/snapshot/snapshot.ndjson')).catch(() => null)).toEqual(snapshotFile);
  // No staging folder or prepared host snippet is left beside out/.
  expect((await readdir(tmp.dir)).sort()).toEqual(['.pressroom', 'out']);
  expect((await readdir(stateRootFor(out))).filter((f) => /stag|tmp/.test(f))).toEqual([]);

  const post = api.corpus.posts.find((p) => p.status === 'publish')!;
  api.mutate.editPost(post.id, { post_title: 'Rehearsed, then published' });
  const next = await buildInto(tmp.dir, { ...opts, session, changed: [parseRef(`post:${post.id}`)] });
  expect(next.changed?.fallback).toBeNull();
  expect(next.incremental.publish).not.toBe('rehearsed');
  // The rehearsal found the site as published: the first story decides from the routes' readers it kept
  // and emit starts from the release's files it kept, instead of walking every route and file.
  expect(next.incremental.kept).toEqual({ decision: true, files: true });
  expect(await readFile(join(out, api.corpus.categories[post.cat].cat_slug, post.name, 'index.html'), 'utf8').catch(() => '')).toContain('Rehearsed, then published');
});

it("a story's rehearsal re-reads the story's responses as its build would, and still publishes, records and saves nothing", async () => {
  const dir = join(tmp.dir, 'story');
  const out = join(dir, 'out');
  const opts = { api: api.url, handleSignals: false, workers: 0 as const };
  await buildInto(dir, opts);
  const site = await treeHashes(out);
  const releases = await listReleases(out);
  const snapshotFile = await readFile(join(dir, '.pressroom/snapshot/snapshot.ndjson'));
  const session = new PublishSession({ previous: await loadPrevious(join(dir, '.pressroom/snapshot')) });
  const post = api.corpus.posts.find((p) => p.status === 'publish')!;
  const story = [parseRef(`post:${post.id}`)];
  const rehearsal = () => rehearse({ out, now: TEST_NOW, configFile: join(ROOT, 'config/site.json'), env: {}, session, ...opts }, story);

  // Nothing changed in the API: conditional re-reads, nothing rendered.
  const same = await rehearsal();
  expect(same.changed).toMatchObject({ refs: [`post:${post.id}`], fallback: null });
  expect(same.requests).toBeGreaterThan(3);
  expect(same.notModified).toBe(same.requests);
  expect(same.incremental).toMatchObject({ rendered: 0, changedFiles: 0, publish: 'rehearsed' });
  // The story changed meanwhile: its pages are rendered, and dropped.
  api.mutate.editPost(post.id, { post_title: 'Changed while the watcher started' });
  const changed = await rehearsal();
  expect(changed.incremental.rendered).toBeGreaterThan(0);
  expect(changed.incremental.publish).toBe('rehearsed');
  expect(await treeHashes(out)).toEqual(site);
  expect(await listReleases(out)).toEqual(releases);
  expect(await readFile(join(dir, '.pressroom/snapshot/snapshot.ndjson'))).toEqual(snapshotFile);
  expect((await readdir(dir)).sort()).toEqual(['.pressroom', 'out']);
});

it('refuses with PR_REHEARSAL_BASE when the saved snapshot is not the one the published site was rendered from', async () => {
  const dir = join(tmp.dir, 'stale');
  const out = join(dir, 'out');
  const opts = { api: api.url, handleSignals: false, workers: 0 as const };
  await buildInto(dir, opts);
  // As after a kill between publishing and saving the snapshot: the release names another snapshot.
  const state = join(stateRootFor(out), 'releases');
  const current = (await listReleases(out)).at(-1)!;
  const file = join(state, current.id, 'state.json');
  const s = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file, JSON.stringify({ ...s, snapshot: 'another' }));
  const site = await treeHashes(out);
  const releases = await listReleases(out);
  await expect(rehearse({ out, now: TEST_NOW, configFile: join(ROOT, 'config/site.json'), env: {}, ...opts })).rejects.toMatchObject({ code: 'PR_REHEARSAL_BASE' });
  expect(await treeHashes(out)).toEqual(site);
  expect(await listReleases(out)).toEqual(releases);
});

it('a session keeps the release it recorded only while out/ still holds it', async () => {
  const dir = join(tmp.dir, 'kept');
  const out = join(dir, 'out');
  const opts = { api: api.url, handleSignals: false, workers: 0 as const };
  const session = new PublishSession();
  const first = await buildInto(dir, { ...opts, session });
  expect(session.release?.id).toBe(first.release);
  // Still current: the next build gets the kept state itself, not a copy read back.
  expect((await currentState(out, session.release))?.state).toBe(session.release!.state);
  // out/'s manifest replaced by an equal file (as a publish killed after its swap leaves a new one): read back from disk.
  const manifest = join(out, 'pressroom-manifest.json');
  const bytes = await readFile(manifest);
  await rm(manifest);
  await writeFile(manifest, bytes);
  const reread = await currentState(out, session.release);
  expect(reread?.state).not.toBe(session.release!.state);
  expect(reread?.state).toEqual(session.release!.state);
  // Another release current (a one-off build without the session): the kept one is not used.
  const post = api.corpus.posts.find((p) => p.status === 'publish')!;
  api.mutate.editPost(post.id, { post_title: 'Published by another process' });
  const other = await buildInto(dir, opts);
  const now = await currentState(out, session.release);
  expect(now?.id).toBe(other.release);
  expect(now?.state).not.toBe(session.release!.state);
});
