// `pressroom watch`: flags -> startWatch() until SIGINT/SIGTERM (docs/operations.md,
// "Publishing on change"). The first signal stops taking webhooks and lets the
// running build finish (a build is never cut in the middle by the watcher), then
// the command returns and the process exits 0. A second signal ends the process
// at once, like a killed build: out/ stays as it was and the next run takes over
// the lock. A signal the parent process passes on counts apart (stopRequests).
import { pressroomError } from '../../src/errors/errors.ts';
import { readSecret, startWatch } from '../../src/watch/index.ts';
import { watchLog } from '../../src/watch/log.ts';
import { type ConfigurationFlags, configurationOptions } from './build.ts';

export interface WatchFlags extends ConfigurationFlags {
  out: string;
  workers?: number;
  host: string;
  port: number;
  secretFile?: string;
  debounce: number;
  /** false: --poll off. */
  poll: number | false;
  maxBody: number;
  signatureTolerance: number;
  requireTimestamp?: boolean;
  retryInitial: number;
  retryMax: number;
  logFormat: 'text' | 'json';
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
/** The message by which cli/watch-process.js passes a signal on (its PASSED_SIGNAL: that file is not bundled with the commands). */
const PASSED_SIGNAL = 'pressroom:signal';

export async function runWatch(_ctx: unknown, o: WatchFlags): Promise<void> {
  if (o.sample) throw pressroomError('PR_WATCH_SAMPLE');
  const secret = await readSecret(o.secretFile);
  // Builds start threads and processes (render workers, Pagefind): none of them needs the secret.
  delete process.env.PRESSROOM_WEBHOOK_SECRET;
  const watcher = await startWatch({
    // --sample was refused above.
    build: { ...configurationOptions(o), out: o.out, workers: o.workers },
    secret,
    host: o.host,
    port: o.port,
    debounceMs: o.debounce,
    pollMs: o.poll === false ? null : o.poll,
    maxBody: o.maxBody,
    signatureToleranceMs: o.signatureTolerance,
    requireTimestamp: o.requireTimestamp === true,
    backoff: { initialMs: o.retryInitial, maxMs: Math.max(o.retryInitial, o.retryMax) },
    log: watchLog(process.stderr, o.logFormat),
  });
  process.stdout.write(`${watcher.url}\n`);
  const stop = stopRequests();
  try {
    await stop.first;
    await watcher.close();
  } finally {
    stop.dispose();
  }
}

/**
 * The stop requests: the first lets the running build finish, the second ends the process at once
 * (the signal's default action). This process's own SIGINT/SIGTERM and the ones its parent passes
 * on (cli/watch-process.js PASSED_SIGNAL) are counted apart: both processes are in one group, so
 * a terminal's Ctrl-C comes both ways, and that is one request, not two.
 */
function stopRequests(): { first: Promise<void>; dispose(): void } {
  const counts = { own: 0, passed: 0 };
  let stop!: () => void;
  const first = new Promise<void>((ok) => (stop = ok));
  const request = (from: keyof typeof counts, signal: NodeJS.Signals) => {
    counts[from] += 1;
    if (counts[from] === 1) return stop();
    dispose();
    process.kill(process.pid, signal); // no handler left: the signal's default action ends the process
  };
  const own = (s: NodeJS.Signals) => request('own', s);
  const passed = (m: unknown) => {
    const signal = (m as { type?: unknown; signal?: unknown } | null)?.signal;
    if ((m as { type?: unknown } | null)?.type === PASSED_SIGNAL && (signal === 'SIGINT' || signal === 'SIGTERM')) request('passed', signal);
  };
  for (const s of SIGNALS) process.on(s, own);
  // Only in the watcher's own process (cli/watch-process.js): a 'message' listener holds the channel open.
  if (process.send) {
    process.on('message', passed);
    process.channel?.unref();
  }
  function dispose() {
    for (const s of SIGNALS) process.off(s, own);
    process.off('message', passed);
  }
  return { first, dispose };
}
