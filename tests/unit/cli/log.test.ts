// --log-format json: one JSON object per line, progress at each tenth,
// warnings as {code, message, route?}, and a summary.
import { describe, expect, it } from 'vitest';
import { jsonLog } from '../../../cli/commands/log.ts';
import type { BuildReport } from '../../../src/pipeline/index.ts';

const collect = (opts: { quiet?: boolean } = {}) => {
  const lines: string[] = [];
  const log = jsonLog({ write: (s: string) => lines.push(s) }, { ...opts, now: () => new Date('2026-01-15T12:00:00Z') });
  return { log, parsed: () => lines.map((l) => (expect(l.endsWith('\n')).toBe(true), JSON.parse(l))) };
};

const report = {
  out: '/x/out', source: { kind: 'api', base: 'https://api.example' }, routes: 3, pages: 3, files: 9, bytes: 100, redirects: 0,
  timings: { total: 1200 }, pagesPerSecond: 2, warnings: [{ code: 'W_SLUG', message: 'post 7 has a bad slug' }, { code: 'W_RENDER', message: 'Route /a did not call usePageHead', route: '/a' }], quarantined: [{ endpoint: '/api/advertisement/get_active', id: 'ad 3', reason: 'duration_time: wrong type' }],
  incremental: { mode: 'full', rendered: 3, reused: 0, deleted: 0, unchangedFiles: 0, previousRelease: null }, requests: 10, notModified: 0, retries: 1, release: 'r1',
} as unknown as BuildReport;

describe('jsonLog', () => {
  it('writes stage events, progress at each tenth, warnings and a summary as JSON lines', () => {
    const { log, parsed } = collect();
    log.onEvent({ type: 'stage-start', stage: 'render', total: 100 });
    for (let done = 1; done <= 100; done++) log.onEvent({ type: 'progress', stage: 'render', done, total: 100 });
    log.onEvent({ type: 'stage-end', stage: 'render', ms: 42 });
    log.warnings(report);
    log.summary(report);
    const lines = parsed();
    expect(lines[0]).toEqual({ time: '2026-01-15T12:00:00.000Z', type: 'stage-start', stage: 'render', total: 100 });
    expect(lines.filter((l) => l.type === 'progress').map((l) => l.done)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(lines.find((l) => l.type === 'stage-end')).toMatchObject({ stage: 'render', ms: 42 });
    expect(lines.filter((l) => l.type === 'warning')).toEqual([
      { time: '2026-01-15T12:00:00.000Z', type: 'warning', code: 'W_SLUG', message: 'post 7 has a bad slug' },
      { time: '2026-01-15T12:00:00.000Z', type: 'warning', code: 'W_RENDER', message: 'Route /a did not call usePageHead', route: '/a' },
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'summary', ok: true, pages: 3, ms: 1200, warnings: 2, quarantined: 1, release: 'r1', source: { kind: 'api' } });
  });

  it('prints the crawl\'s growing total when it grows, and the running stage\'s progress at every tick of an interval timer', () => {
    const lines: string[] = [];
    let tick: (() => void) | null = null;
    let t = 0;
    const ticker = { now: () => t, setInterval: (fn: () => void) => ((tick = fn), 1), clearInterval: () => void (tick = null) };
    const log = jsonLog({ write: (s: string) => lines.push(s) }, { now: () => new Date('2026-01-15T12:00:00Z'), ticker });
    const crawl = (done: number, total: number) => log.onEvent({ type: 'progress', stage: 'crawl', done, total, growing: true });
    log.onEvent({ type: 'stage-start', stage: 'crawl' });
    for (let d = 0; d <= 25; d++) crawl(d, 25);
    for (let d = 25; d <= 40; d++) crawl(d, 646);
    const progress = () => lines.map((l) => JSON.parse(l)).filter((l) => l.type === 'progress');
    expect(progress()).toContainEqual(expect.objectContaining({ done: 25, total: 646, growing: true }));
    const before = progress().length;
    t = 2000;
    tick!();
    expect(progress().slice(before)).toEqual([expect.objectContaining({ stage: 'crawl', done: 40, total: 646, growing: true, elapsedMs: 2000 })]);
    log.stop();
    expect(tick).toBeNull();
  });

  it('--quiet keeps warnings and the summary, not the stage events', () => {
    const { log, parsed } = collect({ quiet: true });
    log.onEvent({ type: 'stage-start', stage: 'crawl' });
    log.warnings(report);
    log.summary(report);
    expect(parsed().map((l) => l.type)).toEqual(['warning', 'warning', 'summary']);
  });
});
