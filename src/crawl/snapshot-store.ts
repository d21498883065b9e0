// The snapshot: every API response the site needs, keyed by request, after the
// shape check and normalisation (docs/architecture.md, "crawl"). Saved to disk it lets
// CI re-render byte-stable builds without the API, and its entry hashes tell
// a rebuild what changed.
//
// On disk (one folder; docs/operations.md, "The snapshot on disk"):
//   snapshot.ndjson  the base: one stable-JSON entry per line, sorted by key
//   journal.ndjson   what changed since the base, in save order: an entry line
//                    (replaces or adds its key) or {"deleted":true,"key":...}
//   meta.json        {version, createdAt, apiBase, entryCount, generation,
//                    base: {id, bytes, folding?}, journal: {bytes, lines}}
// meta.json is the commit marker and is replaced atomically (write + rename),
// always last. It records how many bytes of the journal are committed: a save
// appends the changed entries (O(change), not O(site)) and then commits the new
// length, so a save killed mid-append leaves a torn tail that readers ignore and
// the next save truncates. The base is rewritten whole ("compacted") only when
// the journal outgrows COMPACT_SHARE of it, or when the snapshot being saved was
// not derived from the one on disk (a full crawl, another folder, a stale copy).
// A compaction of a derived snapshot first commits its change to the journal
// with the new base's id in base.folding, then renames the new base into place:
// base + journal reads the same either way (replaying a journal is idempotent),
// so a kill at any point leaves a readable snapshot. A save of an unrelated
// snapshot renames its base before committing: a kill between the two leaves a
// base whose id meta.json does not name, refused (PR_SNAPSHOT_READ), and the
// next build crawls without conditional requests. Version 1 folders (no
// journal, no ids) still load. Reading and writing stream line by line so 10k+
// posts never become one giant string.
import type { Quarantined } from '../api/quarantine.ts';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { stableStringify } from '../core/json.ts';
import { pressroomError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/atomic-write.ts';
import { killPoint } from '../core/kill-point.ts';
import { snapshotKey } from '../api/endpoints.ts';
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';

/** 2 adds the journal; a version-1 reader would have read a stale base, so it must refuse these folders. */
export const SNAPSHOT_VERSION = 2;
export const SNAPSHOT_FILE = 'snapshot.ndjson';
export const JOURNAL_FILE = 'journal.ndjson';
export const META_FILE = 'meta.json';
/**
 * A save compacts when the committed journal would exceed this share of the
 * base's bytes: a load then reads at most 1.25x a compacted snapshot, and a
 * compaction (writing the base) comes after at least base/4 journal bytes, so
 * the bytes a save writes stay within 5x the changed bytes, amortised.
 */
export const COMPACT_SHARE = 0.25;

export interface SnapshotMeta {
  version: number;
  /** The build clock's time, not the wall clock: equal inputs give equal files. */
  createdAt: string;
  apiBase: string;
  /** Entries after the journal is applied. */
  entryCount: number;
  /** Version 2: one more on every save, so a save knows whether the folder is still the state its snapshot came from. */
  generation?: number;
  /** Version 2: the base's content id (snapshotContentId) and size; folding: the id of a base being renamed into place. */
  base?: { id: string; bytes: number; folding?: string };
  /** Version 2: the committed prefix of the journal (bytes beyond it are a torn append). */
  journal?: { bytes: number; lines: number };
}

export interface SnapshotInput {
  status: number;
  body: unknown;
  etag?: string;
  lastModified?: string;
  quarantined?: Quarantined[];
}

export function entryHash(status: number, body: unknown): string {
  return createHash('sha256').update(stableStringify({ status, body })).digest('hex');
}

/** One id for a snapshot's content: the sha256 of its keys and entry hashes, in key order (src/pipeline/shard.ts snapshotId). */
export function snapshotContentId(entries: Iterable<SnapshotEntry>): string {
  const h = createHash('sha256');
  for (const e of entries) h.update(`${e.key}\0${e.hash}\n`);
  return h.digest('hex');
}

const KEY_PREFIX = 'GET ';

/**
 * The saved line of each entry object, once written: entries are never mutated
 * and a change-driven build shares the unchanged ones with the previous
 * snapshot (Snapshot.copyOf), so a process that saves snapshot after snapshot
 * (pressroom watch) serialises only what changed.
 */
const LINES = new WeakMap<SnapshotEntry, string>();
const lineOf = (entry: SnapshotEntry): string => {
  let line = LINES.get(entry);
  if (line === undefined) LINES.set(entry, (line = `${stableStringify(entry)}\n`));
  return line;
};
const deletionLine = (path: string): string => `${stableStringify({ deleted: true, key: snapshotKey(path) })}\n`;

/** The saved state a snapshot equals, plus its changes since (Snapshot.#changed). */
interface Origin {
  dir: string;
  generation: number;
  base: { id: string; bytes: number; folding?: string };
  journal: { bytes: number; lines: number };
}

/** What a save did (tests, benchmarks). */
export interface SaveResult {
  mode: 'append' | 'compact';
  /** Lines appended to the journal (entries and deletions). */
  appended: number;
  generation: number;
}

export class Snapshot implements SnapshotView {
  readonly #entries = new Map<string, SnapshotEntry>();
  /** The folder state this snapshot was loaded or saved as, or was copied from one that was. */
  #origin: Origin | undefined;
  /** Paths set, put or deleted since #origin: what the next save appends. */
  #changed = new Set<string>();

  #version = 0;

  /** One more on every change of the entries: what is derived from them is kept per version (src/site/memo.ts). */
  get version(): number {
    return this.#version;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Stores a response under its API path and returns the entry (with its hash). */
  set(path: string, input: SnapshotInput): SnapshotEntry {
    // A 304 has no body: the caller must store the previous entry's body instead.
    if (input.body === undefined) throw pressroomError('PR_INTERNAL', { detail: `snapshot entry ${path} has no body` });
    const entry: SnapshotEntry = { key: snapshotKey(path), status: input.status, body: input.body, hash: entryHash(input.status, input.body) };
    if (input.etag !== undefined) entry.etag = input.etag;
    if (input.lastModified !== undefined) entry.lastModified = input.lastModified;
    if (input.quarantined?.length) entry.quarantined = input.quarantined;
    // A re-read that answered the same (a change-driven crawl re-reads lists that mostly did not move)
    // keeps the entry it has: nothing for the next save to append, and its saved line stays cached.
    const had = this.#entries.get(path);
    if (had && sameEntry(had, entry)) return had;
    this.#entries.set(path, entry);
    this.#changed.add(path);
    this.#version += 1;
    return entry;
  }

  /**
   * A snapshot holding the same entries (entries are never mutated, so they are
   * shared, not copied). It extends the same saved state, so saving it appends
   * only what is set or deleted in it from now on.
   */
  static copyOf(other: Snapshot): Snapshot {
    const copy = new Snapshot();
    for (const [path, entry] of other.#entries) copy.#entries.set(path, entry);
    copy.#origin = other.#origin;
    copy.#changed = new Set(other.#changed);
    return copy;
  }

  /** Drops a response the site no longer wants (a change-driven crawl prunes what a full crawl would not fetch). */
  delete(path: string): boolean {
    const had = this.#entries.delete(path);
    if (had) {
      this.#changed.add(path);
      this.#version += 1;
    }
    return had;
  }

  /** Adds an entry as read from disk or another snapshot (hash already computed). */
  put(entry: SnapshotEntry): void {
    const path = entry.key.slice(KEY_PREFIX.length);
    this.#entries.set(path, entry);
    this.#changed.add(path);
    this.#version += 1;
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
    return [...this.#entries.keys()].sort();
  }

  entries(): SnapshotEntry[] {
    return this.paths().map((p) => this.#entries.get(p)!);
  }

  /**
   * Saves into dir: appends what changed since the state on disk when this
   * snapshot extends it, else (or when the journal has grown too long) rewrites
   * the base. meta.json is written last, as the commit.
   */
  async save(dir: string, meta: { createdAt: string; apiBase: string }): Promise<SaveResult> {
    const abs = resolve(dir);
    const stamp = { createdAt: meta.createdAt, apiBase: meta.apiBase };
    const tmp = join(abs, `${SNAPSHOT_FILE}.tmp-${process.pid}`);
    try {
      await mkdir(abs, { recursive: true });
      const onDisk = await readMetaQuietly(abs);
      const origin = this.#origin;
      if (!origin || !(await extendsDisk(origin, abs, onDisk))) {
        // Not derived from what is on disk: a whole new base.
        const base = await writeBase(tmp, this.entries());
        await rename(tmp, join(abs, SNAPSHOT_FILE));
        const generation = (Number.isInteger(onDisk?.generation) ? onDisk!.generation! : 0) + 1;
        await this.#commit(abs, stamp, { dir: abs, generation, base, journal: { bytes: 0, lines: 0 } });
        await rm(join(abs, JOURNAL_FILE), { force: true });
        return { mode: 'compact', appended: 0, generation };
      }
      const changed = [...this.#changed].sort();
      const text = changed.map((p) => {
        const e = this.#entries.get(p);
        return e ? lineOf(e) : deletionLine(p);
      }).join('');
      const journal = { bytes: origin.journal.bytes + Buffer.byteLength(text), lines: origin.journal.lines + changed.length };
      const fold = journal.bytes > COMPACT_SHARE * origin.base.bytes;
      // Folding: the new base is written (not yet in place) before the journal commit that names it.
      const next = fold ? await writeBase(tmp, this.entries()) : undefined;
      await appendJournal(join(abs, JOURNAL_FILE), origin.journal.bytes, text);
      killPoint('snapshot-append');
      const appended: Origin = { dir: abs, generation: origin.generation + 1, base: { id: origin.base.id, bytes: origin.base.bytes, ...(next ? { folding: next.id } : {}) }, journal };
      await this.#commit(abs, stamp, appended);
      if (!next) return { mode: 'append', appended: changed.length, generation: appended.generation };
      await rename(tmp, join(abs, SNAPSHOT_FILE));
      killPoint('snapshot-fold');
      const generation = appended.generation + 1;
      await this.#commit(abs, stamp, { dir: abs, generation, base: next, journal: { bytes: 0, lines: 0 } });
      await rm(join(abs, JOURNAL_FILE), { force: true });
      return { mode: 'compact', appended: changed.length, generation };
    } catch (e) {
      await rm(tmp, { force: true });
      if ((e as { code?: string }).code === 'PR_OUTPUT_WRITE') throw e;
      throw pressroomError('PR_OUTPUT_WRITE', { file: dir, detail: (e as Error).message }, e);
    }
  }

  /** Writes meta.json (the commit) and makes origin the state this snapshot equals. */
  async #commit(dir: string, stamp: { createdAt: string; apiBase: string }, origin: Origin): Promise<void> {
    const m: SnapshotMeta = { version: SNAPSHOT_VERSION, ...stamp, entryCount: this.size, generation: origin.generation, base: origin.base, journal: origin.journal };
    await writeFileAtomic(join(dir, META_FILE), `${JSON.stringify(m, null, 2)}\n`);
    this.#origin = origin;
    this.#changed.clear();
  }

  /** Reads a saved snapshot, checking every line; PR_SNAPSHOT_READ names the folder, the file and the line. */
  static async load(dir: string): Promise<{ snapshot: Snapshot; meta: SnapshotMeta }> {
    const fail = (detail: string, cause?: unknown) => pressroomError('PR_SNAPSHOT_READ', { dir, detail }, cause);
    let meta: SnapshotMeta;
    try {
      meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SnapshotMeta;
    } catch (e) {
      throw fail(`${META_FILE}: ${(e as Error).message}`, e);
    }
    if ((meta?.version !== 1 && meta?.version !== SNAPSHOT_VERSION) || !Number.isInteger(meta.entryCount)) {
      throw fail(`${META_FILE}: unsupported version ${String(meta?.version)} or missing entryCount`);
    }
    const v2 = meta.version === SNAPSHOT_VERSION;
    if (v2 && !validV2(meta)) throw fail(`${META_FILE}: generation, base {id, bytes} or journal {bytes, lines} missing or malformed`);
    const snapshot = new Snapshot();
    const entries = snapshot.#entries;
    const id = createHash('sha256');
    let n = 0;
    let previous = '';
    await readLines(join(dir, SNAPSHOT_FILE), undefined, fail, (line, at) => {
      n = at;
      const entry = parseEntry(line, (d) => fail(`${SNAPSHOT_FILE} line ${at}: ${d}`));
      const path = entry.key.slice(KEY_PREFIX.length);
      if (entry.key <= previous) throw fail(`${SNAPSHOT_FILE} line ${at}: key ${entry.key} out of order or repeated`);
      previous = entry.key;
      entries.set(path, entry);
      id.update(`${entry.key}\0${entry.hash}\n`);
    });
    if (!v2) {
      if (n !== meta.entryCount) throw fail(`${SNAPSHOT_FILE} has ${n} entries, ${META_FILE} says ${meta.entryCount}`);
      return { snapshot, meta };
    }
    const baseId = id.digest('hex');
    if (baseId !== meta.base!.id && baseId !== meta.base!.folding) {
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
        const j = parseJournalLine(line, (d) => fail(`${JOURNAL_FILE} line ${at}: ${d}`));
        const path = j.key.slice(KEY_PREFIX.length);
        if ('deleted' in j) entries.delete(path);
        else entries.set(path, j);
      });
    }
    if (lines !== committed.lines) throw fail(`${JOURNAL_FILE} has ${lines} committed lines, ${META_FILE} says ${committed.lines}`);
    if (snapshot.size !== meta.entryCount) throw fail(`${SNAPSHOT_FILE} and ${JOURNAL_FILE} hold ${snapshot.size} entries, ${META_FILE} says ${meta.entryCount}`);
    snapshot.#origin = { dir: resolve(dir), generation: meta.generation!, base: meta.base!, journal: committed };
    return { snapshot, meta };
  }
}

function sameEntry(a: SnapshotEntry, b: SnapshotEntry): boolean {
  return a.key === b.key && a.hash === b.hash && a.status === b.status && a.etag === b.etag && a.lastModified === b.lastModified && stableStringify(a.quarantined ?? null) === stableStringify(b.quarantined ?? null);
}

function validV2(m: SnapshotMeta): boolean {
  const int = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  return int(m.generation) && typeof m.base?.id === 'string' && int(m.base.bytes) && (m.base.folding === undefined || typeof m.base.folding === 'string') && int(m.journal?.bytes) && int(m.journal?.lines);
}

async function readMetaQuietly(dir: string): Promise<SnapshotMeta | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SnapshotMeta;
  } catch {
    return undefined;
  }
}

/** Whether the folder still holds exactly the state origin describes (nothing saved over it since, no journal lost). */
async function extendsDisk(origin: Origin, dir: string, disk: SnapshotMeta | undefined): Promise<boolean> {
  if (!disk || disk.version !== SNAPSHOT_VERSION || !validV2(disk) || origin.dir !== dir) return false;
  if (disk.generation !== origin.generation || disk.base!.id !== origin.base.id || disk.base!.folding !== origin.base.folding) return false;
  if (disk.journal!.bytes !== origin.journal.bytes || disk.journal!.lines !== origin.journal.lines) return false;
  if (origin.journal.bytes === 0) return true;
  const size = await stat(join(dir, JOURNAL_FILE)).then((s) => s.size, () => -1);
  return size >= origin.journal.bytes;
}

/** Writes a sorted base to file, returning its content id and size. */
async function writeBase(file: string, entries: SnapshotEntry[]): Promise<{ id: string; bytes: number }> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const closed = once(out, 'close');
  let bytes = 0;
  try {
    for (const entry of entries) {
      const line = lineOf(entry);
      bytes += Buffer.byteLength(line);
      if (!out.write(line)) await once(out, 'drain');
    }
  } finally {
    out.end();
  }
  await closed;
  return { id: snapshotContentId(entries), bytes };
}

