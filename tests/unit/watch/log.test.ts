// The watcher's log (src/watch/log.ts): one line per publish and per failure,
// as text or as JSON lines with `time` and `type`.
import { describe, expect, it } from 'vitest';
import { seconds, watchLog } from '../../../src/watch/log.ts';
import type { ErrorRecord, PublishRecord } from '../../../src/watch/queue.ts';

const publish: PublishRecord = { at: '2026-01-15T12:00:01.500Z', refs: ['post:1', 'ads', '/news/x'], latencyMs: 1500, release: 'R', rendered: 4, reused: 9996, deleted: 0, warnings: 0, durationMs: 1200 };
const failure: ErrorRecord = { at: '2026-01-15T12:00:00.000Z', code: 'PR_API_STATUS', message: 'The content API answered 503 for GET /api/post/homelatest', attempt: 2, refs: 'poll', retryAt: '2026-01-15T12:00:02.000Z' };

function collect(format: 'text' | 'json') {
  const lines: string[] = [];
  return { log: watchLog({ write: (s: string) => lines.push(s) }, format, () => new Date('2026-01-15T12:00:00Z')), lines };
}

describe('the watch log', () => {
  it('writes one text line per publish and per failure', () => {
    const { log, lines } = collect('text');
    log.publish(publish);
    log.publish({ ...publish, refs: 'poll', latencyMs: null, deleted: 2, warnings: 1, rendered: 0, reused: 10_000 });
    log.failure({ ...failure, message: 'two\n  lines' }, 3);
    expect(lines).toEqual([
      'published 3 refs in 1.2s (webhook→live 1.5s): 4 pages rendered, 9,996 reused; release R\n',
      'published (poll) in 1.2s: 0 pages rendered, 10,000 reused, 2 deleted, 1 warning; release R\n',
      'build (poll) failed (attempt 2, retry in 2.0s, 3 refs pending; the site is unchanged): PR_API_STATUS: two; lines\n',
    ]);
  });

  it('writes JSON lines with time, type and the fields of the record', () => {
    const { log, lines } = collect('json');
    log.listening({ url: 'http://127.0.0.1:8787', pollMs: null, debounceMs: 300 });
    log.publish(publish);
    log.failure(failure, 0);
    log.stopping(true, 1);
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.map((p) => p.type)).toEqual(['listening', 'publish', 'failure', 'stopping']);
    expect(parsed[1]).toEqual({ time: '2026-01-15T12:00:00.000Z', type: 'publish', refs: publish.refs, latencyMs: 1500, durationMs: 1200, release: 'R', rendered: 4, reused: 9996, deleted: 0, warnings: 0 });
    expect(parsed[2]).toMatchObject({ type: 'failure', refs: 'poll', code: 'PR_API_STATUS', message: failure.message, attempt: 2, retryInMs: 2000, pending: 0 });
  });

  it('writes a refused request with its reason, status and address; then how many more were left out', () => {
    const text = collect('text');
    text.log.rejected({ reason: 'bad signature', status: 401, address: '203.0.113.7' });
    text.log.rejected({ reason: 'unknown path', status: 404, address: '::1', request: 'POST /hooks/publsh\u001b[2J' });
    text.log.suppressed('bad signature', 41, 60_000);
    expect(text.lines).toEqual([
      'rejected a request from 203.0.113.7: bad signature (401)\n',
      'rejected a request from ::1: unknown path (404): "POST /hooks/publsh\\u001b[2J"\n',
      'rejected 41 more requests for bad signature in 1m, not logged one by one\n',
    ]);
    const json = collect('json');
    json.log.rejected({ reason: 'replayed', status: 409, address: '203.0.113.7' });
    json.log.suppressed('replayed', 2, 60_000);
    expect(json.lines.map((l) => JSON.parse(l))).toEqual([
      { time: '2026-01-15T12:00:00.000Z', type: 'rejected', reason: 'replayed', status: 409, address: '203.0.113.7' },
      { time: '2026-01-15T12:00:00.000Z', type: 'rejected-suppressed', reason: 'replayed', count: 2, windowMs: 60_000 },
    ]);
  });

  it('names on the publish line the REFs it left out because they cannot be fetched (text and JSON)', () => {
    const dropped = [{ ref: '/api/author/999', endpoint: 'GET /api/author/999', reason: 'the API answered 404' }];
    const text = collect('text');
    text.log.publish({ ...publish, dropped });
    expect(text.lines).toEqual(['published 3 refs in 1.2s (webhook→live 1.5s): 4 pages rendered, 9,996 reused; release R; left out /api/author/999 (GET /api/author/999: the API answered 404)\n']);
    const json = collect('json');
    json.log.publish({ ...publish, dropped });
    expect(JSON.parse(json.lines[0])).toMatchObject({ type: 'publish', refs: publish.refs, dropped });
  });

  it('writes a line per purge: what it purged, or its error (the files are deployed by then)', () => {
    const ok = { name: 'varnish', type: 'http' as const, paths: 12, urls: 12, requests: 12, ms: 40 };
    const refused = { ...ok, urls: 0, requests: 0, error: { code: 'PR_DEPLOY_PURGE', message: 'The CDN purge varnish failed\nstatus 405', hint: 'h' } };
    const text = collect('text');
    text.log.purge(ok);
    text.log.purge(refused);
    expect(text.lines).toEqual([
      'purged varnish (http) in 0.0s: 12 paths, 12 requests\n',
      'purge varnish (http) failed (the files are deployed; the next publish purges its own paths): PR_DEPLOY_PURGE: The CDN purge varnish failed; status 405\n',
    ]);
    const json = collect('json');
    json.log.purge(ok);
    json.log.purge(refused);
    expect(json.lines.map((l) => JSON.parse(l))).toEqual([
      { time: '2026-01-15T12:00:00.000Z', type: 'purge', purge: 'varnish', purgeType: 'http', paths: 12, urls: 12, requests: 12, ms: 40 },
      { time: '2026-01-15T12:00:00.000Z', type: 'purge', purge: 'varnish', purgeType: 'http', paths: 12, urls: 0, requests: 0, ms: 40, code: 'PR_DEPLOY_PURGE', message: 'The CDN purge varnish failed\nstatus 405' },
    ]);
  });

  it('formats durations for people', () => {
    expect([850, 59_949, 65_000, 900_000, 3_600_000, 5_430_000].map(seconds)).toEqual(['0.9s', '59.9s', '1m 5s', '15m', '1h', '1h 30m 30s']);
  });
});
