// `pressroom watch`: flags -> startWatch() until SIGINT/SIGTERM (docs/operations.md,
// "Publishing on change"). The first signal stops taking webhooks and lets the
// running build finish (a build is never cut in the middle by the watcher), then
// the command returns and the process exits 0. A second signal ends the process
// at once, like a killed build: out/ stays as it was and the next run takes over
// the lock.
import { pressroomError } from '../../src/core/errors.ts';
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
  retryInitial: number;
  retryMax: number;
  logFormat: 'text' | 'json';
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

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
    backoff: { initialMs: o.retryInitial, maxMs: Math.max(o.retryInitial, o.retryMax) },
    log: watchLog(process.stderr, o.logFormat),
  });
  process.stdout.write(`${watcher.url}\n`);
  await new Promise<void>((resolve) => {
    const first = () => {
      for (const s of SIGNALS) process.off(s, first);
      resolve();
    };
    for (const s of SIGNALS) process.on(s, first);
  });
  const force = (s: NodeJS.Signals) => {
    for (const x of SIGNALS) process.off(x, force);
    process.kill(process.pid, s); // no handler left: the signal's default action ends the process
  };
  for (const s of SIGNALS) process.on(s, force);
  try {
    await watcher.close();
  } finally {
    for (const s of SIGNALS) process.off(s, force);
  }
}
