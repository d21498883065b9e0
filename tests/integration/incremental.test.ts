// docs/operations.md, "Incremental builds": an incremental build equals a full build of the same
// snapshot byte for byte after an edit, an addition, a deletion and an
// unpublish in the sample API; unchanged pages keep their mtime; conditional
// requests produce 304s; a code change re-renders everything; the shrink gate.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildReport } from '../../src/pipeline/index.ts';
import { currentReleaseId } from '../../src/publish/releases.ts';
import { startSampleApi, type SampleApi } from '../../src/sample-api/index.ts';
import { listFiles, treeHashes } from '../helpers/files.ts';
import { tempDir } from '../helpers/pressroom.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NOW = '2026-01-15T12:00:00Z';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
let root: string;
let out: string;
let fulls = 0;

const incremental = (extra: BuildOptions = {}): Promise<BuildReport> =>
  build({ api: api.url, out, now: NOW, configFile: join(ROOT, 'config/site.json'), env: {}, handleSignals: false, ...extra });

/** A full build of the snapshot the last incremental build crawled, into a fresh folder. */
async function fullOfSameSnapshot(): Promise<string> {
  const dir = join(root, `full-${++fulls}`, 'out');
  const r = await build({ fromSnapshot: join(root, '.pressroom', 'snapshot'), out: dir, now: NOW, configFile: join(ROOT, 'config/site.json'), env: {}, full: true, handleSignals: false });
  expect(r.incremental.mode).toBe('full');
  return dir;
}

const mtime = async (rel: string) => (await stat(join(out, rel))).mtimeMs;
/** Every published file's mtime, the manifest's included. */
const mtimes = async () => Object.fromEntries(await Promise.all((await listFiles(out)).map(async (f) => [f, await mtime(f)] as const)));
const articleFile = (api: SampleApi, id: number) => {
  const p = api.corpus.posts.find((x) => x.id === id)!;
  const cat = api.corpus.categories[p.cat].cat_slug;
  return `${cat}/${p.name}/index.html`;
};

/** `partial`: the change is not in what every page renders, so not every page is rendered again. */
async function expectEqualToFull(r: BuildReport, partial: boolean) {
  expect(r.incremental.mode).toBe('incremental');
  expect(r.incremental.rendered).toBeGreaterThan(0);
  if (partial) expect(r.incremental.rendered).toBeLessThan(r.routes);
  const [inc, full] = [await treeHashes(out), await treeHashes(await fullOfSameSnapshot())];
  // The files that differ (named, so a failure says where), then nothing at all.
  expect(Object.keys({ ...inc, ...full }).filter((f) => inc[f] !== full[f])).toEqual([]);
}

