// A full garbage collection on demand, for a process that knows it is idle: pressroom watch
// after its start-up (src/watch/index.ts). Loading the saved snapshot and the start-up
// rehearsals leave hundreds of megabytes of garbage at 50,000 posts; V8 collected it during
// the first stories instead (a 0.5 s mark-compact inside the second publish after start,
// `--cpu-prof`), so a webhook paid for it. Node exposes `gc()` only with --expose-gc; the flag
// set at run time gives it to contexts made afterwards (how jest's leak detector does it).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/** Runs a full collection; false when this Node cannot (nothing done). */
export function collectGarbageNow(): boolean {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
      collect = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
  return collect !== null;
}
