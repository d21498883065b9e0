// How warnings are printed, for every command that reports them (build, crawl,
// build --shard, merge, watch): as text lines for people, as JSON lines for log
// shippers (--log-format json), and the count the summary lines end with. The
// warnings themselves are catalogued in src/errors/warnings.ts; the report
// (--json) carries them as they are.
import type { Warning } from '../src/errors/warnings.ts';

type Out = { write(s: string): unknown };

/** More would bury the summary line; --json and --log-format json carry them all. */
export const MAX_WARNINGS_SHOWN = 20;

/** `warning W_QUARANTINE: /api/advertisement/get_active: ad 103 left out: duration_time: …` */
export function warningText(w: Warning): string {
  return `warning ${w.code}: ${w.message}`;
}

/** Up to MAX_WARNINGS_SHOWN lines, then how many more; nothing with --quiet. */
export function printWarnings(stream: Out, warnings: readonly Warning[], opts: { quiet?: boolean } = {}): void {
  if (opts.quiet) return;
  for (const w of warnings.slice(0, MAX_WARNINGS_SHOWN)) stream.write(`${warningText(w)}\n`);
  if (warnings.length > MAX_WARNINGS_SHOWN) stream.write(`… ${warnings.length - MAX_WARNINGS_SHOWN} more warnings (see --json)\n`);
}

/** The fields of a JSON log line for one warning (the line adds `time`). */
export function warningRecord(w: Warning): { type: 'warning'; code: string; message: string; route?: string } {
  return { type: 'warning', code: w.code, message: w.message, ...(w.route === undefined ? {} : { route: w.route }) };
}

// The summary lines' warning count is the catalogue's (the watcher's log, in src/, writes it too).
export { warningCount } from '../src/errors/warnings.ts';
