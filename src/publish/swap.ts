// Atomic publish (docs/architecture.md, "emit"): a failed or killed build leaves out/ as it was.
//
// Decision: rename swaps of real folders, not a symlink flip: some deploy tools skip or refuse
// symlinks. Two trees (./paths.ts): out/ and the spare (the site one publish ago). A complete staging
// folder or the updated spare is swapped in by
//   rename out -> out.old-<pid>;  rename new tree -> out;  rename out.old-<pid> -> spare
// so nothing is deleted on the way. A SIGKILL:
// - before the first rename leaves out/ untouched;
// - between the first two leaves out.old-<pid> and no out/: the next command of any kind renames it
//   back first (`recover`; docs/decisions/0103-publish-kill-recovery.md);
// - after the second leaves the new site (the old folder is removed, the spare rebuilt, later).
// Stale folders of dead processes are removed on start; live ones are left.
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { killPoint } from '../runtime/kill-point.ts';
import { outputWriteError } from '../files/write-fault.ts';
import { outPaths } from './paths.ts';
import { forgetSpare, spareHolds, type SiteId } from './spare.ts';

export const stagingDirFor = (out: string, pid = process.pid): string => outPaths(out).staging(pid);

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const exists = (p: string) => stat(p).then(() => true, () => false);
const RESTORED_MEANWHILE: ReadonlySet<string> = new Set(['ENOENT', 'EEXIST', 'ENOTEMPTY']);

/**
 * Restores an interrupted publish and removes dead builds' staging/old folders. Every command reading
 * out/ runs it first, without the lock (docs/decisions/0103-publish-kill-recovery.md): live builds'
 * folders are untouched, and of two restoring commands one renames and the other finds out/ back.
 */
export async function recover(out: string): Promise<string[]> {
  const abs = resolve(out);
  const parent = dirname(abs);
  const base = basename(abs);
  const names = await readdir(parent).catch(() => [] as string[]);
  // And the run lock's private file, which a full disk could leave behind.
  const re = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:(staging|old)-(\\d+)|lock\\.(\\d+)\\.tmp)$`);
  const stale = names
    .map((n) => ({ n, m: re.exec(n) }))
    .filter((x): x is { n: string; m: RegExpExecArray } => x.m !== null)
    .map(({ n, m }) => ({ n, kind: m[1] ?? 'lock', pid: Number(m[2] ?? m[3]) }))
    .filter((x) => !alive(x.pid))
    .sort((a, b) => (a.n < b.n ? -1 : 1));
  const done: string[] = [];
  if (!(await exists(abs))) {
    const old = stale.find((x) => x.kind === 'old');
    if (old) {
      try {
        await rename(join(parent, old.n), abs);
        done.push(`restored ${old.n} to ${base} (a publish was interrupted)`);
      } catch (e) {
        // ENOENT: another command restored it first; EEXIST, ENOTEMPTY: out/ is back meanwhile.
        if (!RESTORED_MEANWHILE.has((e as NodeJS.ErrnoException).code ?? '')) {
          throw pressroomError('PR_OUTPUT_PUBLISH', { out: abs, detail: `cannot restore ${old.n}, left by an interrupted publish: ${(e as Error).message}` }, e);
        }
      }
      stale.splice(stale.indexOf(old), 1);
    }
  }
  for (const x of stale) {
    await rm(join(parent, x.n), { recursive: true, force: true }).catch((e: unknown) => {
      throw outputWriteError(join(parent, x.n), e);
    });
    done.push(`removed ${x.n} (left by dead build ${x.pid})`);
  }
  return done;
}

/** Swaps `tree` in as out/; the old out/ becomes the spare, recorded as `previous` when known. */
export async function swapIn(tree: string, out: string, previous?: SiteId): Promise<void> {
  const p = outPaths(out);
  const old = p.old();
  const had = await exists(p.out);
  await forgetSpare(out);
  if (tree !== p.spare) await rm(p.spare, { recursive: true, force: true });
  try {
    if (had) await rename(p.out, old);
  } catch (e) {
    throw pressroomError('PR_OUTPUT_PUBLISH', { out: p.out, detail: (e as Error).message }, e);
  }
  killPoint('swap');
  try {
    await rename(tree, p.out);
  } catch (e) {
    if (had) await rename(old, p.out).catch(() => undefined);
    throw pressroomError('PR_OUTPUT_PUBLISH', { out: p.out, detail: (e as Error).message }, e);
  }
  if (!had) return;
  try {
    await rename(old, p.spare);
    if (previous) await spareHolds(out, previous);
  } catch {
    // The site is published; a spare that could not be kept is rebuilt by the next publish.
    await rm(old, { recursive: true, force: true });
  }
}
