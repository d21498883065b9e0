// An ad edit writes the ads' mirror file and nothing else (docs/decisions/0116-ads-from-the-mirror.md):
// no page depends on the ads record, so `pressroom build --changed ads`, run as an operator would
// against the sample API with `--mutable`, renders no page, changes exactly
// data/advertisement/get_active.json and its precompressed siblings in out/ and in the manifest, and
// `pressroom diff` against a `--full` build of the same API is clean.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MANIFEST_FILE } from '../../src/emit/manifest-text.ts';
import { partsIn, readSiteFiles } from '../../src/emit/manifest-read.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { treeHashes } from '../helpers/files.ts';
import { ROOT, spawnCli, startTestApi, TEST_NOW, tempDir } from '../helpers/pressroom.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const ADS_FILE = 'data/advertisement/get_active.json';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  api = await startTestApi({ posts: 30, mutable: true });
  tmp = await tempDir('pr-changed-ads-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

/** `pressroom build` through the CLI with the sample's configuration and nginx (so precompressed siblings are written); the JSON report. */
async function cliBuild(out: string, extra: string[]): Promise<any> {
  const run = spawnCli(['build', '--config', join(ROOT, 'config/site.json'), '--api', api.url, '--out', out, '--now', TEST_NOW, '--hosts', 'nginx', '--workers', '0', '--json', '--quiet', ...extra]);
  const { code } = await run.exit;
  expect(code, run.stderr()).toBe(0);
  return JSON.parse(run.stdout());
}

/** Path -> sha256 of every file the manifest in `out` names (its parts and index aside). */
async function manifestFiles(out: string): Promise<Map<string, string>> {
  const files = await readSiteFiles(await readFile(join(out, MANIFEST_FILE), 'utf8'), partsIn(out));
  return new Map([...files].filter(([p]) => !p.startsWith('pressroom-manifest')).map(([p, e]) => [p, e.sha256]));
}

const changedBetween = <V>(a: Map<string, V> | Record<string, V>, b: Map<string, V> | Record<string, V>): string[] => {
  const [x, y] = [a instanceof Map ? a : new Map(Object.entries(a)), b instanceof Map ? b : new Map(Object.entries(b))];
  return [...new Set([...x.keys(), ...y.keys()])].filter((k) => x.get(k) !== y.get(k)).sort();
};

describe('`pressroom build --changed ads`', () => {
  it('after an ad edit renders no page and changes only the ads mirror file and its siblings; the same as a full build', async () => {
    const out = join(tmp.dir, 'site', 'out');
    const first = await cliBuild(out, ['--full']);
    expect(first.routes).toBeGreaterThan(50);
    const before = { manifest: await manifestFiles(out), tree: await treeHashes(out) };
    expect(before.manifest.has(ADS_FILE)).toBe(true);
    expect(Object.keys(before.tree)).toEqual(expect.arrayContaining([`${ADS_FILE}.gz`, `${ADS_FILE}.br`]));

    const ad = api.corpus.ads.find((a) => a.active)!;
    const res = await fetch(`${api.url}/__sample/ads/${ad.banner_id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ banner_name: 'An edited sponsor', dest_url: 'https://edited.example/' }) });
    expect(res.status).toBe(200);
    expect((await res.json()).ref).toBe('ads');

    const r = await cliBuild(out, ['--changed', 'ads']);
    expect(r.incremental).toMatchObject({ mode: 'incremental', rendered: 0 });
    const after = { manifest: await manifestFiles(out), tree: await treeHashes(out) };
    // The manifest lists exactly the ads file as changed; out/ differs in it and its siblings, and in the manifest itself.
    expect(changedBetween(before.manifest, after.manifest)).toEqual([ADS_FILE]);
    expect(changedBetween(before.tree, after.tree).filter((f) => !f.startsWith('pressroom-manifest'))).toEqual([ADS_FILE, `${ADS_FILE}.br`, `${ADS_FILE}.gz`]);
    const mirrored = JSON.parse(await readFile(join(out, ADS_FILE), 'utf8'));
    expect(mirrored.body).toContainEqual(expect.objectContaining({ banner_id: ad.banner_id, banner_name: 'An edited sponsor', dest_url: 'https://edited.example/' }));

    const full = join(tmp.dir, 'full', 'out');
    await cliBuild(full, ['--full']);
    const diff = spawnCli(['diff', out, full]);
    const { code } = await diff.exit;
    expect(diff.stdout() + diff.stderr()).not.toMatch(/changed|added|removed/i);
    expect(code).toBe(0);
  });
});
