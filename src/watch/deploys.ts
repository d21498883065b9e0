// The watcher's deploys (docs/deploying.md, "Watch"): after each publish, every configured target
// is brought up to the new release and the caches purged, from the session's change list (no
// release record is read back). A deploy runs beside the watcher's builds, never before them: a
// target that is down does not hold back the next publish to out/ nor the other targets. A target
// that fails is retried on its own with the queue's backoff (./queue.ts backoffDelay: 1 s, doubling,
// capped); a publish meanwhile only marks it pending, and its next attempt sends the union of the
// changes since what it holds. /status shows each target's release, when, its error and whether it
// is behind; the log has a line per deploy.
import { deploy, type DeployConfig, type ErrorInfo, type PurgeReport, type TargetReport } from '../deploy/index.ts';
import type { DeployKept } from '../deploy/kept.ts';
import { backoffDelay, type Timers } from './queue.ts';

export interface TargetStatus {
  /** The release the target holds, as far as this process knows (null: not deployed by it yet). */
  release: string | null;
  /** When it last received one (ISO). */
  at: string | null;
  /** The last attempt's error, until a deploy succeeds. */
  error?: ErrorInfo & { attempt: number; retryAt: string };
  /** Whether a newer release waits for it. */
  pending: boolean;
}

export interface DeployLogLine {
  report: TargetReport;
  attempt: number;
  retryInMs?: number;
}

export interface WatchDeploysOptions {
  out: string;
  config: DeployConfig;
  session: DeployKept;
  backoff: { initialMs: number; maxMs: number };
  timers: Timers;
  env?: Record<string, string | undefined>;
  log(line: DeployLogLine): void;
  /** One line per purge a deploy ran (a purge the cache refused is not retried: the next publish's purge names its own paths). */
  logPurge?(report: PurgeReport): void;
}

interface TargetState {
  status: TargetStatus;
  attempt: number;
  /** When a failed target may be tried again (timers.now()). */
  retryAt: number;
  timer?: unknown;
}

export class WatchDeploys {
  readonly #o: WatchDeploysOptions;
  readonly #targets = new Map<string, TargetState>();
  #running: Promise<void> | null = null;
  #again = false;
  #closed = false;

  constructor(o: WatchDeploysOptions) {
    this.#o = o;
    for (const t of o.config.deploy) this.#targets.set(t.name, { status: { release: null, at: null, pending: false }, attempt: 0, retryAt: 0 });
  }

  /** A publish recorded a release: every target is behind until it receives it. */
  published(): void {
    for (const s of this.#targets.values()) s.status.pending = true;
    this.#kick();
  }

  status(): Record<string, TargetStatus> {
    return Object.fromEntries([...this.#targets].map(([name, s]) => [name, { ...s.status }]));
  }

  /** Lets the running deploy finish; no retry starts after. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const s of this.#targets.values()) if (s.timer !== undefined) this.#o.timers.clearTimeout(s.timer);
    await this.#running;
  }

  #kick(): void {
    if (this.#closed) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = null;
      // A kick that came as the loop was ending (after its last check) starts it again.
      if (this.#again) this.#kick();
    });
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      const now = this.#o.timers.now();
      const due = [...this.#targets].filter(([, s]) => s.status.pending && s.retryAt <= now).map(([name]) => name);
      // A retry's timer can fire a little before `retryAt` by timers.now() (timers and the wall clock
      // are different clocks), or while a deploy runs: a target still waiting is armed again, or no
      // timer would be left to retry it.
      for (const s of this.#targets.values()) if (s.status.pending && s.retryAt > now && s.timer === undefined) this.#arm(s, s.retryAt - now);
      if (due.length === 0) return;
      for (const name of due) this.#targets.get(name)!.status.pending = false;
      const report: { targets: TargetReport[]; purges?: PurgeReport[] } = await deploy(this.#o.out, this.#o.config, { targets: due, session: this.#o.session, env: this.#o.env }).catch((e: Error) => ({
        // A failure before any target (the release unreadable): each target retries.
        targets: due.map((name): TargetReport => ({ name, type: this.#o.config.deploy.find((t) => t.name === name)!.type, release: null, from: null, full: false, source: 'none', uploaded: 0, bytes: 0, deleted: 0, redirects: 0, requests: 0, ms: 0, error: { code: (e as { code?: string }).code ?? 'PR_INTERNAL', message: e.message, hint: '' } })),
      }));
      for (const r of report.targets) this.#settle(r);
      for (const p of report.purges ?? []) if (!p.skipped) this.#o.logPurge?.(p);
    } while (this.#again && !this.#closed);
  }

  #settle(r: TargetReport): void {
    const s = this.#targets.get(r.name)!;
    if (!r.error) {
      s.attempt = 0;
      s.retryAt = 0;
      s.status = { release: r.release, at: new Date(this.#o.timers.now()).toISOString(), pending: s.status.pending };
      this.#o.log({ report: r, attempt: 1 });
      return;
    }
    s.attempt += 1;
    const delay = backoffDelay(s.attempt, this.#o.backoff);
    s.retryAt = this.#o.timers.now() + delay;
    s.status = { ...s.status, pending: true, error: { ...r.error, attempt: s.attempt, retryAt: new Date(s.retryAt).toISOString() } };
    this.#o.log({ report: r, attempt: s.attempt, retryInMs: delay });
    this.#arm(s, delay);
  }

  #arm(s: TargetState, delay: number): void {
    if (this.#closed) return;
    if (s.timer !== undefined) this.#o.timers.clearTimeout(s.timer);
    s.timer = this.#o.timers.setTimeout(() => {
      s.timer = undefined;
      this.#kick();
    }, delay);
  }
}
