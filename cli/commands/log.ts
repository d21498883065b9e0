// `--log-format json`: the build's feedback as one JSON object per line on
// stderr (stdout stays for `--json`'s report), for log shippers. Each line has
// `time` (ISO-8601) and `type`: stage-start {stage, total?}, progress {stage,
// done, total, growing?} (when the text lines print one: at each tenth, when a
// growing total grows, and every 2 s with elapsedMs), stage-end {stage, ms},
// info {message}, warning {code, message, route?}, summary {...} and, from cli/main.js,
// error {code, exit, message, hint}.
import type { BuildEvent, BuildReport } from '../../src/pipeline/index.ts';
import { progressPacer, type Ticker } from '../progress-pace.ts';
import { warningRecord } from '../output.ts';

type Out = { write(s: string): unknown };

export interface JsonLog {
  onEvent(e: BuildEvent): void;
  /** Stops the interval's progress lines (a build that failed mid-stage). */
  stop(): void;
  warnings(r: BuildReport): void;
  /** `wallMs`: since the process started (the text summary's time); `ms` is the build's own. */
  summary(r: BuildReport, wallMs?: number): void;
}

export function jsonLog(stream: Out, opts: { quiet?: boolean; now?: () => Date; ticker?: Ticker } = {}): JsonLog {
  const now = opts.now ?? (() => new Date());
  const line = (o: Record<string, unknown>) => stream.write(`${JSON.stringify({ time: now().toISOString(), ...o })}\n`);
  // A tick of a stage with no count yet (plan, bundle) prints nothing: a progress line always has done and total.
  const pacer = progressPacer(({ progress, tick }) => void (progress && line({ ...progress, ...(tick ? { elapsedMs: Math.round(tick.elapsedMs) } : {}) })), { ticker: opts.ticker });
  return {
    onEvent(e) {
      if (opts.quiet) return;
      if (e.type !== 'progress') line({ ...e });
      pacer.onEvent(e);
    },
    stop: () => pacer.stop(),
    warnings(r) {
      for (const w of r.warnings) line(warningRecord(w));
    },
    summary(r, wallMs) {
      const i = r.incremental;
      line({
        type: 'summary',
        ok: true,
        out: r.out,
        source: r.source,
        routes: r.routes,
        pages: r.pages,
        files: r.files,
        bytes: r.bytes,
        ms: r.timings.total,
        ...(wallMs !== undefined ? { wallMs } : {}),
        pagesPerSecond: r.pagesPerSecond,
        warnings: r.warnings.length,
        quarantined: r.quarantined.length,
        mode: i.mode,
        rendered: i.rendered,
        reused: i.reused,
        deleted: i.deleted,
        requests: r.requests,
        notModified: r.notModified,
        retries: r.retries,
        release: r.release,
      });
    },
  };
}
