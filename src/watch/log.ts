// The watcher's log on stderr: one line per publish, failure and refused webhook (rate-limited:
// ./rejections.ts), and at start and stop, so a log shipper sees each outcome as one record. Text,
// or with --log-format json one object per line, `time` first and `type` naming it (cli/commands/log.ts).
import type { ErrorRecord, PublishRecord } from './queue.ts';
import type { RejectionSink } from './rejections.ts';
import type { DeployLogLine } from './deploys.ts';
import type { PurgeReport } from '../deploy/index.ts';
import { warningCount } from '../errors/warnings.ts';

type Out = { write(s: string): unknown };

// The refusals' lines are optional: a log written for an embedding (the tests' silent logs) need not take them.
export interface WatchLog extends Partial<RejectionSink> {
  listening(info: { url: string; pollMs: number | null; debounceMs: number }): void;
  publish(p: PublishRecord): void;
  failure(e: ErrorRecord, pending: number): void;
  stopping(building: boolean, pending: number): void;
  /** One line per deploy of a target (./deploys.ts); optional, as the refusals are. */
  deploy?(line: DeployLogLine): void;
  /** One line per cache purge after a deploy. */
  purge?(report: PurgeReport): void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** 850 ms -> "0.9s", 65 s -> "1m 5s", 15 min -> "15m": short enough for a log line, exact enough for an operator. */
export function seconds(ms: number): string {
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  const parts = [[Math.floor(s / 3600), 'h'], [Math.floor(s / 60) % 60, 'm'], [s % 60, 's']] as const;
  return parts.filter(([n]) => n > 0).map(([n, unit]) => `${n}${unit}`).join(' ');
}

const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
const what = (refs: string[] | 'poll') => (refs === 'poll' ? '(poll)' : plural(refs.length, 'ref'));

export function watchLog(stream: Out, format: 'text' | 'json', now: () => Date = () => new Date()): Required<WatchLog> {
  const json = (o: Record<string, unknown>) => stream.write(`${JSON.stringify({ time: now().toISOString(), ...o })}\n`);
  const text = (s: string) => stream.write(`${s}\n`);
  return {
    listening({ url, pollMs, debounceMs }) {
      if (format === 'json') return void json({ type: 'listening', url: `${url}/hooks/publish`, pollMs, debounceMs });
      text(`watching: webhooks on POST ${url}/hooks/publish, status on ${url}/status; ${pollMs === null ? 'no poll' : `full build every ${seconds(pollMs)}, the first now`}`);
    },
    publish(p) {
      if (format === 'json') {
        const dropped = p.dropped ? { dropped: p.dropped } : {};
        return void json({ type: 'publish', refs: p.refs, latencyMs: p.latencyMs, durationMs: p.durationMs, release: p.release, rendered: p.rendered, reused: p.reused, deleted: p.deleted, warnings: p.warnings, ...dropped });
      }
      const latency = p.latencyMs === null ? '' : ` (webhook→live ${seconds(p.latencyMs)})`;
      const extra = `${p.deleted ? `, ${count(p.deleted)} deleted` : ''}${warningCount(p.warnings, count)}`;
      // A REF left out is the operator's to fix (the CMS named a path that does not exist): said on the same line.
      const dropped = p.dropped ? `; left out ${p.dropped.map((d) => `${d.ref} (${d.endpoint}: ${d.reason})`).join(', ')}` : '';
      text(`published ${what(p.refs)} in ${seconds(p.durationMs)}${latency}: ${count(p.rendered)} pages rendered, ${count(p.reused)} reused${extra}; release ${p.release}${dropped}`);
    },
    failure(e, pending) {
      const retryInMs = Date.parse(e.retryAt) - Date.parse(e.at);
      if (format === 'json') return void json({ type: 'failure', refs: e.refs, code: e.code, message: e.message, attempt: e.attempt, retryInMs, pending, ...(e.stack ? { stack: e.stack } : {}) });
      // One line: a multi-line message (a configuration error lists its problems) is joined.
      const message = e.message.replace(/\s*\n\s*/g, '; ');
      text(`build ${what(e.refs)} failed (attempt ${e.attempt}, retry in ${seconds(retryInMs)}, ${plural(pending, 'ref')} pending; the site is unchanged): ${e.code}: ${message}`);
      // A bug (an error outside the catalogue) is the one failure worth more lines: its stack.
      if (e.stack) text(e.stack.replace(/^/gm, '  '));
    },
    rejected({ reason, status, address, request }) {
      if (format === 'json') return void json({ type: 'rejected', reason, status, address, ...(request ? { request } : {}) });
      // The request line is the client's text: quoted, so it cannot pass for more of the line.
      text(`rejected a request from ${address}: ${reason} (${status})${request ? `: ${JSON.stringify(request)}` : ''}`);
    },
    suppressed(reason, n, windowMs) {
      if (format === 'json') return void json({ type: 'rejected-suppressed', reason, count: n, windowMs });
      text(`rejected ${plural(n, 'more request')} for ${reason} in ${seconds(windowMs)}, not logged one by one`);
    },
    deploy({ report: r, attempt, retryInMs }) {
      if (format === 'json') return void json({ type: 'deploy', target: r.name, targetType: r.type, release: r.release, uploaded: r.uploaded, bytes: r.bytes, deleted: r.deleted, requests: r.requests, ms: r.ms, ...(r.error ? { code: r.error.code, message: r.error.message, attempt, retryInMs } : {}) });
      if (r.error) return void text(`deploy ${r.name} (${r.type}) failed (attempt ${attempt}, retry in ${seconds(retryInMs ?? 0)}; the site in out/ is published): ${r.error.code}: ${r.error.message.replace(/\s*\n\s*/g, '; ')}`);
      text(`deployed ${r.name} (${r.type}) in ${seconds(r.ms)}: ${plural(r.uploaded, 'file')} sent, ${count(r.deleted)} deleted, ${plural(r.requests, 'request')}; release ${r.release}`);
    },
    purge(r) {
      if (format === 'json') return void json({ type: 'purge', purge: r.name, purgeType: r.type, paths: r.paths, urls: r.urls, requests: r.requests, ms: r.ms, ...(r.error ? { code: r.error.code, message: r.error.message } : {}) });
      if (r.error) return void text(`purge ${r.name} (${r.type}) failed (the files are deployed; the next publish purges its own paths): ${r.error.code}: ${r.error.message.replace(/\s*\n\s*/g, '; ')}`);
      text(`purged ${r.name} (${r.type}) in ${seconds(r.ms)}: ${plural(r.paths, 'path')}, ${plural(r.requests, 'request')}`);
    },
    stopping(building, pending) {
      if (format === 'json') return void json({ type: 'stopping', building, pending });
      const left = pending ? `; ${plural(pending, 'pending ref')} left for the next start's first poll` : '';
      text(`stopping: no more webhooks${building ? '; waiting for the running build to finish' : ''}${left}`);
    },
  };
}
