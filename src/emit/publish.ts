// Staging and atomic publish (docs/architecture.md, "emit"): a failed or killed
// build leaves the previous out/ byte for byte as it was.
//
// Decision: a rename swap of real folders, not a symlink flip. out/ stays a
// plain folder, which every deploy tool uploads as it is (some skip or refuse
// symlinks: rsync without -L, Docker COPY, artifact uploaders). The build
// writes `out.staging-<pid>` beside out/ (same parent, so the same file
// system, so rename(2) is atomic), then renames out -> out.old-<pid>, staging
// -> out, and removes the old folder. A SIGKILL:
// - before the first rename leaves out/ untouched (plus a stale staging folder);
// - between the two renames leaves out.old-<pid> complete: the next build's
//   `recover` renames it back to out/ before doing anything else;
// - after the second rename leaves the new site complete (plus an old folder).
// Stale folders of dead processes are removed on start; live ones are left.
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pressroomError } from '../core/errors.ts';
import { killPoint } from '../core/kill-point.ts';

export const stagingDirFor = (out: string, pid = process.pid): string => join(dirname(resolve(out)), `${basename(resolve(out))}.staging-${pid}`);
export const oldDirFor = (out: string, pid = process.pid): string => join(dirname(resolve(out)), `${basename(resolve(out))}.old-${pid}`);

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

/** Restores an interrupted publish and removes staging/old folders of dead builds. Returns what it did. */
export async function recover(out: string): Promise<string[]> {
  const abs = resolve(out);
  const parent = dirname(abs);
  const base = basename(abs);
  const names = await readdir(parent).catch(() => [] as string[]);
  const re = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(staging|old)-(\\d+)$`);
  const stale = names
    .map((n) => ({ n, m: re.exec(n) }))
    .filter((x): x is { n: string; m: RegExpExecArray } => x.m !== null && !alive(Number(x.m[2])))
    .sort((a, b) => (a.n < b.n ? -1 : 1));
  const done: string[] = [];
  if (!(await exists(abs))) {
    const old = stale.find((x) => x.m[1] === 'old');
    if (old) {
      await rename(join(parent, old.n), abs);
      done.push(`restored ${old.n} to ${base} (a publish was interrupted)`);
      stale.splice(stale.indexOf(old), 1);
    }
  }
  for (const x of stale) {
    await rm(join(parent, x.n), { recursive: true, force: true });
    done.push(`removed ${x.n} (left by dead build ${x.m[2]})`);
  }
  return done;
}

/** Swaps the finished staging folder in as out/. */
export async function publish(staging: string, out: string): Promise<void> {
  const abs = resolve(out);
  const old = oldDirFor(abs);
  const had = await exists(abs);
  try {
    if (had) await rename(abs, old);
  } catch (e) {
    throw pressroomError('PR_OUTPUT_PUBLISH', { out: abs, detail: (e as Error).message }, e);
  }
  killPoint('swap');
  try {
    await rename(staging, abs);
  } catch (e) {
    if (had) await rename(old, abs).catch(() => undefined);
    throw pressroomError('PR_OUTPUT_PUBLISH', { out: abs, detail: (e as Error).message }, e);
  }
  if (had) await rm(old, { recursive: true, force: true });
}
