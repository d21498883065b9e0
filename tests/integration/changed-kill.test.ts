// A change-driven build killed (SIGKILL) at every stage leaves the published
// site as it was, or, once past the swap, the new one complete; the next
// change-driven build succeeds and publishes what a full build of the same API
// state publishes (docs/operations.md, "Publishing on change"). The build
// kills itself at each point through PRESSROOM_KILL_AT (src/runtime/kill-point.ts).
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KILL_POINTS } from '../../src/runtime/kill-point.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { treeHashes } from '../helpers/files.ts';
import { buildInto, spawnCli, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-changed-kill-');
  await buildInto(tmp.dir, { api: api.url, handleSignals: false, workers: 0 });
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

/** Points after which the new site is already published (the swap renamed staging into out/). */
const AFTER_SWAP = new Set(['release', 'snapshot']);

describe('kill -9 during a change-driven build', () => {
  it.each(KILL_POINTS)('at %s: the site is the previous (or the complete new) one, and the next build publishes the change', async (point) => {
    const out = join(tmp.dir, 'out');
    const before = await treeHashes(out);
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: `Killed at ${point}` });
    const args = ['build', '--api', api.url, '--out', out, '--now', TEST_NOW, '--workers', '0', '--quiet', '--changed', `post:${post.id}`];

    const killed = spawnCli([...args, '--json'], { PRESSROOM_KILL_AT: point });
    const exit = await killed.exit;
    // Not killed: how it ended instead (its report or error) is the failure's message.
    expect(exit.signal, `exit code ${exit.code}\n${killed.stderr()}\n${killed.stdout()}`).toBe('SIGKILL');
    if (point === 'swap') {
      // Between the two renames: out/ is out.old-<pid>, complete; the next build's recovery renames it back first.
      const old = (await readdir(tmp.dir)).find((n) => n.startsWith('out.old-'));
      expect(old).toBeDefined();
      expect(await treeHashes(join(tmp.dir, old!))).toEqual(before);
    } else if (!AFTER_SWAP.has(point)) {
      expect(await treeHashes(out)).toEqual(before);
    } else {
      expect(await treeHashes(out)).not.toEqual(before);
    }

    const next = await buildInto(tmp.dir, { api: api.url, handleSignals: false, workers: 0, changed: [parseRef(`post:${post.id}`)] });
    const full = join(tmp.dir, `full-${point}`, 'out');
    await buildInto(join(tmp.dir, `full-${point}`), { api: api.url, full: true, handleSignals: false, workers: 0 });
    expect(await treeHashes(out)).toEqual(await treeHashes(full));
    // Past the swap the saved snapshot is not the published site's: the next build crawls everything (conditionally) to repair that.
    expect(next.changed?.fallback ?? null).toEqual(AFTER_SWAP.has(point) ? expect.stringMatching(/interrupted/) : null);
    await rm(join(tmp.dir, `full-${point}`), { recursive: true, force: true });
  });
});
