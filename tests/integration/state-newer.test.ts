// docs/operations.md, "What sits beside `out/`": a snapshot or build state written by a newer
// Pressroom (a later format version) is refused with PR_STATE_NEWER, and nothing is written: not
// read in part, not saved over with this version's format, out/ left as it was.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentReleaseId, releasePaths } from '../../src/publish/releases.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { treeHashes } from '../helpers/files.ts';
import { buildInto, startTestApi, tempDir } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  api = await startTestApi({ posts: 8 });
  tmp = await tempDir('pressroom-state-newer-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

/** Rewrites a JSON file with its `version` raised past this Pressroom's; returns its bytes. */
async function newer(file: string): Promise<string> {
  const v = JSON.parse(await readFile(file, 'utf8'));
  const text = JSON.stringify({ ...v, version: v.version + 1 });
  await writeFile(file, text);
  return text;
}

describe('state written by a newer Pressroom', () => {
  const opts = () => ({ api: api.url, handleSignals: false, workers: 0 as const });

  it('is refused, the snapshot first, then the build state, leaving both and out/ as they were', async () => {
    const site = join(tmp.dir, 'site');
    await buildInto(site, opts());
    const out = join(site, 'out');
    const before = await treeHashes(out);

    const meta = join(site, '.pressroom', 'snapshot', 'meta.json');
    const original = await readFile(meta, 'utf8');
    const written = await newer(meta);
    // A change-driven build, a scheduled one and a full one alike: only --full reads no snapshot, and the state stops it.
    await expect(buildInto(site, opts())).rejects.toMatchObject({ code: 'PR_STATE_NEWER', params: { what: 'snapshot' } });
    await expect(buildInto(site, { ...opts(), changed: [parseRef('post:1')] })).rejects.toMatchObject({ code: 'PR_STATE_NEWER' });
    expect(await readFile(meta, 'utf8')).toBe(written);
    expect(await treeHashes(out)).toEqual(before);

    await writeFile(meta, original);
    const state = releasePaths(out, (await currentReleaseId(out))!).state;
    const stateText = await newer(state);
    await expect(buildInto(site, { ...opts(), full: true })).rejects.toMatchObject({ code: 'PR_STATE_NEWER', params: { what: 'build state' } });
    expect(await readFile(state, 'utf8')).toBe(stateText);
    expect(await treeHashes(out)).toEqual(before);
  });
});
