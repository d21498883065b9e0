// Progress that never goes backwards while the crawl's total grows, and plain
// lines that keep coming at a steady interval (cli/progress-pace.ts),
// on a hand-driven interval timer: nothing here waits for time.
import { describe, expect, it } from 'vitest';
import { createReporter } from '../../../cli/progress.ts';
import type { Ticker } from '../../../cli/progress-pace.ts';
import type { BuildEvent } from '../../../src/pipeline/types.ts';

/** An interval timer fired by `tick()`, which also moves the clock by the interval. */
function fakeTicker() {
  let t = 0;
  const live = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const ticker: Ticker = {
    now: () => t,
    setInterval(fn, ms) {
      live.set(next, { fn, ms });
      return next++;
    },
    clearInterval: (h) => void live.delete(h as number),
  };
  return {
    ticker,
    running: () => live.size,
    tick() {
      for (const { fn, ms } of [...live.values()]) {
        t += ms;
        fn();
      }
    },
  };
}

const crawlRound = (from: number, to: number, total: number): BuildEvent[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ type: 'progress', stage: 'crawl', done: from + i, total, growing: true }) as const);

describe('plain progress lines', () => {
  it('show the crawl\'s growing total at once, as done and found so far, never a smaller total after a larger one', () => {
    const lines: string[] = [];
    const clock = fakeTicker();
    const r = createReporter({ stream: { write: (s: string) => lines.push(s) }, tty: false, ticker: clock.ticker });
    r.onEvent({ type: 'stage-start', stage: 'crawl' });
    for (const e of [...crawlRound(0, 25, 25), ...crawlRound(25, 164, 164), ...crawlRound(164, 646, 646)]) r.onEvent(e);
    r.onEvent({ type: 'stage-end', stage: 'crawl', ms: 4000 });
    r.stop();
    const progress = lines.filter((l) => l.startsWith('crawl: ') && !/started|done in/.test(l));
    for (const l of progress) expect(l).toMatch(/^crawl: \d+ done, \d+ found so far\n$/);
    // The moment a round finds more, a line says so: the log never stops at 25 of 25.
    expect(progress).toContain('crawl: 25 done, 164 found so far\n');
    expect(progress).toContain('crawl: 164 done, 646 found so far\n');
    expect(progress.at(-1)).toBe('crawl: 646 done, 646 found so far\n');
    const numbers = progress.map((l) => l.match(/\d+/g)!.map(Number));
    for (let i = 1; i < numbers.length; i++) {
      expect(numbers[i][0]).toBeGreaterThanOrEqual(numbers[i - 1][0]);
      expect(numbers[i][1]).toBeGreaterThanOrEqual(numbers[i - 1][1]);
    }
  });

  it('print the running stage every interval of wall time, with what it has done and how long it has run', () => {
    const lines: string[] = [];
    const clock = fakeTicker();
    const r = createReporter({ stream: { write: (s: string) => lines.push(s) }, tty: false, ticker: clock.ticker });
    r.onEvent({ type: 'stage-start', stage: 'crawl' });
    for (const e of crawlRound(0, 30, 646)) r.onEvent(e);
    lines.length = 0;
    clock.tick();
    expect(lines).toEqual(['crawl: 30 done, 646 found so far (2 s)\n']);
    // No tenth was crossed (30 -> 60 of 646), yet the log moves on at the next tick.
    for (const e of crawlRound(31, 60, 646)) r.onEvent(e);
    expect(lines).toHaveLength(1);
    clock.tick();
    expect(lines.at(-1)).toBe('crawl: 60 done, 646 found so far (4 s)\n');
    // A stalled request: the tick still says the stage is alive.
    clock.tick();
    expect(lines.at(-1)).toBe('crawl: 60 done, 646 found so far (6 s)\n');
    r.onEvent({ type: 'stage-end', stage: 'crawl', ms: 6000 });
    expect(clock.running()).toBe(0);
    // A stage with no count (plan, bundle) says it is running; render, inside emit, speaks for both.
    r.onEvent({ type: 'stage-start', stage: 'bundle' });
    clock.tick();
    expect(lines.at(-1)).toBe('bundle: running (2 s)\n');
    r.onEvent({ type: 'stage-end', stage: 'bundle', ms: 2100 });
    r.onEvent({ type: 'stage-start', stage: 'emit' });
    r.onEvent({ type: 'stage-start', stage: 'render', total: 437 });
    r.onEvent({ type: 'progress', stage: 'render', done: 12, total: 437 });
    lines.length = 0;
    clock.tick();
    expect(lines).toEqual(['render: 12/437 (2 s)\n']);
    r.stop();
    expect(clock.running()).toBe(0);
  });
});

describe('the progress bar on a terminal', () => {
  it('shows a growing total as done and found so far, with no percentage to go backwards; a known total keeps its bar', () => {
    let text = '';
    const stream = { isTTY: true, columns: 120, write: (s: string) => void (text += s), on: () => stream, removeListener: () => stream };
    const r = createReporter({ stream, tty: true });
    r.onEvent({ type: 'stage-start', stage: 'crawl' });
    for (const e of [...crawlRound(0, 5, 25), ...crawlRound(25, 25, 164)]) r.onEvent(e);
    r.onEvent({ type: 'stage-end', stage: 'crawl', ms: 900 });
    expect(text).toContain('25 done, 164 found so far');
    expect(text).not.toMatch(/\d+%/);
    r.onEvent({ type: 'stage-start', stage: 'render', total: 4 });
    r.onEvent({ type: 'progress', stage: 'render', done: 4, total: 4 });
    r.onEvent({ type: 'stage-end', stage: 'render', ms: 10 });
    r.stop();
    expect(text).toMatch(/4\/4 100%/);
  });
});
