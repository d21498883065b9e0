// The run lock (docs/operations.md, "The run lock and exit codes"): two builds (or a build and a
// rollback) on one output never overlap. The lock is `out.lock` beside out/, created with O_EXCL,
// atomic on local POSIX file systems: the loser exits with PR_LOCKED (exit 7) naming the holder.
//
// A SIGKILLed build leaves its lock: one whose holder on this host is gone (ESRCH) is stale and
// taken over by renaming it aside (atomic, one winner) and checking it is still the stale lock read;
// if a faster contender replaced it, the live lock is put back and reported as held. Another host's
// lock is never taken over: the operator removes it.
import { hostname } from 'node:os';
import { link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { readFileSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { outputWriteError, writeFaultAfterOpen } from '../files/write-fault.ts';

export interface LockInfo {
  pid: number;
  host: string;
  /** ISO-8601 wall-clock time the holder started. */
  startedAt: string;
  /** What the holder runs, e.g. `build` or `rollback`. */
  command: string;
}

export interface RunLock {
  readonly file: string;
  readonly info: LockInfo;
  /** Removes the lock (idempotent). */
  release(): Promise<void>;
}

export interface LockOptions {
  command: string;
  /** Release the lock on SIGINT/SIGTERM, then let the signal end the process (default true). */
  handleSignals?: boolean;
  /** A lock file that cannot be parsed (its writer died between create and write) is stale after this long. */
  unreadableStaleMs?: number;
}

export const lockFileFor = (out: string): string => join(dirname(resolve(out)), `${basename(resolve(out))}.lock`);

/** Whether a process id is alive on this host (EPERM: alive, just not ours). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): LockInfo | undefined {
  try {
    const v = JSON.parse(text) as LockInfo;
    return Number.isInteger(v?.pid) && typeof v.host === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the current lock, if any (for `pressroom releases` and messages). */
export async function readLock(out: string): Promise<LockInfo | undefined> {
  return parse(await readFile(lockFileFor(out), 'utf8').catch(() => ''));
}

export async function acquireLock(out: string, opts: LockOptions): Promise<RunLock> {
  const file = lockFileFor(out);
  const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command: opts.command };
  const text = `${JSON.stringify(info)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await tryCreate(file, text)) return held(file, info, opts.handleSignals ?? true);
    const raw = await readFile(file, 'utf8').catch(() => undefined);
    if (raw === undefined) continue; // released between our create and read: try again
    const holder = parse(raw);
    if (!(await isStale(file, holder, opts.unreadableStaleMs ?? 10_000))) throw lockedError(out, holder);
    await takeOver(file, raw);
  }
  throw lockedError(out, await readLock(out));
}

async function tryCreate(file: string, text: string): Promise<boolean> {
  // Written to a private name, then hard-linked into place (EEXIST like O_EXCL), so never seen
  // half-written. The private file goes however this ends (a full disk once left an empty one).
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    try {
      await mkdir(dirname(file), { recursive: true });
      const fh = await open(tmp, 'w');
      try {
        await writeFaultAfterOpen(tmp);
        await fh.writeFile(text);
      } finally {
        await fh.close();
      }
    } catch (e) {
      // EACCES, ENOSPC, EROFS...: the folder holding out/ cannot be written, which is no bug.
      throw outputWriteError(file, e);
    }
    try {
      await link(tmp, file);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      // File systems without hard links: fall back to an exclusive create.
      if ((e as NodeJS.ErrnoException).code === 'EPERM' || (e as NodeJS.ErrnoException).code === 'ENOTSUP') return exclusiveCreate(file, text);
      throw outputWriteError(file, e);
    }
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

async function exclusiveCreate(file: string, text: string): Promise<boolean> {
  let created = false;
  try {
    const fh = await open(file, 'wx');
    created = true;
    try {
      await fh.writeFile(text);
    } finally {
      await fh.close();
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST' && !created) return false;
    // Ours, half-written (a full disk): no lock is better than one nobody can read.
    if (created) await unlink(file).catch(() => undefined);
    throw outputWriteError(file, e);
  }
}

async function isStale(file: string, holder: LockInfo | undefined, unreadableStaleMs: number): Promise<boolean> {
  if (!holder) {
    const s = await stat(file).catch(() => undefined);
    return !s || Date.now() - s.mtimeMs > unreadableStaleMs;
  }
  return holder.host === hostname() && holder.pid !== process.pid && !pidAlive(holder.pid);
}

async function takeOver(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}`;
  try {
    await rename(file, aside);
  } catch {
    return; // someone else moved or removed it first
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved === staleText) {
    await unlink(aside).catch(() => undefined);
    return;
  }
  // We moved a live lock that replaced the stale one meanwhile: put it back.
  await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

function lockedError(out: string, holder: LockInfo | undefined) {
  return pressroomError('PR_LOCKED', {
    out: resolve(out),
    pid: holder ? `${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ''}, ${holder.command}` : 'unknown',
    since: holder?.startedAt ?? 'unknown',
  });
}

function held(file: string, info: LockInfo, handleSignals: boolean): RunLock {
  let released = false;
  const ours = `${JSON.stringify(info)}\n`;
  const releaseSync = () => {
    if (released) return;
    released = true;
    try {
      // Only our own lock: never remove one a later run took over.
      if (readFileSync(file, 'utf8') === ours) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    releaseSync();
    detach();
    // Default action of the signal: the process ends with 128 + signo, as the shell expects.
    process.kill(process.pid, signal);
  };
  const detach = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  if (handleSignals) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return {
    file,
    info,
    async release() {
      detach();
      if (released) return;
      released = true;
      const now = await readFile(file, 'utf8').catch(() => undefined);
      if (now === ours) await unlink(file).catch(() => undefined);
    },
  };
}
