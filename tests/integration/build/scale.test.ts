// Building at scale (docs/scale.md): the render pool gives the
// same bytes for any thread count, shards plus merge give the bytes of one
// build, a thread that throws or a killed merge leaves out/ as it was.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { MANIFEST_FILE, partsIn, readSiteFiles } from '../../../src/emit/index.ts';
import { SHARD_FILE } from '../../../src/pipeline/shard.ts';
import type { SampleApi } from '../../../src/sample-api/index.ts';
import { treeHashes } from '../../helpers/files.ts';
import { buildInto, spawnCli, startTestApi, tempDir, TEST_NOW, waitForStderr } from '../../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let snapshotDir: string;
let single: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi({ posts: 60 });
  tmp = await tempDir('pressroom-scale-');
  // The reference: one build on the main thread; its saved snapshot feeds every other build here.
  await buildInto(join(tmp.dir, 'w0'), { api: api.url, workers: 0, handleSignals: false });
  snapshotDir = join(tmp.dir, 'w0', '.pressroom', 'snapshot');
  single = await treeHashes(join(tmp.dir, 'w0', 'out'));
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

describe('the render pool', () => {
  it('gives byte-identical out/ with 1, 2 and 3 threads', async () => {
    for (const workers of [1, 2, 3]) {
      const report = await buildInto(join(tmp.dir, `w${workers}`), { fromSnapshot: snapshotDir, workers, full: true, handleSignals: false });
      expect(report.workers).toBe(workers);
      expect(await treeHashes(join(tmp.dir, `w${workers}`, 'out'))).toEqual(single);
    }
  });

  it('starts no thread for a build that renders nothing, whatever --workers asks', async () => {
    const report = await buildInto(join(tmp.dir, 'w2'), { fromSnapshot: snapshotDir, workers: 2, handleSignals: false });
    expect(report.incremental.rendered).toBe(0);
    expect(report.workers).toBe(0);
    expect(await treeHashes(join(tmp.dir, 'w2', 'out'))).toEqual(single);
  });

  it('fails the build naming the route when a thread throws, and leaves out/ unchanged', async () => {
    // A post whose date is a number: the article page's date formatting throws in the thread.
    const { snapshot, meta } = await Snapshot.load(snapshotDir);
    const path = snapshot.paths().find((p) => p.startsWith('/api/post/postdetails/'))!;
    const entry = snapshot.get(path)!;
    const body = structuredClone(entry.body) as { result: Record<string, unknown>[] };
    body.result[0]!.post_date = 12;
    snapshot.set(path, { status: entry.status, body });
    const broken = join(tmp.dir, 'broken-snapshot');
    await snapshot.save(broken, meta);

    const dir = join(tmp.dir, 'w2');
    const before = await treeHashes(join(dir, 'out'));
    const run = spawnCli(['build', '--from-snapshot', broken, '--out', join(dir, 'out'), '--workers', '2', '--quiet', '--now', TEST_NOW]);
    expect((await run.exit).code).toBe(5);
    const slug = path.split('/').pop()!;
    expect(run.stderr()).toMatch(new RegExp(`^error PR_RENDER_FAILED: Rendering /[^/]+/${slug} failed: TypeError`, 'm'));
    expect(await treeHashes(join(dir, 'out'))).toEqual(before);
  });
});

describe('shards and merge', () => {
  let shards: string[] = [];
  beforeAll(() => {
    shards = [1, 2, 3].map((i) => join(tmp.dir, `shard-${i}`));
  });

  it('build --shard 1/3..3/3 then merge equals one build, manifest included; pressroom diff agrees', async () => {
    for (const [i, dir] of shards.entries()) {
      const run = spawnCli(['build', '--shard', `${i + 1}/3`, '--from-snapshot', snapshotDir, '--out', dir, '--quiet']);
      expect((await run.exit).code, run.stderr()).toBe(0);
      expect(run.stderr()).toMatch(new RegExp(`^shard ${i + 1}/3: \\d+ of \\d+ pages`, 'm'));
    }
    const counts = await Promise.all(shards.map(async (d) => JSON.parse(await readFile(join(d, SHARD_FILE), 'utf8')).pages.length as number));
    const single0 = join(tmp.dir, 'w0', 'out');
    const routes = [...(await readSiteFiles(await readFile(join(single0, MANIFEST_FILE), 'utf8'), partsIn(single0))).keys()].filter((f) => f.endsWith('.html')).length;
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(counts.reduce((a, b) => a + b)).toBeLessThanOrEqual(routes);

    const out = join(tmp.dir, 'merged', 'out');
    const merge = spawnCli(['merge', ...shards, '--from-snapshot', snapshotDir, '--out', out, '--quiet']);
    expect((await merge.exit).code, merge.stderr()).toBe(0);
    expect(await treeHashes(out)).toEqual(single);
    expect(await readFile(join(out, MANIFEST_FILE), 'utf8')).toBe(await readFile(join(tmp.dir, 'w0', 'out', MANIFEST_FILE), 'utf8'));
    const diff = spawnCli(['diff', out, join(tmp.dir, 'w0', 'out')]);
    expect((await diff.exit).code).toBe(0);
  });

  it('refuses a missing shard, a repeated one and a tampered page with exit 2, touching nothing', async () => {
    const out = join(tmp.dir, 'merged', 'out');
    const before = await treeHashes(out);
    const missing = spawnCli(['merge', shards[0]!, shards[2]!, '--from-snapshot', snapshotDir, '--out', out, '--quiet']);
    expect((await missing.exit).code).toBe(2);
    expect(missing.stderr()).toMatch(/^error PR_SHARD_INVALID: Cannot merge the shards: shard\(s\) 2\/3 missing/m);
    const twice = spawnCli(['merge', shards[0]!, shards[0]!, shards[2]!, '--from-snapshot', snapshotDir, '--out', out, '--quiet']);
    expect((await twice.exit).code).toBe(2);
    expect(twice.stderr()).toMatch(/shard 1\/3 given twice/);

    const record = JSON.parse(await readFile(join(shards[1]!, SHARD_FILE), 'utf8'));
    const page = join(shards[1]!, 'pages', record.pages[0].file);
    await writeFile(page, `${await readFile(page, 'utf8')}<!-- edited -->`);
    const tampered = spawnCli(['merge', ...shards, '--from-snapshot', snapshotDir, '--out', out, '--quiet']);
    expect((await tampered.exit).code).toBe(2);
    expect(tampered.stderr()).toMatch(/does not match the sha256 its shard recorded/);
    expect(await treeHashes(out)).toEqual(before);
  });

  it('a merge killed with SIGKILL mid-write leaves out/ as it was', async () => {
    // Shard 2 was tampered above: rebuild it.
    expect((await spawnCli(['build', '--shard', '2/3', '--from-snapshot', snapshotDir, '--out', shards[1]!, '--quiet']).exit).code).toBe(0);
    const out = join(tmp.dir, 'w1', 'out');
    await writeFile(join(out, 'marker.txt'), 'the previous site');
    const before = await treeHashes(out);
    const run = spawnCli(['merge', ...shards, '--from-snapshot', snapshotDir, '--out', out]);
    await waitForStderr(run, /render: \d+\/\d+/);
    run.child.kill('SIGKILL');
    expect((await run.exit).signal).toBe('SIGKILL');
    expect(await treeHashes(out)).toEqual(before);
    expect((await readdir(join(tmp.dir, 'w1'))).filter((n) => n.startsWith('out.staging-')).length).toBeLessThanOrEqual(1);
  });
});
