// Values made on first use, then fixed for the process's life: facts of the code (the client bundle,
// the code hash, the config's JSON Schema), never of a site, so all builds rightly share them. A
// closure, not a module-level `let`, keeps mutable state countable (module-state.test.ts).

/** `make()` on the first call, its answer on every later one. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** `make()` on the first call, its promise on every later one; a rejected one is forgotten, so the next call tries again. */
export function onceAsync<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      const p = make();
      made = p;
      p.catch(() => {
        if (made === p) made = undefined;
      });
    }
    return made;
  };
}
