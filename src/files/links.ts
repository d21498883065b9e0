// Carrying files over without rewriting them, so rsync and CDNs see only real changes
// (docs/operations.md, "Incremental builds"). A hard link shares bytes and mtime by construction;
// safe because a published file is never edited in place. Where links are impossible (EXDEV, or
// no support), the file is copied and its times set to the source's.
import { copyFile, mkdir, rm, stat, utimes } from 'node:fs/promises';
import { linkFast, mkdirFast } from './fs-calls.ts';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import pLimit from 'p-limit';
import { pressroomError } from '../errors/errors.ts';
import { outputWriteError } from './write-fault.ts';

const FALLBACK: ReadonlySet<string> = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK', 'EOPNOTSUPP']);

/** Links (or copies with its mtime) `from` to `to`, creating `to`'s folder. */
export async function carryFile(from: string, to: string, dirs?: Map<string, Promise<unknown>>): Promise<void> {
  const dir = dirname(to);
  let made = dirs?.get(dir);
  if (!made) {
    made = mkdirFast(dir);
    dirs?.set(dir, made);
  }
  try {
    await made;
    await linkFast(from, to);
  } catch (e) {
    if (!FALLBACK.has((e as NodeJS.ErrnoException).code ?? '')) {
      throw pressroomError('PR_OUTPUT_WRITE', { file: to, detail: `cannot carry over ${from}: ${(e as Error).message}` }, e);
    }
    try {
      await copyFile(from, to);
      const s = await stat(from);
      await utimes(to, s.atime, s.mtime);
    } catch (e2) {
      // A copy cut short (a full disk) is no file of the site: it goes, whatever tree it was for.
      await rm(to, { force: true }).catch(() => undefined);
      throw pressroomError('PR_OUTPUT_WRITE', { file: to, detail: (e2 as Error).message }, e2);
    }
  }
}

/**
 * Every regular file under `root`, as sorted '/'-separated relative paths. Symlinks are neither
 * followed nor listed; a missing `root` is an error.
 */
export async function listTree(root: string): Promise<string[]> {
  await stat(root);
  const files = await fg('**', { cwd: root, onlyFiles: true, dot: true, followSymbolicLinks: false, suppressErrors: false });
  return files.sort();
}

/** Carries a whole tree over (releases, rollback). */
export async function carryTree(from: string, to: string, concurrency = 32): Promise<number> {
  const files = await listTree(from);
  const dirs = new Map<string, Promise<unknown>>();
  const limit = pLimit(concurrency);
  await mkdir(to, { recursive: true }).catch((e: unknown) => {
    throw outputWriteError(to, e);
  });
  await Promise.all(files.map((rel) => limit(() => carryFile(join(from, rel), join(to, rel), dirs))));
  return files.length;
}
