// Deploy targets against the real tools (docs/deploying.md, "Deploy targets"): Debian's rsync to a
// local folder, git pushing to a local bare repository, and a command target whose script records
// what it was given. A sample build is deployed whole; then an edit in the sample API is published
// by a change-driven build and the second deploy sends exactly that change: each target then holds
// out/ byte for byte (its `.pressroom/` marker aside).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, type DeployConfig } from '../../src/deploy/index.ts';
import type { TargetConfig } from '../../src/deploy/types.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { listDirs, treeHashes } from '../helpers/files.ts';
import { buildInto, startTestApi, tempDir } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let config: DeployConfig;
// Precompressed siblings too (nginx serves them), so the targets must carry them as out/ does.
const opts = () => ({ api: api.url, handleSignals: false, workers: 0 as const, hosts: ['netlify', 'nginx'] });

/** A tree's files by sha256, without the deploy's own marker folder. */
async function siteTree(root: string): Promise<Record<string, string>> {
  const all = await treeHashes(root);
  return Object.fromEntries(Object.entries(all).filter(([p]) => !p.startsWith('.pressroom/') && !p.startsWith('.git/')));
}

function gitTree(bare: string, branch: string, into: string): Promise<Record<string, string>> {
  execFileSync('git', ['clone', '--quiet', '--branch', branch, bare, into]);
  return siteTree(into);
}

beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-deploy-targets-');
  out = join(tmp.dir, 'out');
  await buildInto(tmp.dir, opts());
  execFileSync('git', ['init', '--bare', '--quiet', join(tmp.dir, 'remote.git')]);
  await mkdir(join(tmp.dir, 'calls'));
  const script = join(tmp.dir, 'record.sh');
  // The command target's script: what it was given, one file per call.
  await writeFile(
    script,
    'n=$(ls "$CALLS" | wc -l); d="$CALLS/$n"; mkdir "$d"; cp "$PRESSROOM_DEPLOY_CHANGED_FILE" "$d/changed"; cp "$PRESSROOM_DEPLOY_REMOVED_FILE" "$d/removed"; ' +
      'printf "%s\\n" "$PRESSROOM_RELEASE" "$PRESSROOM_OUT" "$PRESSROOM_DEPLOY_FULL" > "$d/env"; printf "%s" "$PRESSROOM_DEPLOY_CHANGED" > "$d/changed-env"\n',
  );
  const deployTargets: TargetConfig[] = [
    { name: 'box', type: 'rsync', dest: join(tmp.dir, 'www') },
    { name: 'pages', type: 'git', remote: join(tmp.dir, 'remote.git'), branch: 'gh-pages' },
    { name: 'script', type: 'command', run: `CALLS=${join(tmp.dir, 'calls')} sh ${script}` },
  ];
  config = { deploy: deployTargets, purge: [], shrinkGate: 0.1, site: { url: 'https://news.example.com', basePath: '' } };
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

