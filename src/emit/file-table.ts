// The manifest entries of a build by path, as the previous build's entries plus what this build
// changed. A publish of pressroom watch starts from the previous release's files
// (./writer.ts startFromPrevious): copying a Map of 120,000 entries at 50,000 posts was most of
// that publish's emit (about 60 ms). A table instead shares one flat map of entries (its base)
// with the tables made from it and holds only its own changes since that base; a table made from
// another copies that one's changes, not the base. When the changes grow past an eighth of the
// base, the new table is made flat again, so each lookup is at most two map lookups and the
// copying stays a small share of the publishes between two flattenings.
import type { ManifestEntry } from './output-files.ts';

/** Below this many changes a table is never flattened (the copy of its changes is cheap). */
const MIN_FLATTEN = 1024;

export class FileTable implements ReadonlyMap<string, ManifestEntry> {
  readonly #base: ReadonlyMap<string, ManifestEntry>;
  /** Path -> its entry here, or null when the base has it and this table does not. */
  readonly #own: Map<string, ManifestEntry | null>;
  #size: number;

  private constructor(base: ReadonlyMap<string, ManifestEntry>, own: Map<string, ManifestEntry | null>, size: number) {
    this.#base = base;
    this.#own = own;
    this.#size = size;
  }

  /** A table holding the same entries as `files`, to be changed without changing `files`. */
  static from(files: ReadonlyMap<string, ManifestEntry>): FileTable {
    if (!(files instanceof FileTable)) return new FileTable(files, new Map(), files.size);
    if (files.#own.size > Math.max(MIN_FLATTEN, files.#base.size / 8)) return new FileTable(new Map(files), new Map(), files.size);
    return new FileTable(files.#base, new Map(files.#own), files.#size);
  }

  get size(): number {
    return this.#size;
  }

  get(path: string): ManifestEntry | undefined {
    const own = this.#own.get(path);
    if (own !== undefined) return own ?? undefined;
    return this.#base.get(path);
  }

  has(path: string): boolean {
    return this.get(path) !== undefined;
  }

  set(path: string, entry: ManifestEntry): this {
    if (!this.has(path)) this.#size += 1;
    this.#own.set(path, entry);
    return this;
  }

  delete(path: string): boolean {
    if (!this.has(path)) return false;
    this.#size -= 1;
    if (this.#base.has(path)) this.#own.set(path, null);
    else this.#own.delete(path);
    return true;
  }

  *entries(): MapIterator<[string, ManifestEntry]> {
    for (const [path, entry] of this.#base) if (!this.#own.has(path)) yield [path, entry];
    for (const [path, entry] of this.#own) if (entry) yield [path, entry];
  }

  *keys(): MapIterator<string> {
    for (const [path] of this.entries()) yield path;
  }

  *values(): MapIterator<ManifestEntry> {
    for (const [, entry] of this.entries()) yield entry;
  }

  [Symbol.iterator](): MapIterator<[string, ManifestEntry]> {
    return this.entries();
  }

  forEach(fn: (entry: ManifestEntry, path: string, map: ReadonlyMap<string, ManifestEntry>) => void): void {
    for (const [path, entry] of this.entries()) fn(entry, path, this);
  }
}
