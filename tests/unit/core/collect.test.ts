// pressroom watch collects what its start-up left behind before the first webhook (src/core/collect.ts).
import { expect, it } from 'vitest';
import { collectGarbageNow, collectIfGrown } from '../../../src/core/collect.ts';

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

it('collects when the heap grew by more than the share or floor since the last collection, and not before', () => {
  collectGarbageNow();
  expect(collectIfGrown({ floor: 40_000_000, share: 0 })).toBe(false);
  let garbage: { i: number; s: string }[] | null = Array.from({ length: 1_000_000 }, (_, i) => ({ i, s: `item ${i}` }));
  expect(garbage.length).toBe(1_000_000);
  garbage = null;
  const grown = process.memoryUsage().heapUsed;
  expect(collectIfGrown({ floor: 40_000_000, share: 0 })).toBe(true);
  expect(process.memoryUsage().heapUsed).toBeLessThan(grown - 30_000_000);
  // Just collected: nothing grew since.
  expect(collectIfGrown({ floor: 40_000_000, share: 0 })).toBe(false);
});
