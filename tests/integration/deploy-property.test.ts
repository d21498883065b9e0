// The deploy's property (docs/deploying.md, "Deploy targets"): a seeded sequence of edits of the
// sample API, each published by a change-driven build in one publish session as pressroom watch
// runs them, and each deployed from the session's change list (src/deploy/kept.ts) to an rsync
// folder and a git branch. After every step each target holds out/ byte for byte, the change came
// from the session (no record read back, no listing), and it sent exactly the files the publish changed.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, type DeployConfig } from '../../src/deploy/index.ts';
import { build, rehearse, snapshotDirFor, type BuildOptions } from '../../src/pipeline/index.ts';
import { loadPrevious } from '../../src/pipeline/snapshot.ts';
import { PublishSession } from '../../src/pipeline/session.ts';
import { randomEdits } from '../../src/sample-api/random-edits.ts';
import { startSampleApi, type SampleApi } from '../../src/sample-api/index.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { treeHashes } from '../helpers/files.ts';
import { ROOT, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

const SEED = Number(process.env.PRESSROOM_DEPLOY_SEED ?? 7);
const STEPS = Number(process.env.PRESSROOM_DEPLOY_STEPS ?? 30);

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  api = await startSampleApi({ posts: 12, seed: SEED, today: TEST_NOW });
  tmp = await tempDir('pressroom-deploy-property-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

async function siteTree(root: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await treeHashes(root)).filter(([p]) => !p.startsWith('.pressroom/') && !p.startsWith('.git/')));
}

describe(`deploys follow every publish (seed ${SEED})`, () => {
  it(`after each of ${STEPS} random edits, rsync and git hold out/ and received only the change`, async () => {
    const out = join(tmp.dir, 'out');
    const base: BuildOptions = { api: api.url, now: TEST_NOW, configFile: join(ROOT, 'config/site.json'), env: {}, handleSignals: false, workers: 0, out };
    await build(base);
    execFileSync('git', ['init', '--bare', '--quiet', join(tmp.dir, 'remote.git')]);
    const config: DeployConfig = {
      deploy: [
        { name: 'box', type: 'rsync', dest: join(tmp.dir, 'www') },
        { name: 'pages', type: 'git', remote: join(tmp.dir, 'remote.git'), branch: 'gh-pages' },
      ],
      purge: [],
      shrinkGate: 0.1,
      site: { url: 'https://news.example.com', basePath: '' },
    };
    expect((await deploy(out, config)).ok).toBe(true);
    const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
    await rehearse({ ...base, session });
    const next = randomEdits(SEED, api.corpus, api.mutate);
    for (let step = 1; step <= STEPS; step++) {
      const edit = next();
      const r = await build({ ...base, session, changed: edit.refs.map(parseRef) });
      const report = await deploy(out, config, { session: session.deploy });
      const site = await siteTree(out);
      const changed = r.releaseChange!.changed ?? [];
      const label = `step ${step}: ${edit.label}`;
      for (const t of report.targets) {
        expect(t.error, label).toBeUndefined();
        expect(t.release, label).toBe(r.release);
        // A publish that changed no file keeps its parent's record: the targets hold it already.
        if (r.incremental.changedFiles === 0) expect(t, label).toMatchObject({ source: 'none', uploaded: 0, deleted: 0, requests: 0 });
        else expect(t, label).toMatchObject({ source: 'session', full: false, uploaded: changed.filter((p) => p in site).length });
      }
      expect(await siteTree(join(tmp.dir, 'www')), label).toEqual(site);
      const clone = join(tmp.dir, `clone-${step}`);
      execFileSync('git', ['clone', '--quiet', '--branch', 'gh-pages', join(tmp.dir, 'remote.git'), clone]);
      expect(await siteTree(clone), label).toEqual(site);
      await rm(clone, { recursive: true, force: true });
    }
  });
});
