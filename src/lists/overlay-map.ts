// A map that is another map plus a few changes, as a publishing process makes from the last build's
// (manifest entries, src/emit/writer.ts; snapshot entries). Copying 120,000 entries took about 60 ms
// a publish. An overlay shares one flat base with the overlays made from it and holds its own
// changes; past an eighth of the base it is made flat again, so a lookup is at most two map lookups.

/** Below this many changes a table is never flattened (the copy of its changes is cheap). */
const MIN_FLATTEN = 1024;

export class OverlayMap<K, V> implements ReadonlyMap<K, V> {
  readonly #base: ReadonlyMap<K, V>;
  /** Path -> its entry here, or null when the base has it and this table does not. */
  readonly #own: Map<K, V | null>;
  #size: number;

  private constructor(base: ReadonlyMap<K, V>, own: Map<K, V | null>, size: number) {
    this.#base = base;
    this.#own = own;
    this.#size = size;
  }

  /** An empty overlay. */
  static empty<K, V>(): OverlayMap<K, V> {
    return new OverlayMap<K, V>(new Map(), new Map(), 0);
  }

  /** An overlay holding the same entries as `map`, to be changed without changing `map`. */
  static from<K, V>(map: ReadonlyMap<K, V>): OverlayMap<K, V> {
    if (!(map instanceof OverlayMap)) return new OverlayMap<K, V>(map, new Map(), map.size);
    const from = map as OverlayMap<K, V>;
    if (from.#own.size > Math.max(MIN_FLATTEN, from.#base.size / 8)) return new OverlayMap<K, V>(from.#flat(), new Map(), from.#size);
    return new OverlayMap<K, V>(from.#base, new Map(from.#own), from.#size);
  }

  /** One map of this overlay's entries: the base copied (natively), the changes applied. */
  #flat(): Map<K, V> {
    const flat = new Map(this.#base);
    for (const [key, value] of this.#own) {
      if (value === null) flat.delete(key);
      else flat.set(key, value);
    }
    return flat;
  }

  get size(): number {
    return this.#size;
  }

  // Values are never undefined or null (a map of entries): `own` marks a key the base has and this overlay does not with null.
  get(key: K): V | undefined {
    const own = this.#own.get(key);
    if (own !== undefined) return own ?? undefined;
    return this.#base.get(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): this {
    if (!this.has(key)) this.#size += 1;
    this.#own.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.#size -= 1;
    if (this.#base.has(key)) this.#own.set(key, null);
    else this.#own.delete(key);
    return true;
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.#base) if (!this.#own.has(key)) yield [key, value];
    for (const [key, value] of this.#own) if (value !== null) yield [key, value];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [key, value] of this.entries()) fn(value, key, this);
  }
}
