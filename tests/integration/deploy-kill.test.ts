// kill -9 during a deploy (docs/deploying.md, "The order"): `pressroom deploy` SIGKILLs itself
// after each phase (PRESSROOM_KILL_AT, src/runtime/kill-point.ts DEPLOY_KILL_POINTS), to an rsync
// folder, a git branch and an S3 bucket (s3rver, SigV4 checked, the credentials in the spawned
// CLI's environment). At that moment no page on the target references an asset the target lacks
// (assets go first, and the marker last); the next deploy converges: the target holds out/ byte
// for byte (the bucket also with each object's headers, and the build's redirect objects).
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, type DeployConfig } from '../../src/deploy/index.ts';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { TargetConfig } from '../../src/deploy/types.ts';
import { phaseOf } from '../../src/deploy/phases.ts';
import { DEPLOY_KILL_POINTS } from '../../src/runtime/kill-point.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { bucketDiff, bucketMissingAssets, checkClient, expectedRedirects, pageReferences, siteFiles } from '../helpers/deploy-check.ts';
import { listFiles, treeHashes } from '../helpers/files.ts';
import { buildInto, ROOT, spawnCli, startTestApi, tempDir } from '../helpers/pressroom.ts';
import { S3RVER_ENV, startS3rver, type TestS3 } from '../helpers/s3rver.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let configFile: string;
let s3: TestS3;
let reader: S3Client;
const targets: TargetConfig[] = [];
/** The bucket of the s3 target killed at `point` on its first deploy. */
const bucketAt = (point: string) => `kill-${point}`;

async function siteTree(root: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await treeHashes(root)).filter(([p]) => !p.startsWith('.pressroom/') && !p.startsWith('.git/')));
}

/** Files of the site a page on the target references (scripts, styles, images of out/) that the target does not have. */
async function missingAssets(root: string): Promise<string[]> {
  const have = new Set(await listFiles(root).catch(() => [] as string[]));
  const missing = new Set<string>();
  for (const page of [...have].filter((p) => p.endsWith('.html'))) {
    const html = await readFile(join(root, page), 'utf8');
    for (const ref of pageReferences(html)) if (!have.has(ref)) missing.add(`${page} -> ${ref}`);
  }
  return [...missing].sort();
}

const config = (): DeployConfig => ({ deploy: targets, purge: [], shrinkGate: 0.1, site: { url: 'https://news.example.com', basePath: '' } });

beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-deploy-kill-');
  out = join(tmp.dir, 'out');
  s3 = await startS3rver(join(tmp.dir, 's3rver'), [...DEPLOY_KILL_POINTS.map(bucketAt), 'kill-change']);
  reader = checkClient(s3.endpoint);
  for (const point of DEPLOY_KILL_POINTS) targets.push({ name: `box-${point}`, type: 'rsync', dest: join(tmp.dir, `www-${point}`) });
  execFileSync('git', ['init', '--bare', '--quiet', join(tmp.dir, 'remote.git')]);
  targets.push({ name: 'pages', type: 'git', remote: join(tmp.dir, 'remote.git'), branch: 'gh-pages' });
  const s3Config = { type: 's3' as const, endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1' };
  for (const point of DEPLOY_KILL_POINTS) targets.push({ name: `s3-${point}`, bucket: bucketAt(point), ...s3Config });
  targets.push({ name: 's3-change', bucket: 'kill-change', ...s3Config });
  const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
  configFile = join(tmp.dir, 'site.json');
  // With the S3 host files: the redirect objects and the website configuration go with the hosts phase.
  await writeFile(configFile, JSON.stringify({ ...site, $schema: undefined, hosts: ['netlify', 's3'], deploy: targets }));
  await buildInto(tmp.dir, { api: api.url, configFile, handleSignals: false, workers: 0 });
});
afterAll(async () => {
  reader?.destroy();
  await s3?.close();
  await api?.close();
  await tmp?.cleanup();
});

async function killedDeploy(target: string, point: string): Promise<void> {
  const run = spawnCli(['deploy', '--config', configFile, '--out', out, '--target', target, '--quiet'], { PRESSROOM_KILL_AT: point, ...S3RVER_ENV });
  const exit = await run.exit;
  expect(exit.signal, `exit code ${exit.code}\n${run.stderr()}`).toBe('SIGKILL');
}

/** Whether the bucket holds the target's marker. */
const markerIn = (bucket: string) => reader.send(new HeadObjectCommand({ Bucket: bucket, Key: '.pressroom/deploy.json' })).then(() => true, (e: { name?: string }) => (e.name === 'NotFound' ? false : Promise.reject(e)));

