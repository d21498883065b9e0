// The embedded sample is explicit: with no API configured and no --sample a
// build stops naming both ways out, and a sample build never replaces a site
// built from a real API.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPressroomError } from '../../../src/errors/errors.ts';
import type { SampleApi } from '../../../src/sample-api/index.ts';
import { treeHashes } from '../../helpers/files.ts';
import { buildInto, spawnCli, startTestApi, tempDir, TEST_NOW } from '../../helpers/pressroom.ts';

const POSTS = 30;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let api: SampleApi;

beforeAll(async () => {
  tmp = await tempDir('pressroom-sample-mode-');
  api = await startTestApi({ posts: POSTS });
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

const exists = (p: string) => stat(p).then(() => true, () => false);

describe('no API and no --sample', () => {
  it('fails in-process with PR_CONFIG_NO_API and writes nothing', async () => {
    const dir = join(tmp.dir, 'none');
    const err = await buildInto(dir, { handleSignals: false }).catch((e: unknown) => e);
    expect(isPressroomError(err) && err.code).toBe('PR_CONFIG_NO_API');
    expect(await exists(join(dir, 'out'))).toBe(false);
    expect(await exists(join(dir, '.pressroom', 'snapshot'))).toBe(false);
  });

  it('exits 3 through the CLI with an error naming --api (or PRESSROOM_API) and --sample', async () => {
    const out = join(tmp.dir, 'cli', 'out');
    const run = spawnCli(['build', '--out', out, '--now', TEST_NOW], { PRESSROOM_API: '' });
    expect((await run.exit).code).toBe(3);
    expect(run.stderr()).toMatch(/^error PR_CONFIG_NO_API: No content API is configured/m);
    expect(run.stderr()).toMatch(/hint: .*PRESSROOM_API or --api URL.*--sample/);
    expect(await exists(out)).toBe(false);
  });
});

describe('a sample build over a site built from a real API', () => {
  it('is refused with PR_SAMPLE_OVER_API (exit 8) and leaves the published site as it was', async () => {
    const dir = join(tmp.dir, 'real');
    await buildInto(dir, { api: api.url, handleSignals: false });
    const out = join(dir, 'out');
    const before = await treeHashes(out);
    const err = await buildInto(dir, { sample: { posts: POSTS }, handleSignals: false }).catch((e: unknown) => e);
    expect(isPressroomError(err) && err.code).toBe('PR_SAMPLE_OVER_API');
    expect(isPressroomError(err) && err.exitCode).toBe(8);
    expect(isPressroomError(err) && err.message).toContain(api.url);
    expect(await treeHashes(out)).toEqual(before);
    const manifest = JSON.parse(await readFile(join(out, 'pressroom-manifest.json'), 'utf8'));
    expect(manifest.source).toEqual({ kind: 'api', base: api.url });
  });
});