/** Cuts the journal back to its committed length (a torn, uncommitted append goes) and appends text. */
async function appendJournal(file: string, committed: number, text: string): Promise<void> {
  const fh = await open(file, 'a');
  try {
    await fh.truncate(committed);
    if (text) await fh.write(text);
  } finally {
    await fh.close();
  }
}

/** Calls each(line, number) for the lines of file (its first `bytes` bytes if given); stream errors become PR_SNAPSHOT_READ. */
async function readLines(file: string, bytes: number | undefined, fail: (detail: string, cause?: unknown) => Error, each: (line: string, at: number) => void): Promise<void> {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const input = createReadStream(file, { encoding: 'utf8', ...(bytes !== undefined ? { start: 0, end: bytes - 1 } : {}) });
  let n = 0;
  try {
    for await (const line of ndjsonLines(input)) each(line, ++n);
  } catch (e) {
    if ((e as { code?: string }).code === 'PR_SNAPSHOT_READ') throw e;
    throw fail(`${name}: ${(e as Error).message}`, e);
  } finally {
    input.destroy();
  }
}

/**
 * The lines of an ndjson stream, split at '\n' only. Not node:readline: from
 * Node 24 on it also ends a line at U+2028 and U+2029, which JSON strings may
 * hold unescaped (CMS text does), and a body would be cut in two.
 */
