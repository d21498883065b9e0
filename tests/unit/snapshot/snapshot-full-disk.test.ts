// A snapshot save on a full disk: the staged base is written to /dev/full
// (every write fails with ENOSPC, as on a full file system, without mounting
// one), through a symbolic link at its name. The save fails with the output
// error and removes what it staged; nothing is left to reject unhandled (which
// ended a build with exit 1 before).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { lstat, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isPressroomError } from '../../../src/errors/errors.ts';
import { SNAPSHOT_FILE, STAGED_SUFFIX, Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { testDir } from '../../helpers/temp.ts';

let dir: string;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => void unhandled.push(e);
beforeEach(async () => {
  dir = await testDir('pr-snap-full-');
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  process.off('unhandledRejection', onUnhandled);
});

/** Resolves after the rejections of the turn that just ended were reported (Node reports them before the next macrotask). */
const afterRejectionsReported = () => new Promise((ok) => setImmediate(ok));

describe.skipIf(!existsSync('/dev/full'))('Snapshot.prepareSave on a full disk', () => {
  it('fails with PR_OUTPUT_WRITE naming the folder, removes the staged base and leaves no unhandled rejection', async () => {
    const s = new Snapshot();
    // Far more than a write stream's buffer, so the writer waits for room while the error comes.
    for (let i = 0; i < 2000; i++) s.set(`/api/post/postdetails/news/p${i}`, { status: 200, body: { i, text: 'x'.repeat(200) } });
    const staged = join(dir, `${SNAPSHOT_FILE}${STAGED_SUFFIX}`);
    await symlink('/dev/full', staged);
    const e = await s.prepareSave(dir).then(() => undefined, (x: unknown) => x);
    expect(isPressroomError(e) && e.code).toBe('PR_OUTPUT_WRITE');
    expect((e as Error).message).toContain(dir);
    expect((e as Error).message).toMatch(/ENOSPC/);
    await afterRejectionsReported();
    expect(unhandled).toEqual([]);
    expect(await lstat(staged).then(() => 'there', () => 'gone')).toBe('gone');
    expect(await readdir(dir)).toEqual([]);
  });
});
