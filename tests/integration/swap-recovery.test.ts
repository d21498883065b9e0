// A publish killed between its two renames (PRESSROOM_KILL_AT=swap) leaves no
// out/, only out.old-<pid>. Every Pressroom command that reads
// out/ restores it before anything else (docs/decisions/0103-publish-kill-recovery.md): here `serve`, which
// used to fail on the missing folder until a build ran, and `releases`.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { debrisBeside, treeHashes } from '../helpers/files.ts';
import { buildInto, spawnCli, startTestApi, tempDir, TEST_NOW, type CliRun } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-swap-recovery-');
  await buildInto(tmp.dir, { api: api.url, handleSignals: false, workers: 0 });
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

/** A change-driven build SIGKILLed between the swap's renames; returns the published tree it took away. */
async function killAtSwap(title: string): Promise<Record<string, string>> {
  const out = join(tmp.dir, 'out');
  const before = await treeHashes(out);
  const post = api.corpus.posts.find((p) => p.status === 'publish')!;
  api.mutate.editPost(post.id, { post_title: title });
  const run = spawnCli(['build', '--api', api.url, '--out', out, '--now', TEST_NOW, '--workers', '0', '--quiet', '--changed', `post:${post.id}`], { PRESSROOM_KILL_AT: 'swap' });
  const exit = await run.exit;
  expect(exit.signal, run.stderr()).toBe('SIGKILL');
  expect(existsSync(out)).toBe(false);
  expect((await readdir(tmp.dir)).filter((n) => n.startsWith('out.old-'))).toHaveLength(1);
  return before;
}

/** Resolves with the first line of stdout (serve prints its URL once it listens). */
function firstLine(run: CliRun): Promise<string> {
  return new Promise((ok, fail) => {
    const check = () => {
      const i = run.stdout().indexOf('\n');
      if (i >= 0) ok(run.stdout().slice(0, i));
    };
    run.child.stdout!.on('data', check);
    run.exit.then(() => fail(new Error(`serve ended: ${run.stderr()}`)));
  });
}

describe('a publish killed between its two renames', () => {
  it('`pressroom serve` restores out/ as it was before it reads it, and serves the site', async () => {
    const before = await killAtSwap('Killed at the swap, then served');
    const out = join(tmp.dir, 'out');
    const serve = spawnCli(['serve', '--out', out, '--port', '0', '--host', '127.0.0.1']);
    try {
      const url = await firstLine(serve);
      expect(await treeHashes(out)).toEqual(before);
      expect(serve.stderr()).toMatch(/note: restored out\.old-\d+ to out \(a publish was interrupted\)/);
      const res = await fetch(`${url}/`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exit;
    }
    // The dead build's lock stays until the next run takes it over; its staging folder is gone.
    expect(await debrisBeside(tmp.dir)).toEqual(['out.lock']);
  });

  it('`pressroom releases` restores it too, and the next build publishes the change', async () => {
    const before = await killAtSwap('Killed at the swap, then listed');
    const out = join(tmp.dir, 'out');
    const list = spawnCli(['releases', '--out', out]);
    expect((await list.exit).code, list.stderr()).toBe(0);
    expect(list.stdout()).toMatch(/^\* /m);
    expect(await treeHashes(out)).toEqual(before);
    const build = spawnCli(['build', '--api', api.url, '--out', out, '--now', TEST_NOW, '--workers', '0', '--quiet']);
    expect((await build.exit).code, build.stderr()).toBe(0);
    expect(await debrisBeside(tmp.dir)).toEqual([]);
  });
});