describe('deploy to rsync, git and a command', () => {
  it('a first deploy sends every file, and each target then holds out/', async () => {
    const report = await deploy(out, config);
    expect(report.targets.map((t) => t.error ?? null)).toEqual([null, null, null]);
    const site = await siteTree(out);
    const files = Object.keys(site).length;
    for (const t of report.targets) expect(t).toMatchObject({ full: true, uploaded: files, deleted: 0 });
    expect(Object.keys(site).some((p) => p.endsWith('.html.br'))).toBe(true);
    expect(await siteTree(join(tmp.dir, 'www'))).toEqual(site);
    expect(await gitTree(join(tmp.dir, 'remote.git'), 'gh-pages', join(tmp.dir, 'clone-1'))).toEqual(site);
    // The marker, last, on the target and beside out/.
    const marker = JSON.parse(await readFile(join(tmp.dir, 'www', '.pressroom', 'deploy.json'), 'utf8'));
    expect(marker.release).toBe(report.targets[0].release);
    const local = JSON.parse(await readFile(join(tmp.dir, '.pressroom', 'out', 'deploy', 'script.json'), 'utf8'));
    expect(local.release).toBe(report.targets[0].release);
    const env = (await readFile(join(tmp.dir, 'calls', '0', 'env'), 'utf8')).split('\n');
    expect(env.slice(0, 3)).toEqual([marker.release, out, '1']);
    expect((await readFile(join(tmp.dir, 'calls', '0', 'changed'), 'utf8')).trim().split('\n').length).toBe(files);
  });

  it('after an edit, the next deploy sends only the change: the same files to each target, which then holds out/', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    const before = await siteTree(out);
    api.mutate.editPost(post.id, { post_title: 'Deployed by the change' });
    const build = await buildInto(tmp.dir, { ...opts(), changed: [parseRef(`post:${post.id}`)] });
    const changed = build.releaseChange!.changed!;
    expect(changed.length).toBeGreaterThan(0);
    const report = await deploy(out, config);
    expect(report.targets.map((t) => t.error ?? null)).toEqual([null, null, null]);
    const site = await siteTree(out);
    // What changed, with the precompressed siblings of those that have them in out/.
    const present = changed.filter((p) => p in site);
    const expected = present.length + present.filter((p) => `${p}.br` in site).length * 2;
    for (const t of report.targets) expect(t).toMatchObject({ full: false, source: 'records', uploaded: expected, release: build.release });
    expect(await siteTree(join(tmp.dir, 'www'))).toEqual(site);
    expect(await gitTree(join(tmp.dir, 'remote.git'), 'gh-pages', join(tmp.dir, 'clone-2'))).toEqual(site);
    expect(site).toHaveProperty(present[0]);
    // The commit holds only the change and the marker.
    const touched = execFileSync('git', ['--git-dir', join(tmp.dir, 'remote.git'), 'diff-tree', '--no-commit-id', '--name-only', '-r', 'gh-pages'], { encoding: 'utf8' }).trim().split('\n');
    const either = (p: string) => p in site || p in before;
    expect(touched.sort()).toEqual([...changed.flatMap((p) => [p, `${p}.br`, `${p}.gz`].filter(either)), '.pressroom/deploy.json'].sort());
    const listed = (await readFile(join(tmp.dir, 'calls', '1', 'changed'), 'utf8')).trim().split('\n');
    expect(listed.length).toBe(expected);
    expect(await readFile(join(tmp.dir, 'calls', '1', 'changed-env'), 'utf8')).toBe(listed.join('\n'));
  });

  it('a deleted post is deleted from each target, its emptied folders with it', async () => {
    const post = api.corpus.posts.filter((p) => p.status === 'publish').at(-1)!;
    api.mutate.deletePost(post.id);
    const build = await buildInto(tmp.dir, { ...opts(), changed: [parseRef(`post:${post.id}`)] });
    const site = await siteTree(out);
    const gone = build.releaseChange!.changed!.filter((p) => !(p in site));
    expect(gone.some((p) => p.endsWith('/index.html'))).toBe(true);
    const report = await deploy(out, config);
    for (const t of report.targets) expect(t.error).toBeUndefined();
    expect(report.targets[0].deleted).toBeGreaterThanOrEqual(gone.length);
    expect(await siteTree(join(tmp.dir, 'www'))).toEqual(site);
    const dirs = async (root: string) => (await listDirs(root)).filter((d) => d !== '.pressroom' && !d.startsWith('.pressroom/'));
    expect(await dirs(join(tmp.dir, 'www'))).toEqual(await dirs(out));
    expect(await gitTree(join(tmp.dir, 'remote.git'), 'gh-pages', join(tmp.dir, 'clone-3'))).toEqual(site);
  });

  it('a deploy with nothing new sends nothing; --verify repairs drift on rsync and git', async () => {
    const again = await deploy(out, config);
    for (const t of again.targets) expect(t).toMatchObject({ source: 'none', uploaded: 0, deleted: 0, requests: 0 });
    // Drift: a file changed and a stray file on the rsync target.
    await writeFile(join(tmp.dir, 'www', 'index.html'), 'tampered');
    await writeFile(join(tmp.dir, 'www', 'stray.html'), 'stray');
    const verified = await deploy(out, { ...config, deploy: config.deploy.slice(0, 2) }, { verify: true });
    expect(verified.targets[0]).toMatchObject({ source: 'verify', uploaded: 1, deleted: 1 });
    expect(verified.targets[1]).toMatchObject({ source: 'verify', uploaded: 0, deleted: 0 });
    expect(await siteTree(join(tmp.dir, 'www'))).toEqual(await siteTree(out));
  });

  it('a purge that follows a target runs as soon as that target is deployed; one without `after` once every target is', async () => {
    const purged: string[] = [];
    const cache = createServer((req, res) => {
      purged.push(`${req.method} ${req.url}`);
      res.end();
    });
    await new Promise<void>((ok) => cache.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(cache.address() as AddressInfo).port}`;
    try {
      const events: string[] = [];
      const report = await deploy(
        out,
        {
          ...config,
          deploy: [
            { name: 'first', type: 'command', run: 'true' },
            { name: 'second', type: 'command', run: 'true' },
          ],
          purge: [
            { name: 'all', type: 'http', url },
            { name: 'early', type: 'http', url, after: 'first' },
          ],
        },
        { onEvent: (e) => events.push(e.type === 'target-start' ? `start ${e.target}` : e.type === 'target-end' ? `end ${e.report.name}` : `purge ${e.report.name}`) },
      );
      expect(events).toEqual(['start first', 'end first', 'purge early', 'start second', 'end second', 'purge all']);
      // Reported in the configuration's order, each with the paths of the whole site (a first deploy).
      expect(report.purges.map((p) => [p.name, p.error ?? null])).toEqual([['all', null], ['early', null]]);
      expect(report.purges[0].paths).toBeGreaterThan(0);
      expect(report.purges[1].paths).toBe(report.purges[0].paths);
      expect(purged.length).toBe(report.purges[0].paths * 2);
      expect(purged.every((r) => r.startsWith('PURGE /'))).toBe(true);
    } finally {
      cache.closeAllConnections();
      await new Promise((ok) => cache.close(ok));
    }
  });

  it('a purge after an rsync target names the changed pages once the target has them, before its deletions; the deleted pages after them', async () => {
    const www = join(tmp.dir, 'www-early');
    // Each PURGE as the cache gets it, with what the target's folder holds at that moment.
    const seen: { url: string; edited: string | null; deletedThere: boolean }[] = [];
    let editedFile = '';
    let deletedFile = '';
    const cache = createServer((req, res) => {
      const read = (f: string) => (existsSync(join(www, f)) ? readFileSync(join(www, f), 'utf8') : null);
      seen.push({ url: req.url ?? '', edited: editedFile && read(editedFile), deletedThere: deletedFile !== '' && existsSync(join(www, deletedFile)) });
      res.end();
    });
    await new Promise<void>((ok) => cache.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(cache.address() as AddressInfo).port}`;
    try {
      const early: DeployConfig = { ...config, deploy: [{ name: 'box2', type: 'rsync', dest: www }], purge: [{ name: 'cache', type: 'http', url, after: 'box2' }] };
      expect((await deploy(out, early)).targets[0].error).toBeUndefined();
      const published = api.corpus.posts.filter((p) => p.status === 'publish');
      const [edited, deleted] = [published[0], published.at(-2)!];
      api.mutate.editPost(edited.id, { post_title: 'Purged before the deletions' });
      api.mutate.deletePost(deleted.id);
      await buildInto(tmp.dir, { ...opts(), changed: [parseRef(`post:${edited.id}`), parseRef(`post:${deleted.id}`)] });
      const pagePath = (p: typeof edited) => `/${api.corpus.categories[p.cat].cat_slug}/${p.name}`;
      editedFile = `${pagePath(edited).slice(1)}/index.html`;
      deletedFile = `${pagePath(deleted).slice(1)}/index.html`;
      expect(existsSync(join(out, deletedFile))).toBe(false);
      seen.length = 0;
      const report = await deploy(out, early);
      expect(report.targets[0]).toMatchObject({ full: false });
      expect(report.purges[0]).toMatchObject({ name: 'cache' });
      expect(report.purges[0].error).toBeUndefined();
      const editedUrl = seen.find((r) => r.url === pagePath(edited))!;
      const deletedUrl = seen.find((r) => r.url === pagePath(deleted))!;
      // The edited page: purged when the target served its new version, while the deleted page was still there.
      expect(editedUrl.edited).toContain('Purged before the deletions');
      expect(editedUrl.deletedThere).toBe(true);
      // The deleted page: purged once the target no longer had it.
      expect(deletedUrl.deletedThere).toBe(false);
      expect(seen.indexOf(editedUrl)).toBeLessThan(seen.indexOf(deletedUrl));
      expect(report.purges[0].paths).toBe(new Set(seen.map((r) => r.url)).size);
      expect(await siteTree(www)).toEqual(await siteTree(out));
    } finally {
      cache.closeAllConnections();
      await new Promise((ok) => cache.close(ok));
    }
  });
});
