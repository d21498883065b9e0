// emit's file writer: each file written to staging (./staging-disk.ts) or carried from the previous
// release, its sha256 and size recorded for the manifest as it goes.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { byCodeUnits, patchedList } from '../lists/sorted.ts';
import { OverlayMap } from '../lists/overlay-map.ts';
import { StagingDisk } from './staging-disk.ts';
import { assertRelative, type ContentId, type ManifestEntry, type PreviousFiles } from './output-files.ts';
import type { EmitKept } from './kept.ts';

export { assertRelative, contentId, type ContentId, type ManifestEntry, type PreviousFiles } from './output-files.ts';

/** The manifest's order: by path. */
export const byPath = (a: ManifestEntry, b: ManifestEntry) => byCodeUnits(a.path, b.path);

/**
 * What a session keeps of a build's files: entries sorted by path, the non-page non-mirror files
 * and their bytes. The next writer starts from it (startFromPrevious) instead of carrying each file.
 */
export interface KeptLayout {
  /** The entries sorted, without those in `after`. */
  sorted: readonly ManifestEntry[];
  /** Entries set after the manifest's list was made (its parts and index): the next build drops them. */
  after: ReadonlySet<ManifestEntry>;
  others: readonly string[];
  bytes: number;
}
export class OutputWriter {
  readonly #disk: StagingDisk;
  readonly #previous: PreviousFiles | undefined;
  #entries: Map<string, ManifestEntry> | OverlayMap<string, ManifestEntry> = new Map();
  /** One more on every change of the entries: manifest()'s last answer is current while it is the same. */
  #version = 0;
  #sorted: { version: number; list: readonly ManifestEntry[]; since?: { had: ManifestEntry | undefined; entry: ManifestEntry }[] } | undefined;
  /**
   * When started from the previous files: the paths this build wrote or carried, and the previous
   * entry of every changed path, to patch the kept sorted list with.
   */
  #patch: { layout: KeptLayout; touched: Set<string>; before: Map<string, ManifestEntry | undefined> } | undefined;
  /** Files written by write() that are not pages or mirror files (writeTracked), in order. */
  readonly #others: string[] = [];
  /** Paths whose bytes are in the staging folder (every file, unless the previous files are in place). */
  readonly #staged = new Set<string>();
  #bytes = 0;
  #carried = 0;
  /** The session's part (./kept.ts); undefined in a one-off build, which keeps nothing past itself. */
  readonly #kept: Pick<EmitKept, 'byPath' | 'layouts'> | undefined;

  /** `precompress`: also write `.br`/`.gz` siblings of text files (./precompress.ts); they are not manifest entries. */
  constructor(root: string, maxInFlight = 32, previous?: PreviousFiles, precompress = false, kept?: Pick<EmitKept, 'byPath' | 'layouts'>) {
    this.#disk = new StagingDisk(root, maxInFlight, precompress);
    this.#previous = previous;
    this.#kept = kept;
  }

  get files(): number {
    return this.#entries.size;
  }

  /** The bytes of every file of the build. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Files carried over from the previous release rather than written (in place: every file not staged). */
  get carried(): number {
    return this.#patch ? this.#entries.size - this.#staged.size : this.#carried;
  }

  /** Whether this build wrote or carried this file (started from the previous release: or left it as it was). */
  has(rel: string): boolean {
    return this.#entries.has(rel);
  }

