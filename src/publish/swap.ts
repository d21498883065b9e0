// Atomic publish (docs/architecture.md, "emit"): a failed or killed build
// leaves the previous out/ byte for byte as it was.
//
// Decision: rename swaps of real folders, not a symlink flip. out/ stays a
// plain folder, which every deploy tool uploads as it is (some skip or refuse
// symlinks: rsync without -L, Docker COPY, artifact uploaders). There are two
// trees (./paths.ts): out/ and the spare, which holds the site one publish
// ago. A build either wrote a complete staging folder (first build, code or
// configuration changed) or only the files that changed (./spare.ts brings the
// spare up to date with them); either way the new tree is swapped in by
//   rename out -> out.old-<pid>;  rename new tree -> out;  rename out.old-<pid> -> spare
// and the old site becomes the spare, so nothing is deleted on the way. A SIGKILL:
// - before the first rename leaves out/ untouched (plus a stale staging folder
//   or a spare marked as being changed);
// - between the first two renames leaves out.old-<pid> complete and no out/:
//   the next Pressroom command of any kind (serve included) renames it back
//   first (`recover`; docs/decisions/0103-publish-kill-recovery.md says why not an exchange of the two names);
// - after the second leaves the new site complete (plus an old folder, removed
//   on the next start; the spare is rebuilt from out/ then).
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
 * Restores an interrupted publish and removes staging/old folders of dead builds. Returns what it did.
 * Every command that reads out/ runs it first (build, merge, watch, rollback, serve, releases, diff:
 * docs/decisions/0103-publish-kill-recovery.md), without the run lock: a live build's folders are never touched, and of two
 * commands restoring at once one renames and the other finds out/ back.
 */
export async function recover(out: string): Promise<string[]> {
  const abs = resolve(out);
  const parent = dirname(abs);
  const base = basename(abs);
  const names = await readdir(parent).catch(() => [] as string[]);
  // Also the run lock's private file (src/publish/lock.ts): before it was removed on every failure,
  // a full disk left an empty one that no later build took away.
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

/**
 * Swaps `tree` (a complete new site: a staging folder or the updated spare) in
 * as out/; the previous out/ becomes the spare, recorded as holding
 * `previous` when that is known.
 */
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
