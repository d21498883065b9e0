// How long this file system takes to create an inode right now, printed by the benchmarks before
// they build (docs/scale.md, "Measuring on this machine"). On ext4 without a journal the inode
// allocator skips every inode freed in the last 60 s (360 s while its inode-table block is still
// dirty), checking them one by one (fs/ext4/ialloc.c, `recently_deleted`). A benchmark started
// soon after a large tree was deleted (a test run, an earlier benchmark's folders) then creates
// each file several times slower, and a build that writes 25,000 files measures that, not itself.
// The probe's files are left for the caller to remove with its folder at the end: removing them
// here would slow the creations this probe comes before.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folders and files the probe creates: enough to see the allocator's cost, a fraction of a second when it is cheap. */
const FOLDERS = 40;
const FILES_PER_FOLDER = 50;

/** Creates 2,040 empty inodes (40 folders of 50 files) under `dir` (a new folder) and returns the microseconds per inode. */
export function inodeProbe(dir: string): number {
  const started = performance.now();
  for (let f = 0; f < FOLDERS; f++) {
    const folder = join(dir, `f${f}`);
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < FILES_PER_FOLDER; i++) writeFileSync(join(folder, `${i}.txt`), '');
  }
  return ((performance.now() - started) * 1000) / (FOLDERS * (FILES_PER_FOLDER + 1));
}

/** The probe's line for a benchmark's output. */
export function inodeProbeLine(us: number): string {
  const note = us > 40 ? ' (slow: on ext4 without a journal, likely inodes freed in the last minutes being skipped; see docs/scale.md, "Measuring on this machine")' : '';
  return `file system now: ${us.toFixed(0)} µs to create an inode${note}`;
}
