// The snapshot: every API response the site needs, keyed by request, after the shape check and
// normalisation (docs/architecture.md, "crawl"). On disk it lets CI re-render byte-stable builds
// without the API; its entry hashes tell a rebuild what changed.
//
// On disk (docs/operations.md, "The snapshot on disk"):
//   snapshot.ndjson  the base: one stable-JSON entry per line, sorted by key
//   journal.ndjson   changes since the base, in save order: entry lines or {"deleted":true,"key":...}
//   meta.json        {version, createdAt, apiBase, entryCount, generation,
//                    base: {id, bytes, folding?}, journal: {bytes, lines}}
// meta.json is the commit marker, replaced atomically and last. It records the committed journal
// length, so a save appends only the change and a torn tail is ignored, then truncated. The base is
// rewritten ("compacted") only when the journal outgrows COMPACT_SHARE of it or the snapshot was not
// derived from the one on disk. A derived compaction first commits its change to the journal (new
// base id in base.folding), then renames the base: replaying is idempotent, so any kill leaves a
// readable snapshot. An unrelated save renames its base first: a kill then leaves a base meta.json
// does not name, refused (PR_SNAPSHOT_READ), and the next build crawls unconditionally. Version 1
// folders still load. Reads and writes stream line by line.
import type { Quarantined } from '../api/quarantine.ts';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { OverlayMap } from '../lists/overlay-map.ts';
import { ContentIdBuilder, idLine } from './content-id.ts';
import { firstNotBefore } from '../lists/sorted.ts';
import { pressroomError } from '../errors/errors.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { killPoint } from '../runtime/kill-point.ts';
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';
import { SNAPSHOT_KEY_PREFIX, snapshotKey } from '../api/endpoints.ts';
import {
  appendJournal, canonicalEntryHash, oneOffBodies, storedEntry, storesBody, textEntryHash, deletionLine, entryHash, markCanonical, extendsDisk, JOURNAL_FILE, lineOf, META_FILE, parseEntry, parseJournalLine, readLines, readMetaQuietly, sameEntry,
  SNAPSHOT_FILE, SNAPSHOT_VERSION, validV2, writeBase, type Origin, type SnapshotBodies, type SnapshotMeta,
} from './snapshot-files.ts';

export { entryHash, JOURNAL_FILE, META_FILE, ndjsonLines, oneOffBodies, SNAPSHOT_FILE, SNAPSHOT_VERSION, snapshotContentId, type SnapshotBodies, type SnapshotMeta } from './snapshot-files.ts';

/**
 * A save compacts when the journal would exceed this share of the base: a load reads at most 1.25x
 * a compacted snapshot, and a save writes within 5x the changed bytes, amortised.
 */
export const COMPACT_SHARE = 0.25;

export interface SnapshotInput {
  status: number;
  body: unknown;
  etag?: string;
  lastModified?: string;
  quarantined?: Quarantined[];
  /** The body's keys are already sorted (canonicalJson): its hash is taken without sorting it again. */
  canonical?: boolean;
}


/** Where `path` is or would go in the sorted `paths` (code-unit order, as Array.prototype.sort). */
function sortedIndex(paths: readonly string[], path: string): number {
  return firstNotBefore(paths, (p) => p < path);
}

/** Beside the base: the next base, written before the save commits (Snapshot.prepareSave). */
export const STAGED_SUFFIX = '.staged';

/** A save made up to its commit (Snapshot.prepareSave). */
export interface PreparedSave {
  /** Puts the prepared save in place; meta.json last. */
  commit(meta: { createdAt: string; apiBase: string }): Promise<SaveResult>;
  /** Drops the staged base: the save is not wanted (the build failed). */
  discard(): Promise<void>;
}

/** What a save did (tests, benchmarks). */
export interface SaveResult {
  mode: 'append' | 'compact';
  /** Lines appended to the journal (entries and deletions). */
  appended: number;
  generation: number;
}

// Each snapshot object's number, naming its states (Snapshot.state). Module-level on purpose: a
// state's name must be unique in the process; it holds nothing of a site.
let SNAPSHOTS_MADE = 0;
const NO_CHANGES: ReadonlySet<string> = new Set();
/** How many copies back Snapshot.changesSince answers: a watcher's last sixteen publishes. */
export const COPIES_KNOWN = 16;

