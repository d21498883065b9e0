// What a build derived and keeps for the next build of the same publish session
// (src/pipeline/session.ts). A session is owned by the caller that publishes again
// (pressroom watch) and passed down as an argument; a one-off build passes none, so
// each stage's `kept` is undefined and nothing is held past the build, at the point
// where a large build's memory peaks (docs/decisions/0069-build-memory.md).

/**
 * A stage's last answer, which the next build brings up to date by the change instead of
 * deriving it from the whole site. `take` hands it over and empties the slot, so an answer
 * patched in place that fails on the way is not left half changed (the next call derives it
 * whole); `keep` stores the new one.
 */
export class Slot<T> {
  #value: T | undefined;

  take(): T | undefined {
    const value = this.#value;
    this.#value = undefined;
    return value;
  }

  keep(value: T): void {
    this.#value = value;
  }
}
