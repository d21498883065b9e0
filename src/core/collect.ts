// Garbage collections on demand, for a process that knows it is idle: pressroom watch after
// its start-up and between stories (src/watch/index.ts). Loading the saved snapshot and the
// start-up rehearsals leave hundreds of megabytes of garbage at 50,000 posts; V8 collected it
// during the first stories instead (a 0.5 s mark-compact inside the second publish after start,
// `--cpu-prof`), so a webhook paid for it. Node exposes `gc()` only with --expose-gc; the flag
// set at run time gives it to contexts made afterwards (how jest's leak detector does it).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's gc(): a full collection, or with `{ type: 'minor' }` a scavenge of the young generation only. */
let collect: ((options?: { type: 'minor' | 'major' }) => void) | null | undefined;
/** The heap in use after the last collection run here. */
let collectedAt: number | undefined;

/** Runs a full collection; false when this Node cannot (nothing done). */
export function collectGarbageNow(): boolean {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
      collect = typeof gc === 'function' ? (gc as NonNullable<typeof collect>) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
  if (collect) collectedAt = getHeapStatistics().used_heap_size;
  return collect !== null;
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
 *   larger the old generation is (about 3 ms at 10,000 posts, 5 ms at 50,000: decision 91).
 * - `false` when this Node cannot collect on demand.
 */
export function collectIfGrown({ share = 0.12, floor = 64 * 1024 * 1024 }: { share?: number; floor?: number } = {}): 'full' | 'minor' | false {
  const used = getHeapStatistics().used_heap_size;
  if (collectedAt === undefined || used - collectedAt >= Math.max(floor, collectedAt * share)) return collectGarbageNow() && 'full';
  collect?.({ type: 'minor' });
  return collect ? 'minor' : false;
}
