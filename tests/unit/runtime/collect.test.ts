// pressroom watch collects what its start-up left behind before the first webhook, and between
// stories what a publish left behind (src/runtime/collect.ts).
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { collectGarbageNow, collectIfGrown, effectiveFloor } from '../../../src/runtime/collect.ts';

it('runs a full collection on demand without exposing gc() to the program', () => {
  let garbage: { i: number; s: string }[] | null = Array.from({ length: 1_000_000 }, (_, i) => ({ i, s: `item ${i}` }));
  const held = process.memoryUsage().heapUsed;
  expect(garbage.length).toBe(1_000_000);
  garbage = null;
  expect(collectGarbageNow()).toBe(true);
  // The million objects (tens of megabytes) are gone at once, not at V8's next collection.
  expect(process.memoryUsage().heapUsed).toBeLessThan(held - 30_000_000);
  expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
});

it('collects in full when the heap grew by more than the share or floor since the last full collection, and only the young generation before', () => {
  collectGarbageNow();
  expect(collectIfGrown({ floor: 40_000_000, share: 0 })).toBe('minor');
  let garbage: { i: number; s: string }[] | null = Array.from({ length: 1_000_000 }, (_, i) => ({ i, s: `item ${i}` }));
  expect(garbage.length).toBe(1_000_000);
  garbage = null;
  const grown = process.memoryUsage().heapUsed;
  expect(collectIfGrown({ floor: 40_000_000, share: 0 })).toBe('full');
  expect(process.memoryUsage().heapUsed).toBeLessThan(grown - 30_000_000);
  // Just collected: nothing grew since.
  expect(collectIfGrown({ floor: 40_000_000, share: 0 })).toBe('minor');
});

/** Lets GC entries reach the observers, and lets collectIfGrown see the full collections V8 ran on its own until now (the tests above allocate enough for some). */
async function settled(): Promise<void> {
  await new Promise((ok) => setTimeout(ok, 20));
  collectIfGrown({ floor: 1e12, share: 0 });
  await new Promise((ok) => setTimeout(ok, 20));
}

it('below the threshold, scavenges the young generation and does not mark the whole heap', async () => {
  collectGarbageNow();
  await settled();
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => kinds.push(...list.getEntries().map((e: PerformanceEntry) => ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1))));
  observer.observe({ entryTypes: ['gc'] });
  try {
    // A few young objects, far below the floor: what a story leaves in the young generation.
    let young: object[] | null = Array.from({ length: 1000 }, (_, i) => ({ i }));
    expect(young.length).toBe(1000);
    young = null;
    kinds.length = 0;
    expect(collectIfGrown({ floor: 1e12, share: 0 })).toBe('minor');
    // GC entries reach observers on a later turn of the event loop.
    await new Promise((ok) => setTimeout(ok, 20));
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
    expect(kinds).not.toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  } finally {
    observer.disconnect();
  }
});

it('after V8 collected in full on its own, collects in full at once and halves its floor; its own collections do not count', async () => {
  const tick = () => new Promise((ok) => setTimeout(ok, 20));
  collectGarbageNow();
  await settled();
  const before = effectiveFloor(1e12);
  expect(collectIfGrown({ floor: before, share: 0 })).toBe('minor');
  await tick();
  expect(collectIfGrown({ floor: before, share: 0 })).toBe('minor');
  expect(effectiveFloor(1e12)).toBe(before);
  // A full collection this module did not run: what V8 does when the heap reaches its own limit.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  await tick();
  expect(collectIfGrown({ floor: before, share: 0 })).toBe('full');
  expect(effectiveFloor(1e12)).toBe(before / 2);
  // That collection was its own: the floor stays.
  await tick();
  expect(collectIfGrown({ floor: before, share: 0 })).toBe('minor');
  expect(effectiveFloor(1e12)).toBe(before / 2);
  // A lower floor asked for is kept.
  expect(effectiveFloor(1e6)).toBe(1e6);
});
