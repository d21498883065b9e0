// Refused webhooks in the log (docs/operations.md, "Logs"): one line per refusal with reason and
// address, so a wrong secret shows in the journal. Rate-limited per reason so a looping sender cannot
// fill the disk: the first `perWindow` per window are logged, the rest counted in one line at the
// window's end. The clock is the watcher's Timers, moved by hand in tests.
import type { Timers } from './queue.ts';
import type { RejectReason } from './webhook-guard.ts';

export interface Rejection {
  reason: RejectReason;
  /** The HTTP status answered. */
  status: number;
  /** The peer's address (the socket's: a proxy in front shows as itself; X-Forwarded-For is not trusted). */
  address: string;
  /** For a wrong method or path: what was asked, e.g. `GET /hooks/publish`. */
  request?: string;
}

export interface RejectionSink {
  rejected(r: Rejection): void;
  suppressed(reason: RejectReason, count: number, windowMs: number): void;
}

export const REJECTION_LOG_LIMIT = { perWindow: 10, windowMs: 60_000 } as const;

interface Window {
  logged: number;
  suppressed: number;
  timer: unknown;
}

export class RejectionLog {
  private readonly windows = new Map<RejectReason, Window>();

  constructor(
    private readonly sink: RejectionSink,
    private readonly timers: Timers,
    private readonly limit: { perWindow: number; windowMs: number } = REJECTION_LOG_LIMIT,
  ) {}

  add(r: Rejection): void {
    let w = this.windows.get(r.reason);
    if (!w) {
      // The window starts with its first refusal; its timer is the one place the summary is written.
      w = { logged: 0, suppressed: 0, timer: this.timers.setTimeout(() => this.end(r.reason), this.limit.windowMs) };
      this.windows.set(r.reason, w);
    }
    if (w.logged < this.limit.perWindow) {
      w.logged += 1;
      this.sink.rejected(r);
    } else w.suppressed += 1;
  }

  /** Writes the summaries of the open windows now and cancels their timers (the watcher is stopping). */
  close(): void {
    for (const [reason, w] of this.windows) {
      this.timers.clearTimeout(w.timer);
      this.end(reason);
    }
  }

  private end(reason: RejectReason): void {
    const w = this.windows.get(reason);
    if (!w) return;
    this.windows.delete(reason);
    if (w.suppressed > 0) this.sink.suppressed(reason, w.suppressed, this.limit.windowMs);
  }
}
