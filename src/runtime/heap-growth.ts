// How far the heap may grow before V8's next full collection (`--heap-growing-percent`, process-wide).
// A watcher keeps V8's heuristics. A one-off build grows by at least 64 MB: a fixed 15 % meant, at
// 10,000 posts, 50-56 full collections a build instead of 12, 1.3-3.6 s more
// (docs/decisions/0093-heap-and-gc.md).
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
      // V8 uses the percent set at a full collection's moment: this applies from the next one.
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
 * How this process's heap grows for a build, set at the start of each. A one-off build's heap is
 * large and long-lived; V8's default growth doubled it (850-900 MB for 400-500 MB live at 50,000
 * posts). Growing by 64 MB or 15 %, whichever is more, keeps the peak near what is live. A process
 * that publishes again keeps V8's own growth: a full collection per small publish would cost it.
 */
export function growHeapFor(publishesAgain: boolean): void {
  if (publishesAgain) processHeapGrowth.byHeuristics();
  else processHeapGrowth.byHeadroom();
}
