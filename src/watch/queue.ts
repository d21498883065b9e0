// The watcher's scheduler (docs/operations.md, "Publishing on change"): a state machine between
// webhooks and build(), with clock, timers and build injected so its rules test without a server.
//
//   idle --webhook--> waiting --debounce--> building --ok--> idle (or waiting / building again)
//                                              |
//                                              +--failure--> backing-off --delay--> building
//
// - REFs arriving while waiting, building or backing off join one pending set (by formatRef): a
//   burst is one build, plus at most one for what came during it.
// - The debounce counts from a batch's first webhook, so a chatty CMS cannot postpone publishing.
// - A failed build's REFs go back (keeping the oldest arrival) and retry after 1x, 2x, 4x... the
//   initial delay, capped; new webhooks do not cut a back-off short.
// - The poll asks for a full conditional build, which covers every change, so it takes the pending
//   REFs: right after a running build, or as the retry during a back-off.
// - A REF that cannot be fetched never fails a build; /status lists it (src/crawl/dropped-refs.ts).
import type { DroppedRef } from '../crawl/dropped-refs.ts';
import { formatRef, type Ref } from '../webhook/refs.ts';
import { isPressroomError } from '../errors/errors.ts';
import type { BuildReport } from '../pipeline/types.ts';

/** 'preparing': the watcher is making the spare tree and reading the snapshot at start (src/watch/index.ts); the queue itself is one of the others. */
export type WatchState = 'preparing' | 'idle' | 'waiting' | 'building' | 'backing-off';
/** What one build covers: the REFs of a change-driven build, or 'full' (the poll). */
export type BuildScope = readonly Ref[] | 'full';
export type RunBuild = (scope: BuildScope) => Promise<BuildReport>;

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface PublishRecord {
  at: string;
  /** The REFs published, or "poll" for a full build. */
  refs: string[] | 'poll';
  /** From the first webhook of the batch being received to published; null for a poll that covered no webhook. */
  latencyMs: number | null;
  release: string;
  rendered: number;
  reused: number;
  deleted: number;
  warnings: number;
  durationMs: number;
  /** The REFs of the batch left out because what they name cannot be fetched; absent when none was. */
  dropped?: DroppedRef[];
}

/** A REF a publish left out (PublishRecord.dropped), with when. */
export type DroppedRecord = DroppedRef & { at: string };

/** How many dropped REFs /status keeps (the newest). */
export const DROPPED_KEPT = 50;

export interface ErrorRecord {
  at: string;
  code: string;
  message: string;
  /** Consecutive failures so far (1 for the first). */
  attempt: number;
  refs: string[] | 'poll';
  /** When the retry starts. */
  retryAt: string;
  /** The stack of an error that is not in the catalogue (a bug): logged, not served on /status. */
  stack?: string;
}

export interface WatchStatus {
  state: WatchState;
  /** Pending REFs (not counting the ones of a build that is running). */
  queue: number;
  /** A full build (the poll) is due next. */
  fullPending: boolean;
  building: { refs: string[] | 'poll'; startedAt: string } | null;
  lastPublish: PublishRecord | null;
  lastError: ErrorRecord | null;
  /** The REFs publishes left out because what they name cannot be fetched, oldest first (the last DROPPED_KEPT). */
  dropped: DroppedRecord[];
  counters: { builds: number; failures: number; webhooks: number };
  nextPollAt: string | null;
  nextRetryAt: string | null;
}

export interface QueueOptions {
  runBuild: RunBuild;
  debounceMs: number;
  /** null: no poll. */
  pollMs: number | null;
  backoff: { initialMs: number; maxMs: number };
  timers?: Timers;
  onPublish?(p: PublishRecord): void;
  onFailure?(e: ErrorRecord): void;
  /** After a build's outcome is recorded, when nothing waits for the next: the process's housekeeping (still 'building' on /status). */
  whenIdle?(): void;
}

/** The delay before retry `attempt` (1-based): initial, doubling, capped. */
export const backoffDelay = (attempt: number, b: QueueOptions['backoff']): number => Math.min(b.maxMs, b.initialMs * 2 ** Math.min(attempt - 1, 30));

export class WatchQueue {
  private state: WatchState = 'idle';
  private pending = new Map<string, Ref>();
  /** Arrival of the oldest pending REF's webhook. */
  private pendingSince: number | null = null;
  private fullWanted = false;
  private timer: unknown = null;
  private timerAt: number | null = null;
  private pollTimer: unknown = null;
  private nextPollAt: number | null = null;
  private current: { scope: string[] | 'poll'; startedAt: number; done: Promise<void> } | null = null;
  private attempt = 0;
  private stopped = false;
  private lastPublish: PublishRecord | null = null;
  private lastError: ErrorRecord | null = null;
  private dropped: DroppedRecord[] = [];
  private counters = { builds: 0, failures: 0, webhooks: 0 };
  private readonly t: Timers;

  constructor(private readonly o: QueueOptions) {
    this.t = o.timers ?? realTimers;
  }

  /** Starts the poll; the first one is due at once, so changes made while the watcher was down are published. */
  start(): void {
    if (this.o.pollMs !== null) this.schedulePoll(0);
  }

  /** Adds the REFs of one accepted webhook; returns the pending count, or null once stopped (nothing would build them). */
  add(refs: readonly Ref[], receivedAt = this.t.now()): number | null {
    if (this.stopped) return null;
    this.counters.webhooks += 1;
    for (const r of refs) this.pending.set(formatRef(r), r);
    this.pendingSince = Math.min(this.pendingSince ?? receivedAt, receivedAt);
    if (this.state === 'idle') this.wait();
    return this.pending.size;
  }