describe('kill -9 during a deploy', () => {
  it.each(DEPLOY_KILL_POINTS)('after %s: no page lacks an asset, the marker is not written, and the next deploy converges', async (point) => {
    const name = `box-${point}`;
    const www = join(tmp.dir, `www-${point}`);
    await killedDeploy(name, point);
    expect(await missingAssets(www)).toEqual([]);
    await expect(readFile(join(www, '.pressroom', 'deploy.json'))).rejects.toThrow();
    const next = await deploy(out, config(), { targets: [name] });
    expect(next.targets[0].error).toBeUndefined();
    expect(await siteTree(www)).toEqual(await siteTree(out));
  });

  it.each(DEPLOY_KILL_POINTS)('s3, after %s: no page in the bucket lacks an asset, the marker is not put, and the next deploy converges', async (point) => {
    const name = `s3-${point}`;
    const bucket = bucketAt(point);
    await killedDeploy(name, point);
    expect(await bucketMissingAssets(reader, bucket)).toEqual([]);
    expect(await markerIn(bucket)).toBe(false);
    const next = await deploy(out, config(), { targets: [name], env: S3RVER_ENV });
    expect(next.targets[0].error).toBeUndefined();
    expect(await bucketDiff(reader, bucket, await siteFiles(out), await expectedRedirects(out))).toEqual([]);
    expect(await markerIn(bucket)).toBe(true);
  });

  it('a change deploy killed before its marker is sent again (the change, not the site), and nothing is lost; git killed before the push too', async () => {
    const point = 'deploy-pages';
    const name = `box-${point}`;
    const www = join(tmp.dir, `www-${point}`);
    await deploy(out, config(), { targets: [name, 'pages'] });
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: 'Killed while deploying' });
    const build = await buildInto(tmp.dir, { api: api.url, configFile, handleSignals: false, workers: 0, changed: [parseRef(`post:${post.id}`)] });
    await killedDeploy(name, point);
    await killedDeploy('pages', 'deploy-hosts');
    expect(await missingAssets(www)).toEqual([]);
    const next = await deploy(out, config(), { targets: [name, 'pages'] });
    const site = await siteTree(out);
    const present = build.releaseChange!.changed!.filter((p) => p in site);
    for (const t of next.targets) expect(t).toMatchObject({ full: false, uploaded: present.length });
    expect(await siteTree(www)).toEqual(site);
    execFileSync('git', ['clone', '--quiet', '--branch', 'gh-pages', join(tmp.dir, 'remote.git'), join(tmp.dir, 'clone')]);
    expect(await siteTree(join(tmp.dir, 'clone'))).toEqual(site);
  });

  it('s3: a change deploy with every phase and deletions, killed at each point in turn, never leaves a page without its assets, and the next deploy sends the change', async () => {
    const name = 's3-change';
    const bucket = 'kill-change';
    expect((await deploy(out, config(), { targets: [name], env: S3RVER_ENV })).targets[0].error).toBeUndefined();
    const before = await siteFiles(out);
    const redirectsBefore = await expectedRedirects(out);
    // A post removed (its pages deleted, the listings and their data changed) and another one's title.
    const [gone, edited] = api.corpus.posts.filter((p) => p.status === 'publish');
    api.mutate.deletePost(gone.id);
    api.mutate.editPost(edited.id, { post_title: 'Killed while deploying to S3' });
    await buildInto(tmp.dir, { api: api.url, configFile, handleSignals: false, workers: 0, changed: [parseRef(`post:${gone.id}`), parseRef(`post:${edited.id}`)] });
    const site = await siteFiles(out);
    const changed = [...site].filter(([p, f]) => before.get(p)?.sha256 !== f.sha256).map(([p]) => p);
    // Every point is reached: the change has files of each phase, and deletions.
    expect(new Set(changed.map(phaseOf))).toEqual(new Set(['assets', 'pages', 'hosts']));
    expect([...before.keys()].some((p) => !site.has(p))).toBe(true);
    const marker = async () => JSON.parse(await (await reader.send(new GetObjectCommand({ Bucket: bucket, Key: '.pressroom/deploy.json' }))).Body!.transformToString()) as { release: string };
    const held = (await marker()).release;
    for (const point of DEPLOY_KILL_POINTS) {
      await killedDeploy(name, point);
      expect(await bucketMissingAssets(reader, bucket), point).toEqual([]);
      expect((await marker()).release, point).toBe(held);
    }
    const next = await deploy(out, config(), { targets: [name], env: S3RVER_ENV });
    expect(next.targets[0].error).toBeUndefined();
    expect(next.targets[0].full).toBe(false);
    // The change, not the site: its files and the redirect objects that are new or point elsewhere.
    const redirects = await expectedRedirects(out);
    const redirected = [...redirects].filter(([k, to]) => redirectsBefore.get(k) !== to).length;
    expect(next.targets[0].uploaded).toBe(changed.length + redirected);
    expect(await bucketDiff(reader, bucket, site, redirects)).toEqual([]);
    expect((await marker()).release).not.toBe(held);
  });
});
