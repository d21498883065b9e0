// Garbage collections on demand for an idle watcher (src/watch/index.ts): the start-up leaves
// hundreds of MB of garbage at 50,000 posts, which V8 otherwise collected inside a story (a 0.5 s
// mark-compact). Node exposes `gc()` only with --expose-gc; set at run time, the flag gives it to
// contexts made afterwards (as jest's leak detector does).
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// V8's own full collections, watched once collectIfGrown is first called. On a small heap V8's limit
// can come before our floor, inside a story (45 and 76 ms in 2 of 29 edits at 10,000 posts); each
// such collection halves the floor, down to MIN_FLOOR, so the watcher learns to collect first.
const MIN_FLOOR = 16 * 1024 * 1024;

/**
 * What this module knows of the process's collector. Module-level on purpose: V8 has one collector
 * per process, whatever sites it builds.
 */
const processGc: {
  /** V8's gc(): a full collection, or with `{ type: 'minor' }` a scavenge of the young generation only (null: this Node cannot; undefined: not asked yet). */
  collect: ((options?: { type: 'minor' | 'major' }) => void) | null | undefined;
  /** The heap in use after the last collection run here. */
  collectedAt: number | undefined;
  /** The floor learnt from V8's own full collections (undefined: none seen). */
  learntFloor: number | undefined;
  /** When the last collections run here started and ended (performance.now()): V8's entries for them are not its own. */
  own: { start: number; end: number }[];
  /** V8 ran a full collection on its own since collectIfGrown last looked. */
  v8CollectedItself: boolean;
  observer: PerformanceObserver | undefined;
} = { collect: undefined, collectedAt: undefined, learntFloor: undefined, own: [], v8CollectedItself: false, observer: undefined };

/** Runs a full collection; false when this Node cannot (nothing done). */
export function collectGarbageNow(): boolean {
  if (processGc.collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
      processGc.collect = typeof gc === 'function' ? (gc as NonNullable<typeof processGc.collect>) : null;
    } catch {
      processGc.collect = null;
    }
  }
  const start = performance.now();
  processGc.collect?.();
  processGc.own.push({ start, end: performance.now() });
  if (processGc.own.length > 8) processGc.own.shift();
  if (processGc.collect) processGc.collectedAt = getHeapStatistics().used_heap_size;
  return processGc.collect !== null;
}

function watchMajorCollections(): void {
  if (processGc.observer) return;
  processGc.observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      if (kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      if (processGc.own.some((o) => e.startTime >= o.start && e.startTime <= o.end)) continue;
      processGc.v8CollectedItself = true;
    }
  });
  processGc.observer.observe({ entryTypes: ['gc'] });
}

/** The floor collectIfGrown uses with `floor` asked for: lower once V8 has collected in full on its own. */
export function effectiveFloor(floor: number): number {
  return processGc.learntFloor === undefined ? floor : Math.min(floor, processGc.learntFloor);
}

/**
 * Collects what a publish left behind, for an idle watcher. Returns which collection ran:
 * - `'full'` when the heap grew by `share` of what was in use after the last full collection (at
 *   least `floor` bytes): else V8 marks the whole heap inside some story (0.4 s at 50,000 posts).
 * - `'minor'` otherwise: a scavenge, so the next story starts with an empty young generation and,
 *   in the watcher's 64 MB semi-space, runs with none (3-5 ms each: docs/decisions/0093-heap-and-gc.md).
 * - `false` when this Node cannot collect on demand.
 * A full collection V8 ran on its own since the last call makes this one full and halves the floor.
 */
export function collectIfGrown({ share = 0.12, floor = 64 * 1024 * 1024 }: { share?: number; floor?: number } = {}): 'full' | 'minor' | false {
  watchMajorCollections();
  if (processGc.v8CollectedItself) {
    // V8 reached its limit first: collect now (a new starting point) and from now on sooner.
    processGc.v8CollectedItself = false;
    processGc.learntFloor = Math.max(MIN_FLOOR, effectiveFloor(floor) / 2);
    return collectGarbageNow() && 'full';
  }
  const used = getHeapStatistics().used_heap_size;
  const { collectedAt, collect } = processGc;
  const threshold = Math.max(effectiveFloor(floor), collectedAt === undefined ? 0 : collectedAt * share);
  if (collectedAt === undefined || used - collectedAt >= threshold) return collectGarbageNow() && 'full';
  collect?.({ type: 'minor' });
  return collect ? 'minor' : false;
}