export class Snapshot implements SnapshotView {
  /** Where its stored bodies go, and which (SnapshotBodies): a copy shares its original's. */
  readonly #bodies: SnapshotBodies;
  // A copy shares its original's entries, its changes on top (src/lists/overlay-map.ts).
  #entries = OverlayMap.empty<string, SnapshotEntry>();
  readonly #number = ++SNAPSHOTS_MADE;
  /** The state this snapshot was copied from (copyOf), and the paths set, put or deleted in it since. */
  #from: string | undefined;
  readonly #delta = new Set<string>();
  /**
   * For each earlier snapshot this one descends from by copyOf, newest first: the state it was
   * copied from and the paths changed since (a live set, so a superset). Answers kept per listing
   * are not refreshed every publish; knowing only the last copy remade them from every page of
   * the listing (12,000 posts in a category at 50,000).
   */
  #older: readonly { readonly from: string; readonly delta: ReadonlySet<string> }[] = [];
  /** changesSince's unions for states before #from, while the version they were made at lasts. */
  #unions = new Map<string, ReadonlySet<string>>();
  #unionsVersion = -1;
  #stateName: string | undefined;
  /** The folder state this snapshot was loaded or saved as, or was copied from one that was. */
  #origin: Origin | undefined;
  /** Paths set, put or deleted since #origin: what the next save appends. */
  #changed = new Set<string>();
  /** The paths sorted, kept up to date: sorting again per copy was tens of ms at 50,000 posts. */
  #sorted: string[] | undefined;
  /** Whether #sorted is also another snapshot's (a copy's until its first path comes or goes): copied before it changes. */
  #sortedShared = false;

  #version = 0;

  /** `bodies`: the session's (src/crawl/kept.ts) or, by default, a one-off build's. */
  constructor(bodies: SnapshotBodies = oneOffBodies()) {
    this.#bodies = bodies;
  }