  /**
   * Starts from the previous release's files, in place, as this build's; each stays unless dropped
   * or written again, and non-page non-mirror files are dropped (each build rewrites those). Only when
   * those files were kept by the build that wrote them in this session; else false, nothing done.
   */
  startFromPrevious(drop: Iterable<string>): boolean {
    const layout = this.#previous?.inPlace ? this.#kept?.layouts.get(this.#previous.files) : undefined;
    if (!layout || this.#entries.size > 0) return false;
    this.#entries = OverlayMap.from(this.#previous!.files);
    this.#bytes = layout.bytes;
    this.#patch = { layout, touched: new Set(), before: new Map() };
    for (const rel of drop) this.#drop(rel);
    for (const rel of layout.others) this.#drop(rel);
    return true;
  }

  /** Drops a previous file this build started from and will not keep (a rebuilt search part). */
  drop(rel: string): void {
    if (this.#patch) this.#drop(rel);
  }

  #drop(rel: string): void {
    const had = this.#entries.get(rel);
    if (!had) return;
    if (!this.#patch!.before.has(rel)) this.#patch!.before.set(rel, had);
    this.#entries.delete(rel);
    this.#bytes -= had.size;
    this.#version += 1;
  }

  /** Sets a file's entry, once per build. */
  #set(rel: string, entry: ManifestEntry): void {
    const p = this.#patch;
    const had = this.#entries.get(rel);
    if (p) {
      p.touched.add(rel);
      if (!p.before.has(rel)) p.before.set(rel, had);
    }
    if (had) this.#bytes -= had.size;
    this.#entries.set(rel, entry);
    this.#bytes += entry.size;
    this.#version += 1;
    // Files set after the sorted list was made (manifest parts and index) are placed in one copy,
    // not by sorting 120,000 entries again.
    const sorted = this.#sorted;
    if (sorted?.since && sorted.version + sorted.since.length === this.#version - 1) sorted.since.push({ had, entry });
  }

  /** Whether this build wrote or carried this file already. */
  #done(rel: string): boolean {
    return this.#patch ? this.#patch.touched.has(rel) : this.#entries.has(rel);
  }

  /** The previous release's files this build does not have, sorted. */
  deleted(): string[] {
    const prev = this.#previous?.files;
    if (!prev) return [];
    if (this.#patch) return [...this.#patch.before.keys()].filter((f) => prev.has(f) && !this.#entries.has(f)).sort();
    let kept = 0;
    for (const path of this.#entries.keys()) if (prev.has(path)) kept += 1;
    if (kept === prev.size) return [];
    return [...prev.keys()].filter((f) => !this.#entries.has(f)).sort();
  }

  /** Files written so far that are not pages or mirror files, in the order written. */
  others(): readonly string[] {
    return this.#others;
  }

  /** Keeps this build's layout with its entries for the next build of the session (startFromPrevious). */
  keepLayout(): void {
    if (!this.#kept) return;
    const sorted = this.#sorted;
    const since = sorted?.since && sorted.version + sorted.since.length === this.#version ? sorted.since : undefined;
    // The list the manifest was made from, and the entries set since (none replacing one of it).
    const kept = since?.every((s) => s.had === undefined) ? { sorted: sorted!.list, after: new Set(since.map((s) => s.entry)) } : { sorted: this.manifest(), after: new Set<ManifestEntry>() };
    this.#kept.layouts.set(this.#entries, { ...kept, others: [...this.#others], bytes: this.#bytes });
  }

  /** The manifest entry of a file written or carried so far. */
  entry(rel: string): ManifestEntry | undefined {
    return this.#entries.get(rel);
  }

  /** Every file's entry so far, by path (kept by a publish session as its next build's previous files). */
  entries(): ReadonlyMap<string, ManifestEntry> {
    return this.#entries;
  }

  /** Where a file of this build is on disk now: the staging folder, or out/ for one left in place. */
  locate(rel: string): string {
    return this.#staged.has(rel) || !this.#previous?.inPlace ? join(this.#disk.root, rel) : join(this.#previous.root, rel);
  }

  /** The entries whose bytes are in the staging folder, sorted by path. */
  staged(): ManifestEntry[] {
    return [...this.#staged].sort().map((p) => this.#entries.get(p)!);
  }

  /**
   * Queues one file; resolves once it is in flight. `known`: the sha256 and size of `data`, from its
   * maker (a kept sitemap or feed), so an unchanged one is carried without hashing it again.
   */
  async write(rel: string, data: string | Buffer, known?: ContentId): Promise<void> {
    await this.#write(rel, data, known);
    this.#others.push(rel);
  }

  /** write() of a page or a mirror file: files a build accounts for by its plan and snapshot, not as others(). */
  writeTracked(rel: string, data: string | Buffer, known?: ContentId): Promise<void> {
    return this.#write(rel, data, known);
  }

  async #write(rel: string, data: string | Buffer, known?: ContentId): Promise<void> {
    this.#disk.check();
    assertRelative(rel);
    if (this.#done(rel)) throw pressroomError('PR_OUTPUT_WRITE', { file: rel, detail: 'two outputs write this file' });
    const bytes = () => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    let buf = known ? undefined : bytes();
    const id = known ?? { sha256: createHash('sha256').update(buf!).digest('hex'), size: buf!.length };
    if (this.#previous?.files.get(rel)?.sha256 === id.sha256) return this.carry(rel, id);
    buf ??= bytes();
    this.#set(rel, { path: rel, sha256: id.sha256, size: buf.length });
    this.#staged.add(rel);
    await this.#disk.write(rel, buf);
  }

  /**
   * Carries the previous file of this path when `unchanged`: false when it cannot, else what carry
   * returns. Synchronous when nothing waits: asked of every API response (70,000 at 50,000 posts).
   */
  carryUnchanged(rel: string, unchanged: boolean): false | Promise<void> | undefined {
    const known = unchanged ? this.#previous?.files.get(rel) : undefined;
    if (!known) return false;
    return this.carry(rel, known);
  }

  /**
   * Carries the previous file of this path, whose hash and size are known (left in place, else a hard
   * link or a copy with its mtime). In place it is only recorded, synchronously; otherwise the promise
   * resolves once the link is in flight.
   */
  carry(rel: string, known: { sha256: string; size: number }): Promise<void> | undefined {
    if (!this.#previous) throw pressroomError('PR_INTERNAL', { detail: `${rel} is carried over from a previous release, but there is none` });
    this.#disk.check();
    assertRelative(rel);
    if (this.#done(rel)) throw pressroomError('PR_OUTPUT_WRITE', { file: rel, detail: 'two outputs write this file' });
    // The previous build's entry object when it is this file's (./manifest-text.ts keeps its printed block with it).
    const before = this.#previous.files.get(rel);
    const same = before?.sha256 === known.sha256 && before.size === known.size;
    this.#set(rel, same ? before! : { path: rel, sha256: known.sha256, size: known.size });
    this.#carried += 1;
    // Left where it is: out/ keeps it, and the spare gets it only if it lacks it.
    if (this.#previous.inPlace) return undefined;
    this.#staged.add(rel);
    return this.#disk.carry(rel, join(this.#previous.root, rel), known.size);
  }

  /** Waits for every queued write; throws the first failure. */
  flush(): Promise<void> {
    return this.#disk.flush();
  }

  /** Every file so far, sorted by path; sorted again only after a file was added. */
  manifest(): readonly ManifestEntry[] {
    const sorted = this.#sorted;
    if (sorted?.version === this.#version) return sorted.list;
    const since = sorted?.since && sorted.version + sorted.since.length === this.#version ? sorted.since : undefined;
    const placed = since && patchedList(sorted!.list, new Set(since.flatMap((s) => (s.had ? [s.had] : []))), since.map((s) => s.entry), byPath);
    this.#sorted = { version: this.#version, list: placed ?? this.#patchedManifest() ?? this.#sortedEntries(), since: [] };
    return this.#sorted.list;
  }

  /** Every entry sorted by path: in a session, patched from the last build's order (./kept.ts byPath); else sorted once. */
  #sortedEntries(): readonly ManifestEntry[] {
    const entries = [...this.#entries.values()];
    return this.#kept ? [...this.#kept.byPath.sort(entries)] : entries.sort(byPath);
  }

  /** Started from the previous release's files: their kept sorted list, without the entries replaced or dropped, with the new ones. */
  #patchedManifest(): readonly ManifestEntry[] | null {
    if (!this.#patch) return null;
    const { sorted, after } = this.#patch.layout;
    // The last build's entries outside its kept list must be gone from this one (each build writes them again, after this list).
    for (const a of after) if (this.#entries.get(a.path) === a) return null;
    const removed = new Set<ManifestEntry>();
    const added: ManifestEntry[] = [];
    for (const [rel, was] of this.#patch.before) {
      const now = this.#entries.get(rel);
      if (now === was) continue;
      if (was && !after.has(was)) removed.add(was);
      if (now) added.push(now);
    }
    return patchedList(sorted, removed, added, byPath);
  }

  /** Every file's path so far, in no order. */
  paths(): IterableIterator<string> {
    return this.#entries.keys();
  }
}
