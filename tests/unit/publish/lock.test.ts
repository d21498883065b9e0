import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, lstat, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EXIT, isPressroomError } from '../../../src/errors/errors.ts';
import { acquireLock, lockFileFor, readLock } from '../../../src/publish/lock.ts';
import { tempDir, withoutWriteAccess } from '../../helpers/pressroom.ts';

const tmp = async () => (await tempDir('pr-lock-')).dir;
/** root writes anywhere: a child that must meet a folder's mode runs as nobody (tests/helpers/pressroom.ts). */
const unprivileged = withoutWriteAccess();

async function expectLocked(p: Promise<unknown>, naming: string) {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(isPressroomError(e) && e.code).toBe('PR_LOCKED');
  expect(isPressroomError(e) && e.exitCode).toBe(EXIT.busy);
  expect((e as Error).message).toContain(naming);
}

/** A child process that takes the lock of `out` with signal handling on, resolved once it holds it. */
async function lockedChild(out: string) {
  const lockModule = new URL('../../../src/publish/lock.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', `
    const { acquireLock } = await import(${JSON.stringify(lockModule)});
    await acquireLock(${JSON.stringify(out)}, { command: 'build' });
    console.log('locked');
    setInterval(() => {}, 1000);
  `], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((res) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && res()));
  return child;
}

describe('run lock', () => {
  it('a second start on the same output fails at once with PR_LOCKED (exit 7) naming the holder; free again after release', async () => {
    const out = join(await tmp(), 'out');
    const first = await acquireLock(out, { command: 'build', handleSignals: false });
    expect(await readLock(out)).toMatchObject({ pid: process.pid, host: hostname(), command: 'build' });
    // Same pid as holder: a live holder (never taken over as stale).
    await expectLocked(acquireLock(out, { command: 'build', handleSignals: false }), `pid ${process.pid}`);
    await first.release();
    const again = await acquireLock(out, { command: 'build', handleSignals: false });
    await again.release();
    await expect(readFile(lockFileFor(out), 'utf8')).rejects.toThrow();
  });

  it('of concurrent starts exactly one wins', async () => {
    const out = join(await tmp(), 'out');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => acquireLock(out, { command: 'build', handleSignals: false })));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
  });

  it('a lock left by a SIGKILLed process is taken over', async () => {
    const out = join(await tmp(), 'out');
    const child = await lockedChild(out);
    await expectLocked(acquireLock(out, { command: 'build', handleSignals: false }), `pid ${child.pid}`);
    child.kill('SIGKILL');
    await once(child, 'exit');
    const lock = await acquireLock(out, { command: 'build', handleSignals: false });
    expect(lock.info.pid).toBe(process.pid);
    await lock.release();
  });

  it('SIGTERM releases the lock before the process ends', async () => {
    const out = join(await tmp(), 'out');
    const child = await lockedChild(out);
    child.kill('SIGTERM');
    const [, signal] = await once(child, 'exit');
    expect(signal).toBe('SIGTERM');
    await expect(readFile(lockFileFor(out), 'utf8')).rejects.toThrow();
  });

  it('a lock of another host is never taken over', async () => {
    const out = join(await tmp(), 'out');
    await writeFile(lockFileFor(out), JSON.stringify({ pid: 999999, host: 'elsewhere.example', startedAt: '2026-01-01T00:00:00Z', command: 'build' }));
    await expectLocked(acquireLock(out, { command: 'build', handleSignals: false }), 'on elsewhere.example');
  });

  it.skipIf(!existsSync('/dev/full'))('on a full disk: PR_OUTPUT_WRITE (exit 6), and the private file the lock is written to is gone', async () => {
    const parent = await tmp();
    const out = join(parent, 'out');
    // The private file's name leads to /dev/full, where every write fails with ENOSPC after open(2) succeeded.
    const priv = `${lockFileFor(out)}.${process.pid}.tmp`;
    await symlink('/dev/full', priv);
    const e = await acquireLock(out, { command: 'build', handleSignals: false }).then(() => undefined, (x: unknown) => x);
    expect(isPressroomError(e) && e.code).toBe('PR_OUTPUT_WRITE');
    expect(isPressroomError(e) && e.exitCode).toBe(EXIT.output);
    expect((e as Error).message).toMatch(/out\.lock: ENOSPC/);
    expect(await lstat(priv).then(() => 'there', () => 'gone')).toBe('gone');
    expect(await readdir(parent)).toEqual([]);
  });

  it.skipIf(!unprivileged)('in a folder the user may not write: PR_OUTPUT_WRITE (exit 6), not an internal error', async () => {
    const parent = await tmp();
    await chmod(parent, 0o555);
    const lockModule = new URL('../../../src/publish/lock.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', `
      const { acquireLock } = await import(${JSON.stringify(lockModule)});
      try { await acquireLock(${JSON.stringify(join(parent, 'out'))}, { command: 'build', handleSignals: false }); console.log('locked'); }
      catch (e) { console.log(JSON.stringify({ code: e.code, exit: e.exitCode, message: e.message })); }
    `], { stdio: ['ignore', 'pipe', 'inherit'], ...unprivileged });
    let text = '';
    child.stdout!.on('data', (d: Buffer) => (text += d));
    await once(child, 'close');
    expect(JSON.parse(text)).toEqual({ code: 'PR_OUTPUT_WRITE', exit: EXIT.output, message: expect.stringMatching(/out\.lock: EACCES/) });
    expect(await readdir(parent)).toEqual([]);
  });
});
