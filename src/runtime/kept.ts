// What a build keeps for the next build of the same publish session (src/pipeline/session.ts), owned
// by the caller that publishes again. A one-off build passes none, so nothing is held past the
// build, where memory peaks (docs/decisions/0069-build-memory.md).

/**
 * A stage's last answer, which the next build updates by the change. `take` empties the slot, so
 * an answer that fails half-patched is not left (the next call derives it whole); `keep` stores.
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
