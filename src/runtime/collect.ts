// Garbage collections on demand, for a process that knows it is idle: pressroom watch after
// its start-up and between stories (src/watch/index.ts). Loading the saved snapshot and the
// start-up rehearsals leave hundreds of megabytes of garbage at 50,000 posts; V8 collected it
// during the first stories instead (a 0.5 s mark-compact inside the second publish after start,
// `--cpu-prof`), so a webhook paid for it. Node exposes `gc()` only with --expose-gc; the flag
// set at run time gives it to contexts made afterwards (how jest's leak detector does it).
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// V8's own full collections, watched once collectIfGrown is first called. V8 marks the whole heap
// when the old generation reaches a limit it sets from the heap's size and speed; on a small heap
// that limit can come before collectIfGrown's floor, and the collection then runs inside a story:
// a watcher of 10,000 posts (about 200 MB of heap) did in 2 of 29 edits, 45 and 76 ms of their
// latency (`--cpu-prof`). Each such collection halves the floor, down to MIN_FLOOR, so the
// watcher learns to collect before V8 does.
const MIN_FLOOR = 16 * 1024 * 1024;

/**
 * What this module knows of the process's garbage collector. Module-level on purpose, and one
 * object: V8 has one collector (and one heap) per process, whatever sites or sessions the process
 * builds, so what was collected and learnt is a fact of the process, not of a build.
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
 * Collects what a publish left behind, for a process that is idle now: pressroom watch after a
 * publish with no webhook waiting (src/watch/index.ts). Returns which collection ran.
 *
 * - `'full'` when the heap grew by `share` of what was in use after the last full collection (at
 *   least `floor` bytes). Each publish of a large site leaves megabytes of old objects behind
 *   (the lists of a site's routes and files it replaced), and V8 collects them once it reaches a
 *   limit of its own, by marking the whole heap inside whichever publish runs then: at 50,000
 *   posts a 0.4 s mark of 700 MB inside every twelfth story (`--trace-gc`). Collected between
 *   stories, below that limit, a story does not pay for it.
 * - `'minor'` otherwise: a scavenge of the young generation, so the next story starts with it
 *   empty. A publish allocates 30-70 MB of short-lived lists; in the watcher's 64 MB semi-space
 *   (cli/watch-process.js) it then runs with no scavenge at all, where each one costs more the
 *   larger the old generation is (about 3 ms at 10,000 posts, 5 ms at 50,000: docs/decisions/0093-heap-and-gc.md).
 * - `false` when this Node cannot collect on demand.
 *
 * A full collection V8 ran on its own since the last call (it reached its limit before the
 * floor) makes this call collect in full and halves the floor for the rest of the process.
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