beforeAll(async () => {
  api = await startSampleApi({ port: 0, posts: 12, today: NOW });
  tmp = await tempDir('pr-incremental-');
  root = tmp.dir;
  out = join(root, 'out');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

describe('incremental builds against the sample API', () => {
  let first: BuildReport;
  const anchor = 'about/index.html';

  it('the first build renders everything', async () => {
    first = await incremental();
    expect(first.incremental).toMatchObject({ mode: 'first-build', reused: 0, rendered: first.routes });
    // The static search index is part of out/, so every equality with a full build below covers it too.
    expect(await listFiles(out)).toContain('pagefind/pagefind-entry.json');
    expect(first.notModified).toBe(0);
    expect(JSON.parse(await readFile(join(root, '.pressroom', 'out', 'build-report.json'), 'utf8'))).toMatchObject({ release: first.release, routes: first.routes });
  });

  it('an unchanged API: conditional requests answer 304, nothing is rendered, every file keeps its bytes and mtime', async () => {
    const before = await mtimes();
    expect(before).toHaveProperty(['pressroom-manifest.json']);
    const hashes = await treeHashes(out);
    const r = await incremental();
    expect(r.notModified).toBeGreaterThan(r.requests / 2);
    expect(r.incremental).toMatchObject({ mode: 'incremental', rendered: 0, reused: first.routes, deleted: 0 });
    expect(await treeHashes(out)).toEqual(hashes);
    // rsync-style deploys compare mtimes: an unchanged rebuild must not touch any file.
    expect(await mtimes()).toEqual(before);
  });

  it('after an edit only affected pages are rendered; the result equals a full build; untouched pages keep their mtime', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    const file = articleFile(api, post.id);
    const before = await mtime(anchor);
    api.mutate.editPost(post.id, { post_title: 'An edited title for the incremental test' });
    const r = await incremental();
    expect(r.notModified).toBeGreaterThan(0);
    expect(await readFile(join(out, file), 'utf8')).toContain('An edited title for the incremental test');
    await expectEqualToFull(r, true);
    expect(await mtime(anchor)).toBe(before);
  });

  it('after an addition the new article exists and the result equals a full build', async () => {
    const id = api.mutate.addPost({ cat_slug: api.corpus.categories[0].cat_slug, post_title: 'A brand new post for the incremental test' });
    const r = await incremental();
    await stat(join(out, articleFile(api, id)));
    // A new post is the newest: it enters the header's latest panels, on every page.
    await expectEqualToFull(r, false);
  });

  it('after a deletion the article and its sitemap entry are gone and the result equals a full build', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish' && p.id !== 1)!;
    const file = articleFile(api, post.id);
    api.mutate.deletePost(post.id);
    const r = await incremental();
    expect(r.incremental.deleted).toBeGreaterThanOrEqual(1);
    await expect(stat(join(out, file))).rejects.toThrow();
    const sitemaps = Object.keys(await treeHashes(out)).filter((f) => /^sitemap.*\.xml$/.test(f));
    for (const s of sitemaps) expect(await readFile(join(out, s), 'utf8')).not.toContain(`/${file.replace(/\/index\.html$/, '')}<`);
    await expectEqualToFull(r, true);
  });

  it('after an unpublish the article is gone and the result equals a full build', async () => {
    const published = api.corpus.posts.filter((p) => p.status === 'publish');
    const post = published[Math.floor(published.length / 2)];
    const file = articleFile(api, post.id);
    await stat(join(out, file));
    api.mutate.unpublishPost(post.id);
    const r = await incremental();
    expect(r.incremental.deleted).toBeGreaterThanOrEqual(1);
    await expect(stat(join(out, file))).rejects.toThrow();
    await expectEqualToFull(r, false);
  });

  it('a change of the configuration (here the site URL) re-renders every page, and says it was the configuration, not the code', async () => {
    const r = await incremental({ env: { PRESSROOM_SITE_URL: 'https://elsewhere.example' } });
    expect(r.incremental).toMatchObject({ mode: 'config-changed', reused: 0, rendered: r.routes });
    // and back: the previous configuration is config-changed again, not a stale reuse
    const back = await incremental();
    expect(back.incremental).toMatchObject({ mode: 'config-changed', reused: 0 });
    const again = await incremental({ full: true });
    expect(again.incremental).toMatchObject({ mode: 'full', reused: 0 });
  });

  it('the shrink gate stops a build that drops too many routes before publishing; --allow-shrink publishes', async () => {
    const config = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')) as Record<string, unknown>;
    config.shrinkGate = 0; // any drop stops: one deleted post is enough to show it
    const configFile = join(root, 'strict.json');
    await writeFile(configFile, JSON.stringify(config));
    await incremental({ configFile }); // a release under this configuration
    const before = await treeHashes(out);
    const current = await currentReleaseId(out);
    api.mutate.deletePost(api.corpus.posts.filter((p) => p.status === 'publish')[0].id);
    const e = await incremental({ configFile }).then(() => undefined, (x: unknown) => x);
    expect(e).toMatchObject({ code: 'PR_SHRINK_GATE', exitCode: 8 });
    expect(await treeHashes(out)).toEqual(before);
    expect(await currentReleaseId(out)).toBe(current);
    const r = await incremental({ configFile, allowShrink: true });
    expect(r.incremental.deleted).toBeGreaterThanOrEqual(1);
  });
});
