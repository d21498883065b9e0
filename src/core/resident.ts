// Whether this process publishes again: pressroom watch runs build after build in
// one process (a build with a session, src/pipeline/index.ts), and keeps what a
// build derived so the next publish costs the change, not the site
// (docs/decisions.md, 68): kept sitemap elements, manifest blocks, state lines,
// feeds, sorted lists, the last plan's routes by content, listings parsed.
// A one-off build (pressroom build, a shard, a merge) would hold all of that to
// its end for nothing, at the point where its memory peaks, so it keeps none of
// it (decision 70). Either way a build's output is the same bytes.
import { processHeapGrowth } from './heap-growth.ts';

let resident = false;

/** True while the running build is one of a process that publishes again. */
export const keepsForNextBuild = (): boolean => resident;

/**
 * Set by the orchestrator at the start of each build. It also sets how the
 * process's heap grows (./heap-growth.ts). A one-off build holds a large,
 * long-lived heap (the snapshot's records, the plan's routes, the files it
 * wrote) and makes a lot of short-lived garbage around it; V8 lets the heap grow
 * to about twice what survived its last full collection before it collects
 * again, so at 50,000 posts the main thread held 850-900 MB of heap for 400-500
 * MB of live data. Growing by 64 MB or 15 %, whichever is more, keeps a large
 * heap's peak near what is live without collecting a small one every few
 * megabytes. A watcher keeps V8's own growth: its heap is mostly what it keeps,
 * and a full collection on each small publish would be the publish's cost.
 */
export function setKeepsForNextBuild(on: boolean): void {
  resident = on;
  if (on) processHeapGrowth.byHeuristics();
  else processHeapGrowth.byHeadroom();
}

/**
 * A cache kept with objects for the next build of a process that publishes again: a WeakMap
 * whose `set` stores only then. A one-off build reads it as an empty cache and keeps nothing,
 * so each cache of what a build derived is one declaration, not a condition at every store.
 */
export class KeptWeakMap<K extends object, V> extends WeakMap<K, V> {
  override set(key: K, value: V): this {
    return resident ? super.set(key, value) : this;
  }
}

/**
 * A module's last answer, kept for the next build of a process that publishes again, which
 * brings it up to date by the change instead of deriving it from the whole site. `take` hands
 * it over and empties the slot, so an answer patched in place that fails on the way is not
 * left half changed (the next call derives it whole); `keep` stores the new answer, only in a
 * process that publishes again. A one-off build takes nothing and keeps nothing.
 */
export class KeptSlot<T> {
  #value: T | undefined;

  take(): T | undefined {
    const value = resident ? this.#value : undefined;
    this.#value = undefined;
    return value;
  }

  keep(value: T): void {
    if (resident) this.#value = value;
  }
}
