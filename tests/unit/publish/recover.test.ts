// recover (src/publish/swap.ts) runs at the start of every command that reads the output folder
// (docs/decisions/0103-publish-kill-recovery.md), some of them without the run lock: it restores out/ from the folder a killed
// swap left, removes what dead builds left, never touches what a live one has, and two commands
// restoring the same folder at once both succeed.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { recover } from '../../../src/publish/swap.ts';
import { testDir } from '../../helpers/temp.ts';

/** Above any pid_max (2^22 on Linux): kill(pid, 0) fails with ESRCH, a dead build. */
const DEAD = 99_999_999;
let parent: string;
beforeEach(async () => {
  parent = await testDir('pr-recover-');
});

describe('recover', () => {
  it('of two commands restoring a killed swap at once, one renames out.old-<pid> back and the other finds out/ there', async () => {
    await mkdir(join(parent, `out.old-${DEAD}`));
    await writeFile(join(parent, `out.old-${DEAD}`, 'index.html'), 'the site');
    const both = await Promise.all([recover(join(parent, 'out')), recover(join(parent, 'out'))]);
    expect(both.flat()).toEqual([`restored out.old-${DEAD} to out (a publish was interrupted)`]);
    expect(await readFile(join(parent, 'out', 'index.html'), 'utf8')).toBe('the site');
    expect(await readdir(parent)).toEqual(['out']);
  });

  it("removes a dead build's staging folder and the run lock's private file, and leaves a live one's", async () => {
    await mkdir(join(parent, 'out'));
    await mkdir(join(parent, `out.staging-${DEAD}`));
    await writeFile(join(parent, `out.lock.${DEAD}.tmp`), '');
    await mkdir(join(parent, `out.staging-${process.pid}`));
    await writeFile(join(parent, `out.lock.${process.pid}.tmp`), '');
    const done = await recover(join(parent, 'out'));
    expect(done).toEqual([`removed out.lock.${DEAD}.tmp (left by dead build ${DEAD})`, `removed out.staging-${DEAD} (left by dead build ${DEAD})`]);
    expect((await readdir(parent)).sort()).toEqual(['out', `out.lock.${process.pid}.tmp`, `out.staging-${process.pid}`]);
  });
});