export async function* ndjsonLines(input: AsyncIterable<string>): AsyncGenerator<string> {
  let pending: string[] = [];
  for await (const chunk of input) {
    let start = 0;
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', start)) {
      pending.push(chunk.slice(start, i));
      yield pending.join('');
      pending = [];
      start = i + 1;
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
  }
  if (pending.length) yield pending.join('');
}

/** A journal line: an entry (replaces or adds its key) or a deletion marker. */
function parseJournalLine(line: string, fail: (detail: string) => Error): SnapshotEntry | { deleted: true; key: string } {
  const v = parseJson(line, fail) as { deleted?: unknown; key?: unknown };
  if (v !== null && typeof v === 'object' && 'deleted' in v) {
    if (v.deleted !== true || typeof v.key !== 'string' || !v.key.startsWith(`${KEY_PREFIX}/`) || Object.keys(v).length !== 2) throw fail('malformed deletion (expected {"deleted":true,"key":"GET /..."})');
    return { deleted: true, key: v.key };
  }
  return checkEntry(v as Partial<SnapshotEntry>, fail);
}

function parseJson(line: string, fail: (detail: string) => Error): unknown {
  try {
    return JSON.parse(line);
  } catch (e) {
    throw fail(`not JSON (${(e as Error).message})`);
  }
}