  status(): WatchStatus {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      state: this.state,
      queue: this.pending.size,
      fullPending: this.fullWanted,
      building: this.current && { refs: this.current.scope, startedAt: new Date(this.current.startedAt).toISOString() },
      lastPublish: this.lastPublish,
      lastError: this.lastError && { ...this.lastError, stack: undefined },
      dropped: [...this.dropped],
      counters: { ...this.counters },
      nextPollAt: iso(this.nextPollAt),
      nextRetryAt: this.state === 'backing-off' ? iso(this.timerAt) : null,
    };
  }

  /** Cancels the timers and resolves once the running build (if any) has finished. Pending REFs are dropped: the next start's poll covers them. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    if (this.pollTimer !== null) this.t.clearTimeout(this.pollTimer);
    this.pollTimer = null;
    this.nextPollAt = null;
    await this.current?.done;
  }

  private wait(): void {
    this.state = 'waiting';
    const at = (this.pendingSince ?? this.t.now()) + this.o.debounceMs;
    this.setTimer(Math.max(0, at - this.t.now()), () => this.launch());
  }

  private schedulePoll(ms: number): void {
    this.nextPollAt = this.t.now() + ms;
    this.pollTimer = this.t.setTimeout(() => this.poll(), ms);
  }

  private poll(): void {
    if (this.stopped || this.o.pollMs === null) return;
    this.schedulePoll(this.o.pollMs);
    this.fullWanted = true;
    if (this.state === 'idle' || this.state === 'waiting') this.launch();
  }

  private launch(): void {
    this.clearTimer();
    if (this.stopped) return;
    const full = this.fullWanted;
    const taken = new Map(this.pending);
    const since = this.pendingSince;
    this.pending.clear();
    this.pendingSince = null;
    this.fullWanted = false;
    const scope: string[] | 'poll' = full ? 'poll' : [...taken.keys()];
    const startedAt = this.t.now();
    this.state = 'building';
    this.counters.builds += 1;
    this.current = { scope, startedAt, done: this.run(full ? 'full' : [...taken.values()], scope, startedAt, taken, since) };
  }

  /** One build and what follows it; never rejects (a failure is retried, not thrown). */
  private async run(what: BuildScope, scope: string[] | 'poll', startedAt: number, taken: Map<string, Ref>, since: number | null): Promise<void> {
    let retryIn: number | null = null;
    try {
      // Through a resolved promise: a runBuild that throws at once still fails after launch() has recorded the build.
      this.succeeded(await Promise.resolve().then(() => this.o.runBuild(what)), scope, startedAt, since);
    } catch (e) {
      retryIn = this.failed(e, scope, taken, since, what === 'full');
    }
    if (this.pending.size === 0 && !this.fullWanted) notify(this.o.whenIdle, undefined);
    this.current = null;
    this.next(retryIn);
  }

  private succeeded(r: BuildReport, scope: string[] | 'poll', startedAt: number, since: number | null): void {
    const now = this.t.now();
    const at = new Date(now).toISOString();
    this.attempt = 0;
    const dropped = r.changed?.dropped ?? [];
    if (dropped.length) this.dropped = [...this.dropped, ...dropped.map((d) => ({ ...d, at }))].slice(-DROPPED_KEPT);
    this.lastPublish = {
      at,
      refs: scope,
      latencyMs: since === null ? null : now - since,
      release: r.release,
      rendered: r.incremental.rendered,
      reused: r.incremental.reused,
      deleted: r.incremental.deleted,
      warnings: r.warnings.length,
      durationMs: now - startedAt,
      ...(dropped.length ? { dropped } : {}),
    };
    notify(this.o.onPublish, this.lastPublish);
  }

  /** Puts the build's REFs back and returns the back-off before its retry. */
  private failed(e: unknown, scope: string[] | 'poll', taken: Map<string, Ref>, since: number | null, full: boolean): number {
    this.counters.failures += 1;
    this.attempt += 1;
    // The failed build's REFs first, then what arrived meanwhile; the oldest arrival stays the batch's start.
    this.pending = new Map([...taken, ...this.pending]);
    if (since !== null) this.pendingSince = Math.min(since, this.pendingSince ?? since);
    this.fullWanted ||= full;
    const delay = backoffDelay(this.attempt, this.o.backoff);
    const now = this.t.now();
    this.lastError = {
      at: new Date(now).toISOString(),
      code: isPressroomError(e) ? e.code : 'PR_INTERNAL',
      message: isPressroomError(e) ? e.message : String((e as Error)?.message ?? e),
      attempt: this.attempt,
      refs: scope,
      retryAt: new Date(now + delay).toISOString(),
      ...(!isPressroomError(e) && e instanceof Error && e.stack ? { stack: e.stack } : {}),
    };
    notify(this.o.onFailure, this.lastError);
    return delay;
  }

  private next(retryIn: number | null): void {
    if (this.stopped) this.state = 'idle';
    else if (retryIn !== null) {
      this.state = 'backing-off';
      this.setTimer(retryIn, () => this.launch());
    } else if (this.fullWanted) this.launch();
    else if (this.pending.size > 0) this.wait();
    else this.state = 'idle';
  }

  private setTimer(ms: number, fn: () => void): void {
    this.clearTimer();
    this.timerAt = this.t.now() + ms;
    this.timer = this.t.setTimeout(fn, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.t.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = null;
  }
}

/** A log line that cannot be written (stderr closed) must not stop the watcher. */
function notify<T>(fn: ((v: T) => void) | undefined, v: T): void {
  try {
    fn?.(v);
  } catch {
    /* the status endpoint still has it */
  }
}
