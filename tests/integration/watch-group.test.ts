// `pressroom watch` as a process group (docs/operations.md, "Publishing on change"): the
// pressroom process and the watcher's own process (cli/watch-process.js) are one group, so a
// signal to the group reaches the watcher itself. SIGKILL of the group during a build stops
// the watcher with that build: nothing is published after the kill (a watcher in a group of its
// own went on and published). SIGINT to the group (a terminal's Ctrl-C) comes to the watcher
// twice, directly and passed on by the parent, and is still one request: the running build
// finishes and publishes. The run lock names the watcher while it builds.
//
// A build is held at a gate in front of the API, so each signal comes while a build runs, on any machine.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhook/signature.ts';
import { lockFileFor, type LockInfo } from '../../src/publish/lock.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { startGateProxy, type GateProxy } from '../helpers/gate-proxy.ts';
import { spawnCli, startTestApi, tempDir, waitForStderr, type CliRun } from '../helpers/pressroom.ts';

const SECRET = 'group-secret';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  api = await startTestApi({ posts: 12 });
  tmp = await tempDir('pressroom-watch-group-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

/** A watcher in a process group of its own, through the real CLI, whose webhook build (`ads`) is held at the gate. */
async function watcherHeldInABuild(out: string): Promise<{ run: CliRun; gate: GateProxy }> {
  const gate = await startGateProxy(api.url);
  const run = spawnCli(['watch', '--api', gate.url, '--out', out, '--port', '0', '--poll', '1h', '--workers', '0', '--log-format', 'json'], { PRESSROOM_WEBHOOK_SECRET: SECRET }, { detached: true });
  await waitForStderr(run, /"type":"publish","refs":"poll"/);
  gate.close();
  const body = '["ads"]';
  const r = await fetch(`${run.stdout().trim()}/hooks/publish`, { method: 'POST', body, headers: { 'x-pressroom-signature-256': signBody(SECRET, body) } });
  expect(r.status).toBe(202);
  await gate.held();
  return { run, gate };
}

const events = (run: CliRun) => run.stderr().trim().split('\n').map((l) => JSON.parse(l) as { type: string; refs?: unknown });
/** The process group of a process (Linux: field 5 of /proc/PID/stat, after the parenthesised name). */
const groupOf = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
};
/** Resolves when the pressroom process itself has exited (its `close` waits for the watcher too: it holds the same stderr). */
const exited = (run: CliRun) => new Promise<void>((ok) => (run.child.exitCode !== null || run.child.signalCode !== null ? ok() : run.child.once('exit', () => ok())));

describe('pressroom watch as a process group', () => {
  it('names the watcher in the run lock; SIGKILL of the group stops the watcher with its build: nothing is published after it', async () => {
    const out = join(tmp.dir, 'killed', 'out');
    const { run, gate } = await watcherHeldInABuild(out);
    try {
      const lock = JSON.parse(await readFile(lockFileFor(out), 'utf8')) as LockInfo;
      expect(lock.command).toBe('watch');
      // The watcher's own process holds it, in the pressroom process's group.
      expect(lock.pid).not.toBe(run.child.pid);
      expect(await groupOf(lock.pid)).toBe(run.child.pid);
      process.kill(-run.child.pid!, 'SIGKILL');
      await exited(run);
      // A watcher that outlived the kill would now publish the held build and log it.
      gate.open();
      expect(await run.exit).toEqual({ code: null, signal: 'SIGKILL' });
      expect(events(run).map((e) => e.type)).toEqual(['listening', 'publish']);
    } finally {
      gate.open();
      await gate.stop();
      if (run.child.exitCode === null && run.child.signalCode === null) process.kill(-run.child.pid!, 'SIGKILL');
    }
  });

  it('SIGINT to the group (Ctrl-C) reaches the watcher twice, and is one request: the running build publishes, then it exits 0', async () => {
    const out = join(tmp.dir, 'interrupted', 'out');
    const { run, gate } = await watcherHeldInABuild(out);
    try {
      process.kill(-run.child.pid!, 'SIGINT');
      await waitForStderr(run, /"type":"stopping"/);
      gate.open();
      expect(await run.exit).toEqual({ code: 0, signal: null });
      const seen = events(run);
      expect(seen.map((e) => e.type)).toEqual(['listening', 'publish', 'stopping', 'publish']);
      expect(seen[3].refs).toEqual(['ads']);
    } finally {
      gate.open();
      await gate.stop();
      if (run.child.exitCode === null && run.child.signalCode === null) process.kill(-run.child.pid!, 'SIGKILL');
    }
  });
});