function parseEntry(line: string, fail: (detail: string) => Error): SnapshotEntry {
  return checkEntry(parseJson(line, fail) as Partial<SnapshotEntry>, fail);
}

function checkEntry(v: Partial<SnapshotEntry>, fail: (detail: string) => Error): SnapshotEntry {
  if (typeof v?.key !== 'string' || !v.key.startsWith(`${KEY_PREFIX}/`)) throw fail('missing or malformed key');
  if (!Number.isInteger(v.status)) throw fail(`${v.key}: status is not an integer`);
  if (!('body' in v)) throw fail(`${v.key}: no body`);
  // The hash is recomputed: a hand-edited or bit-rotted body is caught here,
  // not later as a page that silently differs.
  if (v.hash !== entryHash(v.status!, v.body)) throw fail(`${v.key}: hash does not match the body`);
  const entry: SnapshotEntry = { key: v.key, status: v.status!, body: v.body, hash: v.hash };
  if (typeof v.etag === 'string') entry.etag = v.etag;
  if (typeof v.lastModified === 'string') entry.lastModified = v.lastModified;
  if (v.quarantined !== undefined) {
    const ok = Array.isArray(v.quarantined) && v.quarantined.every((q) => typeof q?.endpoint === 'string' && typeof q.id === 'string' && typeof q.reason === 'string');
    if (!ok) throw fail(`${v.key}: quarantined is not a list of {endpoint, id, reason}`);
    entry.quarantined = v.quarantined.map((q) => ({ endpoint: q.endpoint, id: q.id, reason: q.reason }));
  }
  return entry;
}