  /** One more on every change of the entries: what is derived from them is kept per version (src/site/memo.ts). */
  get version(): number {
    return this.#version;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Names the entries this snapshot holds now. A copy (copyOf) is named as its original until it
   * changes, so what a process kept under the original's name is right for the copy too.
   */
  get state(): string {
    // One string per state: callers compare names per route, which is then comparing references.
    if (this.#from !== undefined && this.#delta.size === 0) return this.#from;
    return (this.#stateName ??= `${this.#number}.${this.#version}`);
  }

  /**
   * The paths whose entries may differ from those of state `state`, when known: none for its own,
   * the changed paths for the state it was copied from and, up to COPIES_KNOWN copies back, their
   * union; else undefined. Every other path has the very entry object it had then, so a change-driven
   * build checks the few changed paths instead of every dep of every route.
   */
  changesSince(state: string): ReadonlySet<string> | undefined {
    if (state === this.state) return NO_CHANGES;
    if (state === this.#from) return this.#delta;
    if (this.#unionsVersion !== this.#version) {
      this.#unions = new Map();
      this.#unionsVersion = this.#version;
    }
    const known = this.#unions.get(state);
    if (known) return known;
    // An earlier state of the line of copies: the paths changed in each copy since.
    const union = new Set(this.#delta);
    for (const link of this.#older) {
      for (const path of link.delta) union.add(path);
      if (link.from === state) {
        this.#unions.set(state, union);
        return union;
      }
    }
    return undefined;
  }

  #changedPath(path: string): void {
    this.#changed.add(path);
    if (this.#from !== undefined) this.#delta.add(path);
    this.#version += 1;
    this.#stateName = undefined;
  }

  /** Stores a response under its API path and returns the entry (with its hash). */
  set(path: string, input: SnapshotInput): SnapshotEntry {
    // A 304 has no body: the caller must store the previous entry's body instead.
    if (input.body === undefined) throw pressroomError('PR_INTERNAL', { detail: `snapshot entry ${path} has no body` });
    const key = snapshotKey(path);
    // A canonical body the body store keeps (post details; listings in a one-off build) is printed once, here: its hash and its stored text are that text.
    const text = input.canonical && storesBody(key, this.#bodies) ? JSON.stringify(input.body) : undefined;
    const hash = text !== undefined ? textEntryHash(input.status, text) : input.canonical ? canonicalEntryHash(input.status, input.body) : entryHash(input.status, input.body);
    const probe: SnapshotEntry = { key, status: input.status, body: input.body, hash };
    if (input.etag !== undefined) probe.etag = input.etag;
    if (input.lastModified !== undefined) probe.lastModified = input.lastModified;
    if (input.quarantined?.length) probe.quarantined = input.quarantined;
  // A re-read that answered the same keeps its entry: nothing to append or store again.
    const had = this.#entries.get(path);
    if (had && sameEntry(had, probe)) return had;
    const entry = text !== undefined ? storedEntry(probe, text, this.#bodies.store, input.body) : probe;
    if (input.canonical) markCanonical(entry);
    if (!had) this.#addPath(path);
    this.#entries.set(path, entry);
    this.#changedPath(path);
    return entry;
  }

  /**
   * A snapshot holding the same (immutable, shared) entries. It extends the same saved state, so
   * saving it appends only what changes in it from now on.
   */
  static copyOf(other: Snapshot): Snapshot {
    const copy = new Snapshot(other.#bodies);
    copy.#entries = OverlayMap.from(other.#entries);
    copy.#origin = other.#origin;
    copy.#changed = new Set(other.#changed);
    copy.#sorted = other.#sorted;
    copy.#sortedShared = other.#sortedShared = other.#sorted !== undefined;
    copy.#from = other.state;
    if (other.#from !== undefined) copy.#older = [{ from: other.#from, delta: other.#delta }, ...other.#older].slice(0, COPIES_KNOWN - 1);
    return copy;
  }

  /** Drops a response the site no longer wants (a change-driven crawl prunes what a full crawl would not fetch). */
  delete(path: string): boolean {
    const had = this.#entries.delete(path);
    if (had) {
      if (this.#sorted) this.#ownSorted().splice(sortedIndex(this.#sorted, path), 1);
      this.#changedPath(path);
    }
    return had;
  }

  /** Adds an entry as read from disk or another snapshot (hash already computed). */
  put(entry: SnapshotEntry): void {
    const path = entry.key.slice(SNAPSHOT_KEY_PREFIX.length);
    const had = this.#entries.get(path);
  // The entry it holds already (a 304 on a copy): no change, nothing derived is remade.
    if (had === entry) return;
    if (!had) this.#addPath(path);
    this.#entries.set(path, entry);
    this.#changedPath(path);
  }

  /** A path new to the snapshot, in its place among the sorted ones (when they are kept). */
  #addPath(path: string): void {
    if (this.#sorted) this.#ownSorted().splice(sortedIndex(this.#sorted, path), 0, path);
  }

  /** The sorted paths, this snapshot's own to change. */
  #ownSorted(): string[] {
    if (this.#sortedShared) {
      this.#sorted = this.#sorted!.slice();
      this.#sortedShared = false;
    }
    return this.#sorted!;
  }

  has(path: string): boolean {
    return this.#entries.has(path);
  }

  get(path: string): SnapshotEntry | undefined {
    return this.#entries.get(path);
  }

  ok<T>(path: string): T | undefined {
    const e = this.#entries.get(path);
    return e && e.status >= 200 && e.status <= 299 ? (e.body as T) : undefined;
  }

  /** API paths in sorted order, so everything derived from them is deterministic. */
  paths(): string[] {
    this.#sorted ??= [...this.#entries.keys()].sort();
    return this.#sorted.slice();
  }

  /** The paths in sorted order, without a copy: not to be changed, and read before the snapshot changes (./content-id.ts). */
  sortedPaths(): readonly string[] {
    return (this.#sorted ??= [...this.#entries.keys()].sort());
  }

  entries(): SnapshotEntry[] {
    this.#sorted ??= [...this.#entries.keys()].sort();
    return this.#sorted.map((p) => this.#entries.get(p)!);
  }

  /** Saves into dir: appends the change when it extends the state on disk, else rewrites the base. */
  async save(dir: string, meta: { createdAt: string; apiBase: string }): Promise<SaveResult> {
    return (await this.prepareSave(dir)).commit(meta);
  }

  /**
   * The part of a save no reader of dir sees: a new base staged beside the committed one, the
   * journal's text made. A build runs it while it renders and commits after the publish
   * (src/pipeline/index.ts). A kill leaves at most the staged file. The snapshot must not change
   * between the two.
   */
  async prepareSave(dir: string): Promise<PreparedSave> {
    const abs = resolve(dir);
    const staged = join(abs, `${SNAPSHOT_FILE}${STAGED_SUFFIX}`);
    const fail = (e: unknown): never => {
      if ((e as { code?: string }).code === 'PR_OUTPUT_WRITE') throw e;
      throw pressroomError('PR_OUTPUT_WRITE', { file: dir, detail: (e as Error).message }, e);
    };
    const failing = async (e: unknown): Promise<never> => {
      await rm(staged, { force: true });
      return fail(e);
    };
    let commit: (stamp: { createdAt: string; apiBase: string }) => Promise<SaveResult>;
    try {
      await mkdir(abs, { recursive: true });
      const onDisk = await readMetaQuietly(abs);
      const origin = this.#origin;
      if (!origin || !(await extendsDisk(origin, abs, onDisk))) {
        // Not derived from what is on disk: a whole new base.
        const base = await writeBase(staged, this.entries());
        commit = async (stamp) => {
          await rename(staged, join(abs, SNAPSHOT_FILE));
          const generation = (Number.isInteger(onDisk?.generation) ? onDisk!.generation! : 0) + 1;
          await this.#commit(abs, stamp, { dir: abs, generation, base, journal: { bytes: 0, lines: 0 } });
          await rm(join(abs, JOURNAL_FILE), { force: true });
          return { mode: 'compact', appended: 0, generation };
        };
      } else {
        const changed = [...this.#changed].sort();
        const text = changed.map((p) => {
          const e = this.#entries.get(p);
          return e ? lineOf(e) : deletionLine(p);
        }).join('');
        const journal = { bytes: origin.journal.bytes + Buffer.byteLength(text), lines: origin.journal.lines + changed.length };
        const fold = journal.bytes > COMPACT_SHARE * origin.base.bytes;
        // Folding: the new base is written (not yet in place) before the journal commit that names it.
        const next = fold ? await writeBase(staged, this.entries()) : undefined;
        commit = async (stamp) => {
          await appendJournal(join(abs, JOURNAL_FILE), origin.journal.bytes, text);
          killPoint('snapshot-append');
          const appended: Origin = { dir: abs, generation: origin.generation + 1, base: { id: origin.base.id, bytes: origin.base.bytes, ...(next ? { folding: next.id } : {}) }, journal };
          await this.#commit(abs, stamp, appended);
          if (!next) return { mode: 'append', appended: changed.length, generation: appended.generation };
          await rename(staged, join(abs, SNAPSHOT_FILE));
          killPoint('snapshot-fold');
          const generation = appended.generation + 1;
          await this.#commit(abs, stamp, { dir: abs, generation, base: next, journal: { bytes: 0, lines: 0 } });
          await rm(join(abs, JOURNAL_FILE), { force: true });
          return { mode: 'compact', appended: changed.length, generation };
        };
      }
    } catch (e) {
      return failing(e);
    }
    return {
      commit: (meta) => commit({ createdAt: meta.createdAt, apiBase: meta.apiBase }).catch(failing),
      discard: () => rm(staged, { force: true }),
    };
  }

  /** Writes meta.json (the commit) and makes origin the state this snapshot equals. */
  async #commit(dir: string, stamp: { createdAt: string; apiBase: string }, origin: Origin): Promise<void> {
    const m: SnapshotMeta = { version: SNAPSHOT_VERSION, ...stamp, entryCount: this.size, generation: origin.generation, base: origin.base, journal: origin.journal };
    await writeFileAtomic(join(dir, META_FILE), `${JSON.stringify(m, null, 2)}\n`);
    this.#origin = origin;
    this.#changed.clear();
  }

  /** Reads a saved snapshot, checking every line. `bodies`: where stored bodies go (default one-off). */
  static async load(dir: string, bodies: SnapshotBodies = oneOffBodies()): Promise<{ snapshot: Snapshot; meta: SnapshotMeta }> {
    const fail = (detail: string, cause?: unknown) => pressroomError('PR_SNAPSHOT_READ', { dir, detail }, cause);
    let meta: SnapshotMeta;
    try {
      meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SnapshotMeta;
    } catch (e) {
      throw fail(`${META_FILE}: ${(e as Error).message}`, e);
    }
    // A newer format is refused, never read as far as it goes nor saved over (docs/operations.md, "What sits beside `out/`").
    if (typeof meta?.version === 'number' && meta.version > SNAPSHOT_VERSION) throw pressroomError('PR_STATE_NEWER', { what: 'snapshot', dir, found: meta.version, supported: SNAPSHOT_VERSION });
    if ((meta?.version !== 1 && meta?.version !== SNAPSHOT_VERSION) || !Number.isInteger(meta.entryCount)) {
      throw fail(`${META_FILE}: unsupported version ${String(meta?.version)} or missing entryCount`);
    }
    const v2 = meta.version === SNAPSHOT_VERSION;
    if (v2 && !validV2(meta)) throw fail(`${META_FILE}: generation, base {id, bytes} or journal {bytes, lines} missing or malformed`);
    const snapshot = new Snapshot(bodies);
    // One flat map as the overlay's base: loaded as its changes, the first copy flattened every
    // entry (14 ms at 50,000 posts).
    const entries = new Map<string, SnapshotEntry>();
    const id = new ContentIdBuilder();
    // The id a base saved before content ids came in runs was named by (docs/decisions/0068-kept-state.md): still read.
    const legacyId = createHash('sha256');
    let n = 0;
    let previous = '';
    await readLines(join(dir, SNAPSHOT_FILE), undefined, fail, (line, at) => {
      n = at;
      const entry = parseEntry(line, (d) => fail(`${SNAPSHOT_FILE} line ${at}: ${d}`), bodies);
      const path = entry.key.slice(SNAPSHOT_KEY_PREFIX.length);
      if (entry.key <= previous) throw fail(`${SNAPSHOT_FILE} line ${at}: key ${entry.key} out of order or repeated`);
      previous = entry.key;
      entries.set(path, entry);
      id.add(entry);
      legacyId.update(idLine(entry));
    });
    if (!v2) {
      if (n !== meta.entryCount) throw fail(`${SNAPSHOT_FILE} has ${n} entries, ${META_FILE} says ${meta.entryCount}`);
      snapshot.#entries = OverlayMap.from(entries);
      return { snapshot, meta };
    }
    const ids = [id.id(), legacyId.digest('hex')];
    if (!ids.includes(meta.base!.id) && !ids.includes(meta.base!.folding ?? '')) {
      throw fail(`${SNAPSHOT_FILE} is not the base ${META_FILE} commits (a save was interrupted, or the file was replaced)`);
    }
    const committed = meta.journal!;
    let lines = 0;
    if (committed.bytes > 0) {
      const size = await stat(join(dir, JOURNAL_FILE)).then((s) => s.size, () => -1);
      if (size < committed.bytes) throw fail(`${JOURNAL_FILE} has ${Math.max(size, 0)} bytes, ${META_FILE} commits ${committed.bytes}`);
      // Only the committed prefix: anything beyond it is an append that was never committed.
      await readLines(join(dir, JOURNAL_FILE), committed.bytes, fail, (line, at) => {
        lines = at;
        const j = parseJournalLine(line, (d) => fail(`${JOURNAL_FILE} line ${at}: ${d}`), bodies);
        const path = j.key.slice(SNAPSHOT_KEY_PREFIX.length);
        if ('deleted' in j) entries.delete(path);
        else entries.set(path, j);
      });
    }
    if (lines !== committed.lines) throw fail(`${JOURNAL_FILE} has ${lines} committed lines, ${META_FILE} says ${committed.lines}`);
    snapshot.#entries = OverlayMap.from(entries);
    if (snapshot.size !== meta.entryCount) throw fail(`${SNAPSHOT_FILE} and ${JOURNAL_FILE} hold ${snapshot.size} entries, ${META_FILE} says ${meta.entryCount}`);
    snapshot.#origin = { dir: resolve(dir), generation: meta.generation!, base: meta.base!, journal: committed };
    return { snapshot, meta };
  }
}

