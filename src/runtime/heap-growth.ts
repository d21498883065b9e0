// How far the process's heap may grow before V8's next full collection (V8's
// `--heap-growing-percent`, a flag of the whole process, render threads included).
// After each full collection V8 sets the next one's limit at what survived plus that
// share of it. A watcher keeps V8's own heuristics (growHeapFor below). A one-off
// build grows by a headroom in bytes: a fixed share of 15 % kept a 50,000-post build
// under 1 GB (500 MB live, 75 MB to grow), but at 10,000 posts, whose main thread
// holds 70-150 MB, it meant a full collection every 11-22 MB of promoted objects,
// 50-56 a build, whose concurrent marking kept a core busy: 4-6 s more CPU and 1.3-3.6 s
// more time than growing by at least 64 MB (12 full collections; docs/decisions/0093-heap-and-gc.md).
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';

const MB = 1024 * 1024;

/** A one-off build's heap grows by at least this much past what its last full collection left. */
export const HEADROOM_BYTES = 64 * MB;
/** ...and by at least this share of it (what kept a 50,000-post build under 1 GB). */
export const MIN_PERCENT = 15;
/** V8's own heuristics grow a heap by at most 4x; a small heap here grows no more. */
export const MAX_PERCENT = 300;

/** The growing percent that gives a heap of `live` bytes the headroom, within the bounds. */
export function percentFor(live: number): number {
  return Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, Math.ceil((HEADROOM_BYTES * 100) / Math.max(live, 1))));
}

export interface HeapGrowth {
  /** A one-off build: the percent follows the heap, set again after each full collection. */
  byHeadroom(): void;
  /** V8's own heuristics (percent 0), for a process that publishes again. */
  byHeuristics(): void;
  /** The percent last given to V8 (0: its heuristics); undefined before either call. */
  current(): number | undefined;
}

/** `setFlag` and `used` are V8's; tests pass their own to watch the policy. */
export function heapGrowth(setFlag: (flags: string) => void = setFlagsFromString, used: () => number = () => getHeapStatistics().used_heap_size): HeapGrowth {
  let percent: number | undefined;
  let observer: PerformanceObserver | undefined;
  const set = (next: number) => {
    if (next === percent) return;
    percent = next;
    setFlag(`--heap-growing-percent=${next}`);
  };
  return {
    byHeadroom() {
      set(percentFor(used()));
      if (observer) return;
      // The limit V8 sets at a full collection uses the percent of that moment, so the one
      // set here, after it, applies from the next: a step behind a heap that grows steadily.
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) set(percentFor(used()));
      });
      observer.observe({ entryTypes: ['gc'] });
    },
    byHeuristics() {
      observer?.disconnect();
      observer = undefined;
      set(0);
    },
    current: () => percent,
  };
}

/** The process's own. */
export const processHeapGrowth = heapGrowth();

/**
 * How this process's heap grows for a build: set by the orchestrator at the start of each one.
 * A one-off build holds a large, long-lived heap (the snapshot's records, the plan's routes, the
 * files it wrote) and makes a lot of short-lived garbage around it; V8 lets the heap grow to about
 * twice what survived its last full collection before it collects again, so at 50,000 posts the
 * main thread held 850-900 MB of heap for 400-500 MB of live data. Growing by 64 MB or 15 %,
 * whichever is more, keeps a large heap's peak near what is live without collecting a small one
 * every few megabytes. A process that publishes again (a build with a publish session) keeps V8's
 * own growth: its heap is mostly what the session keeps, and a full collection on each small
 * publish would be the publish's cost.
 */
export function growHeapFor(publishesAgain: boolean): void {
  if (publishesAgain) processHeapGrowth.byHeuristics();
  else processHeapGrowth.byHeadroom();
}
