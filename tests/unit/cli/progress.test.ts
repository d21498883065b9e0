import { describe, expect, it } from 'vitest';
import { createReporter, sourceWords, summaryLine } from '../../../cli/progress.ts';

describe('build feedback', () => {
  it('prints the one summary line with pages, files, MB, the output folder, the source, the wall time since the process started and pages per second', () => {
    // The time is the operator's (start-up included), not the build's 8.1 s; the line names where and from what.
    const place = { wallMs: 18_104, out: '/srv/site/out', from: 'https://cms.example.com' };
    expect(summaryLine({ pages: 1234, files: 2345, bytes: 12_345_678, timings: { total: 8123 } as any, pagesPerSecond: 152, warnings: [] } as any, place)).toBe(
      'built 1234 pages, 2345 files, 12.3 MB into /srv/site/out from https://cms.example.com in 18.1 s (68 pages/s)',
    );
    expect(summaryLine({ pages: 1, files: 2, bytes: 0, warnings: [{ code: 'W_RENDER', message: 'a' }] }, { ...place, wallMs: 10 })).toMatch(/, 1 warning$/);
  });

  it('names the source as the API, the embedded sample API or the snapshot rendered', () => {
    expect(sourceWords({ kind: 'api', base: 'https://cms.example.com' })).toBe('https://cms.example.com');
    expect(sourceWords({ kind: 'embedded-sample', seed: 1, posts: 2, today: 'x', corpus: 'normal' } as any)).toBe('the embedded sample API');
    expect(sourceWords({ kind: 'api', base: 'https://cms.example.com' }, '.pressroom/snapshot')).toBe('the snapshot .pressroom/snapshot');
  });

  it('writes plain lines when stderr is not a terminal: start, each tenth, end', () => {
    const lines: string[] = [];
    const r = createReporter({ stream: { write: (s: string) => lines.push(s) }, tty: false });
    r.onEvent({ type: 'stage-start', stage: 'render', total: 20 });
    for (let i = 1; i <= 20; i++) r.onEvent({ type: 'progress', stage: 'render', done: i, total: 20 });
    r.onEvent({ type: 'stage-end', stage: 'render', ms: 42 });
    expect(lines[0]).toBe('render: started (20)\n');
    expect(lines.filter((l) => /^render: \d+\/20\n$/.test(l))).toHaveLength(10);
    expect(lines.at(-1)).toBe('render: done in 42 ms\n');
  });

  it('is silent with --quiet', () => {
    const lines: string[] = [];
    const r = createReporter({ stream: { write: (s: string) => lines.push(s) }, quiet: true, tty: true });
    r.onEvent({ type: 'stage-start', stage: 'crawl', total: 1 });
    r.onEvent({ type: 'progress', stage: 'crawl', done: 1, total: 1 });
    r.stop();
    expect(lines).toEqual([]);
  });
});
