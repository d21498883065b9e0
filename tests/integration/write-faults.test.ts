// Every write path of a build, failing as a full disk, a spent quota, a
// read-only mount or a folder the user may not write fails it: the build
// exits 6 with PR_OUTPUT_WRITE naming the file
// (never PR_INTERNAL, "This is a bug"), a failure before the swap leaves out/
// byte for byte as it was, and nothing is left beside out/: no lock, no lock's
// private file, no staging folder, no staged snapshot base, no temporary file,
// no release folder half written. The next build then publishes. The faults are
// injected by path (PRESSROOM_FAIL_WRITE, src/files/write-fault.ts), so each
// path is reached whatever the machine allows; tests/integration/full-disk.test.ts
// fills a real tmpfs where one can be mounted.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { debrisBeside, treeHashes } from '../helpers/files.ts';
import { buildInto, spawnCli, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-write-faults-');
  await buildInto(tmp.dir, { api: api.url, handleSignals: false, workers: 0 });
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

interface Case {
  /** PRESSROOM_FAIL_WRITE: the error and a text of the paths it fails. */
  fault: string;
  what: string;
  /** Whether the fault comes after the swap (the new site is out/ already; the build fails all the same). */
  published: boolean;
  args?: string[];
  /** A change-driven build of the edited post (--changed): the one kind that appends to the snapshot's journal. */
  changed?: boolean;
}

const CASES: Case[] = [
  { fault: 'ENOSPC:out.lock', what: "the run lock's private file (a 0-byte out.lock.PID.tmp was left)", published: false },
  { fault: 'EACCES:out.lock', what: 'the run lock, in a folder the user may not write (was PR_INTERNAL)', published: false },
  { fault: 'ENOSPC:out.staging-', what: "emit's staging folder", published: false },
  // While the snapshot saved last is the published site's, a build appends to its journal.
  { fault: 'ENOSPC:journal.ndjson', what: "the snapshot's journal", published: true, changed: true },
  // Prepared by the main thread while a render thread works: an uncaught rejection ended the build with exit 1.
  { fault: 'ENOSPC:snapshot.ndjson.staged', what: 'the staged snapshot base', published: true, args: ['--full', '--workers', '1'] },
  { fault: 'EDQUOT:/objects/', what: 'the release objects', published: true },
  { fault: 'ENOSPC:/releases/', what: 'the release record', published: true },
  // The small files beside out/ (the snapshot's meta.json, the build report) are written as this one is (src/files/atomic-write.ts).
  { fault: 'EROFS:/out/current', what: 'the current release pointer', published: true },
];

describe('a write that fails as on a full, read-only or forbidden disk', () => {
  it.each(CASES)('$fault ($what): exit 6 PR_OUTPUT_WRITE, nothing left beside out/', async ({ fault, published, args = [], changed }) => {
    const out = join(tmp.dir, 'out');
    const before = await treeHashes(out);
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: `Faulted at ${fault}` });
    const run = spawnCli(['build', '--api', api.url, '--out', out, '--now', TEST_NOW, '--workers', '0', '--quiet', ...args, ...(changed ? ['--changed', `post:${post.id}`] : [])], { PRESSROOM_FAIL_WRITE: fault });
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(6);
    expect(run.stderr()).toMatch(/^error PR_OUTPUT_WRITE: Cannot write .+: [A-Z]+: /m);
    expect(run.stderr()).toContain(fault.split(':')[0]);
    expect(run.stderr()).not.toMatch(/PR_INTERNAL|This is a bug/);
    if (!published) expect(await treeHashes(out)).toEqual(before);
    expect(await debrisBeside(tmp.dir)).toEqual([]);
  });

  it('the next build publishes and leaves nothing beside out/ either', async () => {
    const run = spawnCli(['build', '--api', api.url, '--out', join(tmp.dir, 'out'), '--now', TEST_NOW, '--workers', '0', '--quiet']);
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(0);
    expect(await debrisBeside(tmp.dir)).toEqual([]);
  });
});
