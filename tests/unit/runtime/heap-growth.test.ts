// A one-off build's heap grows by a headroom in bytes (at least 15 %); a watcher's by V8's heuristics.
import { afterEach, describe, expect, it } from 'vitest';
import { collectGarbageNow } from '../../../src/runtime/collect.ts';
import { growHeapFor, HEADROOM_BYTES, heapGrowth, MAX_PERCENT, MIN_PERCENT, percentFor, processHeapGrowth, type HeapGrowth } from '../../../src/runtime/heap-growth.ts';

const MB = 1024 * 1024;
let made: HeapGrowth | undefined;
afterEach(() => made?.byHeuristics());

/** Waits until the GC observer has delivered the entries of the collections so far. */
const delivered = () => new Promise((ok) => setTimeout(ok, 50));

describe('percentFor', () => {
  it('gives a small heap its headroom in bytes and a large one at least 15 %', () => {
    expect(HEADROOM_BYTES).toBe(64 * MB);
    expect(percentFor(64 * MB)).toBe(100); // 64 MB live may grow to 128 MB
    expect(percentFor(128 * MB)).toBe(50);
    expect(percentFor(100 * MB)).toBe(64);
    // Past 427 MB the share takes over: what kept a 50,000-post build under 1 GB.
    expect(percentFor(500 * MB)).toBe(MIN_PERCENT);
    expect(percentFor(2048 * MB)).toBe(MIN_PERCENT);
    // A nearly empty heap grows no more than V8's own heuristics would let it.
    expect(percentFor(1 * MB)).toBe(MAX_PERCENT);
    expect(percentFor(0)).toBe(MAX_PERCENT);
  });
});

describe('heapGrowth', () => {
  it('sets the percent for the heap in use, and again after each full collection', async () => {
    const flags: string[] = [];
    let used = 32 * MB;
    made = heapGrowth((f) => flags.push(f), () => used);
    made.byHeadroom();
    expect(flags).toEqual(['--heap-growing-percent=200']);
    used = 256 * MB;
    expect(collectGarbageNow()).toBe(true);
    await delivered();
    expect(flags.at(-1)).toBe('--heap-growing-percent=25');
    expect(made.current()).toBe(25);
    // The same heap after another collection: nothing to change, the flag is not set again.
    collectGarbageNow();
    await delivered();
    expect(flags).toHaveLength(2);
  });

  it('follows V8 again, and stops watching collections, for a process that publishes again', async () => {
    const flags: string[] = [];
    let used = 32 * MB;
    made = heapGrowth((f) => flags.push(f), () => used);
    made.byHeadroom();
    made.byHeuristics();
    expect(flags.at(-1)).toBe('--heap-growing-percent=0');
    used = 256 * MB;
    collectGarbageNow();
    await delivered();
    expect(flags).toEqual(['--heap-growing-percent=200', '--heap-growing-percent=0']);
  });

  it('is what a build sets through growHeapFor: heuristics with a session, headroom without', () => {
    growHeapFor(true);
    expect(processHeapGrowth.current()).toBe(0);
    growHeapFor(false);
    // The percent for this test process's heap, whatever it holds now: a share within the bounds, not V8's 0.
    expect(processHeapGrowth.current()).toBeGreaterThanOrEqual(MIN_PERCENT);
    expect(processHeapGrowth.current()).toBeLessThanOrEqual(MAX_PERCENT);
  });
});
