// @ts-check
// `pressroom watch` runs in a child process started with a larger young generation
// (docs/decisions/0093-heap-and-gc.md). Each publish allocates 30-70 MB of short-lived lists (routes, files, feed
// items: tens of thousands of items each at 50,000 posts); with V8's default 16 MB
// semi-spaces that was two to four scavenges a story, each costing more the larger the old
// generation (about 3 ms at 10,000 posts, 5 ms at 50,000: `--trace-gc-nvp`). In 64 MB ones,
// emptied between stories (src/runtime/collect.ts), a story runs with none. V8 reads the size
// only when the process starts (v8.setFlagsFromString changes nothing afterwards), and a
// one-off build keeps the default: its peak, which the young generation adds to, is what
// its budget counts. The parent only passes signals on and exits as the child does. Both
// stay in one process group, so a signal to the group (kill -9 of the group, a terminal's
// Ctrl-C, a supervisor's stop) reaches the watcher itself: a child in a group of its own went
// on publishing after its group was killed. Ctrl-C then reaches the watcher twice, directly and
// passed on by the parent, and twice means "stop at once, not after the running build": so
// the parent passes SIGINT and SIGTERM on as a message (PASSED_SIGNAL), which the watcher
// counts apart from the signals it gets itself (cli/commands/watch.ts). The child stops as on
// SIGTERM when the parent goes (its IPC channel closes), so a killed parent leaves no watcher
// holding the lock and the port. A flag given already (node's own or NODE_OPTIONS) is left as
// it is, with no child.

import { spawn } from 'node:child_process';
import { load } from './load.js';

/** MB per semi-space of the watcher's young generation. */
export const WATCH_SEMI_SPACE_MB = 64;
const FLAG = '--max-semi-space-size';
const SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
/**
 * glibc's malloc arenas the watcher may make (its default is eight per core). Its threads (libuv's
 * pool compressing and writing files, the render threads) each take an arena of their own, and
 * what a publish frees there stays mapped: over a 15-minute soak at 2,000 posts the watcher's RSS
 * low point rose 45 MB in the second half with the default and 23 MB with 2, the JavaScript heap's
 * low rising alike in both (bench/HISTORY.md, 2026-12-07). An operator's own value is kept.
 */
export const WATCH_MALLOC_ARENAS = '2';

/** The child's environment: this process's, with MALLOC_ARENA_MAX unless it is set already. */
export function childEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? WATCH_MALLOC_ARENAS };
}

/** The `type` of the message by which the parent passes SIGINT or SIGTERM on: `{ type, signal }`. */
export const PASSED_SIGNAL = 'pressroom:signal';

/**
 * For `pressroom watch` without the flag: runs it in a child process with the flag and
 * resolves with the exit code to end with (or never, when the child ended by a signal: this
 * process then ends by the same one); rejects with PR_WATCH_PROCESS when the child cannot be
 * started. Otherwise undefined: this process runs the command.
 * @param {string[]} argv process.argv
 * @param {string} [node] the node binary to start (tests name one that cannot start)
 * @returns {Promise<number> | undefined}
 */
export function watchInChild(argv, node = process.execPath) {
  if (argv[2] !== 'watch') return undefined;
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((a) => a === FLAG || a.startsWith(`${FLAG}=`))) {
    // The child (or a process started with the flag by hand): stop as on SIGTERM when a parent's channel closes.
    if (process.send) {
      process.channel?.unref();
      process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    }
    return undefined;
  }
  const child = spawn(node, [...process.execArgv, `${FLAG}=${WATCH_SEMI_SPACE_MB}`, argv[1], ...argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: childEnv(),
  });
  /** @param {NodeJS.Signals} s */
  const pass = (s) => {
    // SIGHUP ends the watcher (it has no handler), however many times it comes: passed on as it is.
    if (s === 'SIGHUP' || !child.connected) return void child.kill(s);
    child.send({ type: PASSED_SIGNAL, signal: s }, (e) => e && child.kill(s));
  };
  for (const s of SIGNALS) process.on(s, pass);
  const stopPassing = () => {
    for (const s of SIGNALS) process.off(s, pass);
  };
  return new Promise((resolve, reject) => {
    // A child that cannot start emits no 'exit': its handlers go here too.
    child.on('error', (e) => {
      stopPassing();
      load('../src/errors/errors.ts').then(({ pressroomError }) => reject(pressroomError('PR_WATCH_PROCESS', { node, detail: e.message }, e)), reject);
    });
    child.on('exit', (code, signal) => {
      stopPassing();
      if (signal) process.kill(process.pid, signal);
      else resolve(code ?? 1);
    });
  });
}
