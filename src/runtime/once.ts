// Values made on first use and then fixed for the process's life: facts of the code the process
// runs (the client bundle, the code hash, the configuration's JSON Schema), never of a site or a
// build, so every build, session and site of the process rightly shares them. Held in a closure
// rather than a module-level `let`, so what can change between builds stays countable
// (tests/unit/architecture/module-state.test.ts) and these read as the constants they are.

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
