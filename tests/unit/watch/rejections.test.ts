// The rate limit on refused webhooks' log lines (src/watch/rejections.ts) on
// timers the test runs by hand: per reason, the first lines of a window one by
// one, then one line saying how many were left out, when the window ends or
// the watcher stops.
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../../src/watch/queue.ts';
import { type Rejection, RejectionLog } from '../../../src/watch/rejections.ts';

/** Timers that fire only when the test runs them. */
class ManualTimers implements Timers {
  t = 0;
  pending = new Map<number, { at: number; fn: () => void }>();
  private id = 0;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => (this.pending.set(++this.id, { at: this.t + ms, fn }), this.id);
  clearTimeout = (id: unknown) => void this.pending.delete(id as number);
  advance(ms: number): void {
    this.t += ms;
    for (const [id, p] of [...this.pending].sort((a, b) => a[1].at - b[1].at)) {
      if (p.at > this.t) break;
      this.pending.delete(id);
      p.fn();
    }
  }
}

function setup() {
  const timers = new ManualTimers();
  const lines: string[] = [];
  const log = new RejectionLog({ rejected: (r) => lines.push(`${r.reason} ${r.address}`), suppressed: (reason, n, ms) => lines.push(`${n} more ${reason} in ${ms}`) }, timers, { perWindow: 3, windowMs: 60_000 });
  return { timers, lines, log };
}

const bad = (address = '203.0.113.7'): Rejection => ({ reason: 'bad signature', status: 401, address });

describe('the refused webhooks log', () => {
  it('logs the first refusals of a reason one by one, then one summary line when the window ends', () => {
    const { timers, lines, log } = setup();
    for (let i = 0; i < 10; i++) log.add(bad(`203.0.113.${i}`));
    expect(lines).toEqual(['bad signature 203.0.113.0', 'bad signature 203.0.113.1', 'bad signature 203.0.113.2']);
    timers.advance(59_999);
    expect(lines).toHaveLength(3);
    timers.advance(1);
    expect(lines.slice(3)).toEqual(['7 more bad signature in 60000']);
    // A new window: logged again.
    log.add(bad());
    expect(lines.at(-1)).toBe('bad signature 203.0.113.7');
  });

  it('limits each reason apart, and writes no summary for a window with nothing left out', () => {
    const { timers, lines, log } = setup();
    for (let i = 0; i < 4; i++) log.add(bad());
    log.add({ reason: 'replayed', status: 409, address: '198.51.100.1' });
    expect(lines).toEqual(['bad signature 203.0.113.7', 'bad signature 203.0.113.7', 'bad signature 203.0.113.7', 'replayed 198.51.100.1']);
    timers.advance(60_000);
    expect(lines.slice(4)).toEqual(['1 more bad signature in 60000']);
    expect(timers.pending.size).toBe(0);
  });

  it('writes the open windows\' summaries when the watcher stops, and leaves no timer behind', () => {
    const { timers, lines, log } = setup();
    for (let i = 0; i < 5; i++) log.add({ reason: 'stale timestamp', status: 401, address: '::1' });
    log.close();
    expect(lines.at(-1)).toBe('2 more stale timestamp in 60000');
    expect(timers.pending.size).toBe(0);
  });
});
