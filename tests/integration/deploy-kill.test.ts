// kill -9 during a deploy (docs/deploying.md, "The order"): `pressroom deploy` SIGKILLs itself
// after each phase (PRESSROOM_KILL_AT, src/runtime/kill-point.ts DEPLOY_KILL_POINTS). At that moment
// no page on the target references an asset the target lacks (assets go first, and the marker
// last); the next deploy converges: the target holds out/ byte for byte.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, type DeployConfig } from '../../src/deploy/index.ts';
import type { TargetConfig } from '../../src/deploy/types.ts';
import { DEPLOY_KILL_POINTS } from '../../src/runtime/kill-point.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { listFiles, treeHashes } from '../helpers/files.ts';
import { buildInto, ROOT, spawnCli, startTestApi, tempDir } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let configFile: string;
const targets: TargetConfig[] = [];

async function siteTree(root: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await treeHashes(root)).filter(([p]) => !p.startsWith('.pressroom/') && !p.startsWith('.git/')));
}

/** Files of the site a page on the target references (scripts, styles, images of out/) that the target does not have. */
async function missingAssets(root: string): Promise<string[]> {
  const have = new Set(await listFiles(root).catch(() => [] as string[]));
  const missing = new Set<string>();
  for (const page of [...have].filter((p) => p.endsWith('.html'))) {
    const html = await readFile(join(root, page), 'utf8');
    for (const m of html.matchAll(/(?:src|href)="\/([^"#?]+\.(?:js|css|svg|png|json|webmanifest))"/g)) if (!have.has(m[1])) missing.add(`${page} -> ${m[1]}`);
  }
  return [...missing].sort();
}

const config = (): DeployConfig => ({ deploy: targets, purge: [], shrinkGate: 0.1, site: { url: 'https://news.example.com', basePath: '' } });

beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-deploy-kill-');
  out = join(tmp.dir, 'out');
  await buildInto(tmp.dir, { api: api.url, handleSignals: false, workers: 0 });
  for (const point of DEPLOY_KILL_POINTS) targets.push({ name: `box-${point}`, type: 'rsync', dest: join(tmp.dir, `www-${point}`) });
  execFileSync('git', ['init', '--bare', '--quiet', join(tmp.dir, 'remote.git')]);
  targets.push({ name: 'pages', type: 'git', remote: join(tmp.dir, 'remote.git'), branch: 'gh-pages' });
  const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
  configFile = join(tmp.dir, 'site.json');
  await writeFile(configFile, JSON.stringify({ ...site, $schema: undefined, deploy: targets }));
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

async function killedDeploy(target: string, point: string): Promise<void> {
  const run = spawnCli(['deploy', '--config', configFile, '--out', out, '--target', target, '--quiet'], { PRESSROOM_KILL_AT: point });
  const exit = await run.exit;
  expect(exit.signal, `exit code ${exit.code}\n${run.stderr()}`).toBe('SIGKILL');
}

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

  it('a change deploy killed before its marker is sent again (the change, not the site), and nothing is lost; git killed before the push too', async () => {
    const point = 'deploy-pages';
    const name = `box-${point}`;
    const www = join(tmp.dir, `www-${point}`);
    await deploy(out, config(), { targets: [name, 'pages'] });
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: 'Killed while deploying' });
    const build = await buildInto(tmp.dir, { api: api.url, handleSignals: false, workers: 0, changed: [parseRef(`post:${post.id}`)] });
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
});
