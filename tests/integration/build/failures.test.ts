// A killed or failed build leaves the previous out/ byte for byte as it was
// (docs/cli.md, "Exit codes"), through the real CLI.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recover } from '../../../src/publish/swap.ts';
import type { SampleApi } from '../../../src/sample-api/index.ts';
import { treeHashes } from '../../helpers/files.ts';
import { spawnCli, startTestApi, tempDir, TEST_NOW, waitForStderr } from '../../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let before: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi({ posts: 80 });
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  tmp = await tempDir('pressroom-fail-');
  out = join(tmp.dir, 'out');
  // The previous site: any published out/ with its manifest.
  await mkdir(join(out, 'news', 'old-post'), { recursive: true });
  await writeFile(join(out, 'index.html'), '<!doctype html><title>previous</title>');
  await writeFile(join(out, 'news', 'old-post', 'index.html'), '<!doctype html><title>old post</title>');
  await writeFile(join(out, 'pressroom-manifest.json'), '{"version":1,"files":[]}\n');
  before = await treeHashes(out);
  return () => tmp.cleanup();
});

/** Beside out/ only a run lock of the dead build may remain (taken over by the next build), never a staging or old folder. */
const lockOnly = async () => (await readdir(tmp.dir)).filter((n) => n === 'out.lock');

describe('a build that does not finish', () => {
  it('SIGKILLed in the middle of rendering leaves the previous out/ unchanged', async () => {
    api.setFaults(null);
    const run = spawnCli(['build', '--api', api.url, '--out', out, '--now', TEST_NOW]);
    // Plain progress lines (stderr is a pipe): wait until pages are being written.
    await waitForStderr(run, /render: \d+\/\d+/);
    const staged = (await readdir(tmp.dir)).filter((n) => n.startsWith('out.staging-'));
    run.child.kill('SIGKILL');
    const { signal } = await run.exit;
    expect(signal).toBe('SIGKILL');
    expect(staged).toEqual([`out.staging-${run.child.pid}`]);
    expect(await treeHashes(out)).toEqual(before);
    // The next build's start removes the dead build's staging folder and keeps out/.
    await recover(out);
    expect((await readdir(tmp.dir)).filter((n) => n.startsWith('out.'))).toEqual(await lockOnly());
    expect(await treeHashes(out)).toEqual(before);
  });

  it('fails with exit code 4 naming the endpoint when the API is down during the crawl', async () => {
    api.setFaults('error=1,path=/api/post/postdetails/*');
    try {
      const run = spawnCli(['build', '--api', api.url, '--out', out, '--now', TEST_NOW, '--quiet']);
      const { code } = await run.exit;
      expect(code).toBe(4);
      expect(run.stderr()).toMatch(/^error PR_API_STATUS: The content API answered 503 for GET \/api\/post\/postdetails\/[^\s]+\n  hint: /m);
      expect(await treeHashes(out)).toEqual(before);
      expect((await readdir(tmp.dir)).filter((n) => n.startsWith('out.'))).toEqual(await lockOnly());
    } finally {
      api.setFaults(null);
    }
  });

  it('fails with exit code 2 and the usage hint on a bad flag, touching nothing', async () => {
    const run = spawnCli(['build', '--out', out, '--log-format', 'xml']);
    expect((await run.exit).code).toBe(2);
    expect(run.stderr()).toMatch(/^error PR_USAGE: .*--log-format/m);
    expect(await treeHashes(out)).toEqual(before);
  });

  it('fails with exit code 3 naming the flag on a bad configuration value, touching nothing', async () => {
    const run = spawnCli(['build', '--api', api.url, '--out', out, '--concurrency', 'lots']);
    expect((await run.exit).code).toBe(3);
    expect(run.stderr()).toMatch(/^error PR_CONFIG_INVALID: Invalid configuration at crawl\.concurrency \(--concurrency\): expected an integer/m);
    expect(await treeHashes(out)).toEqual(before);
  });
});
