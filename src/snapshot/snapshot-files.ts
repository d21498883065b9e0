// The snapshot's files (./snapshot-store.ts has the layout and the save and load protocol): names,
// meta.json's shape, the entry hash and content id, and the line-level reading and writing, each
// line checked as it is read (PR_SNAPSHOT_READ names the file and line).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../encoding/json.ts';
import { SNAPSHOT_KEY_PREFIX, snapshotKey } from '../api/endpoints.ts';
import type { SnapshotEntry } from '../site/types.ts';
import { BodyStore, type StoredText } from './body-store.ts';
import { contentIdOf } from './content-id.ts';
import { writePieces } from '../files/atomic-write.ts';
import { writeFault, writeFaultAfterOpen } from '../files/write-fault.ts';

/** 2 adds the journal; a version-1 reader would have read a stale base, so it must refuse these folders. */
export const SNAPSHOT_VERSION = 2;
export const SNAPSHOT_FILE = 'snapshot.ndjson';
export const JOURNAL_FILE = 'journal.ndjson';
export const META_FILE = 'meta.json';

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

export function entryHash(status: number, body: unknown): string {
  return createHash('sha256').update(stableStringify({ status, body })).digest('hex');
}

/** stableStringify({status, body}) for a body whose keys are sorted already (src/encoding/json.ts canonicalJson), without sorting it again. */
export const canonicalStatusBody = (status: number, body: unknown): string => statusBodyText(status, JSON.stringify(body));

/** canonicalStatusBody of a body given as its canonical JSON text (a stored body, never parsed to print it). */
export const statusBodyText = (status: number, text: string): string => `{"body":${text},"status":${JSON.stringify(status)}}`;

/** entryHash of a body whose keys are sorted already: the same text, without sorting it again. */
export function canonicalEntryHash(status: number, body: unknown): string {
  return textEntryHash(status, JSON.stringify(body));
}

/** canonicalEntryHash of a body given as its canonical JSON text. */
export const textEntryHash = (status: number, text: string): string => createHash('sha256').update(statusBodyText(status, text)).digest('hex');

/**
 * Where a snapshot keeps the bodies it stores: post details always go to the body store
 * (./body-store.ts), not the heap: they are most of its bytes and each is read only a few times.
 * With `listings`, so do the paginated listings (about 100 MB of text at 50,000 posts): a one-off
 * build stores them, a publish session keeps them parsed so a change-driven plan does not parse
 * the unchanged ones again (docs/decisions/0068-kept-state.md, 0069-build-memory.md). Either gives
 * the same bodies; an entry keeps how it was made.
 */
export interface SnapshotBodies {
  readonly store: BodyStore;
  readonly listings: boolean;
}

/** A one-off build's: a store of its own, listings stored too. */
export const oneOffBodies = (): SnapshotBodies => ({ store: new BodyStore(), listings: true });

const DETAILS_KEY = /^GET \/api\/post\/postdetails\//;
const LISTING_KEY = /^GET \/api\/(?:post\/topic|author\/posts)\b/;
export const storesBody = (key: string, bodies: SnapshotBodies): boolean => DETAILS_KEY.test(key) || (bodies.listings && LISTING_KEY.test(key));

/**
 * Entries whose body is canonical JSON text in a body store, and where; their `body` getter parses
 * on each read (the store keeps the last few). Module-level: a fact of an entry that never changes.
 */
const STORED = new WeakMap<SnapshotEntry, StoredText>();

/** The entry of `from` whose body is `text`, canonical JSON, kept in `store` (keys that storesBody). */
export function storedEntry(from: Omit<SnapshotEntry, 'body'>, text: string, store: BodyStore, body?: unknown): SnapshotEntry {
  const at = store.store(text);
  const entry: SnapshotEntry = {
    key: from.key,
    status: from.status,
    get body(): unknown {
      return store.parsed(at);
    },
    hash: from.hash,
  };
  if (from.etag !== undefined) entry.etag = from.etag;
  if (from.lastModified !== undefined) entry.lastModified = from.lastModified;
  if (from.quarantined !== undefined) entry.quarantined = from.quarantined;
  STORED.set(entry, at);
  CANONICAL.add(entry);
  // A caller holding the body parsed (the crawl's discovery): the first read does not parse it again.
  if (body !== undefined) store.remember(at, body);
  return entry;
}

/** The canonical JSON text of an entry's body when a body store holds it (else undefined: print the body). */
export function storedText(entry: SnapshotEntry): string | undefined {
  const at = STORED.get(entry);
  return at && at.store.read(at);
}

/** One id for a snapshot's content, from its entries in key order (./content-id.ts; src/pipeline/shard.ts snapshotId). */
export function snapshotContentId(entries: Iterable<SnapshotEntry>): string {
  return contentIdOf(Array.isArray(entries) ? entries : [...entries]);
}


/**
 * Entries whose body's keys are known sorted (a canonical crawl body, or a loaded line that hashed
 * as written): printed without sorting a copy first. Module-level: a fact of an entry, as STORED.
 */
const CANONICAL = new WeakSet<SnapshotEntry>();
export const markCanonical = (entry: SnapshotEntry): void => void CANONICAL.add(entry);
export const isCanonical = (entry: SnapshotEntry): boolean => CANONICAL.has(entry);

/**
 * The saved line of an entry: its stable JSON. Not cached: that doubled a large snapshot's memory
 * to save work only in a compaction, which is rare.
 */
export function lineOf(entry: SnapshotEntry): string {
  if (!CANONICAL.has(entry)) return `${stableStringify(entry)}\n`;
  // The keys of SnapshotEntry in sorted order, as stableStringify prints them.
  let line = `{"body":${storedText(entry) ?? JSON.stringify(entry.body)}`;
  if (entry.etag !== undefined) line += `,"etag":${JSON.stringify(entry.etag)}`;
  line += `,"hash":${JSON.stringify(entry.hash)},"key":${JSON.stringify(entry.key)}`;
  if (entry.lastModified !== undefined) line += `,"lastModified":${JSON.stringify(entry.lastModified)}`;
  if (entry.quarantined !== undefined) line += `,"quarantined":${stableStringify(entry.quarantined)}`;
  return `${line},"status":${JSON.stringify(entry.status)}}\n`;
}
export const deletionLine = (path: string): string => `${stableStringify({ deleted: true, key: snapshotKey(path) })}\n`;


/** The saved state a snapshot equals, plus its changes since (Snapshot.#changed). */
export interface Origin {
  dir: string;
  generation: number;
  base: { id: string; bytes: number; folding?: string };
  journal: { bytes: number; lines: number };
}


export function sameEntry(a: SnapshotEntry, b: SnapshotEntry): boolean {
  return a.key === b.key && a.hash === b.hash && a.status === b.status && a.etag === b.etag && a.lastModified === b.lastModified && stableStringify(a.quarantined ?? null) === stableStringify(b.quarantined ?? null);
}

export function validV2(m: SnapshotMeta): boolean {
  const int = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  return int(m.generation) && typeof m.base?.id === 'string' && int(m.base.bytes) && (m.base.folding === undefined || typeof m.base.folding === 'string') && int(m.journal?.bytes) && int(m.journal?.lines);
}

export async function readMetaQuietly(dir: string): Promise<SnapshotMeta | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SnapshotMeta;
  } catch {
    return undefined;
  }
}

/** Whether the folder still holds exactly the state origin describes (nothing saved over it since, no journal lost). */
export async function extendsDisk(origin: Origin, dir: string, disk: SnapshotMeta | undefined): Promise<boolean> {
  if (!disk || disk.version !== SNAPSHOT_VERSION || !validV2(disk) || origin.dir !== dir) return false;
  if (disk.generation !== origin.generation || disk.base!.id !== origin.base.id || disk.base!.folding !== origin.base.folding) return false;
  if (disk.journal!.bytes !== origin.journal.bytes || disk.journal!.lines !== origin.journal.lines) return false;
  if (origin.journal.bytes === 0) return true;
  const size = await stat(join(dir, JOURNAL_FILE)).then((s) => s.size, () => -1);
  return size >= origin.journal.bytes;
}

/**
 * Writes a sorted base, returning its content id and size. Plain awaited writes, not a stream (whose
 * error on a full disk was an unhandled rejection); on failure the caller removes the file.
 */
export async function writeBase(file: string, entries: SnapshotEntry[]): Promise<{ id: string; bytes: number }> {
  let bytes = 0;
  function* lines() {
    for (const entry of entries) {
      const line = lineOf(entry);
      bytes += Buffer.byteLength(line);
      yield line;
    }
  }
  const fh = await open(file, 'w');
  try {
    await writeFaultAfterOpen(file);
    await writePieces(fh, lines());
  } finally {
    await fh.close();
  }
  return { id: snapshotContentId(entries), bytes };
}

/** Cuts the journal back to its committed length and appends text; a failed append is cut off again. */
export async function appendJournal(file: string, committed: number, text: string): Promise<void> {
  const fh = await open(file, 'a');
  try {
    await fh.truncate(committed);
    writeFault(file);
    if (text) await fh.write(text);
  } catch (e) {
    await fh.truncate(committed).catch(() => undefined);
    throw e;
  } finally {
    await fh.close();
  }
}

/** Calls each(line, number) for the lines of file (its first `bytes` bytes if given); stream errors become PR_SNAPSHOT_READ. */
export async function readLines(file: string, bytes: number | undefined, fail: (detail: string, cause?: unknown) => Error, each: (line: string, at: number) => void): Promise<void> {
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
 * The lines of an ndjson stream, split at '\n' only. Not node:readline: from Node 24 it also splits
 * at U+2028/U+2029, which JSON strings may hold unescaped.
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
export function parseJournalLine(line: string, fail: (detail: string) => Error, bodies: SnapshotBodies): SnapshotEntry | { deleted: true; key: string } {
  const v = parseJson(line, fail) as { deleted?: unknown; key?: unknown };
  if (v !== null && typeof v === 'object' && 'deleted' in v) {
    if (v.deleted !== true || typeof v.key !== 'string' || !v.key.startsWith(`${SNAPSHOT_KEY_PREFIX}/`) || Object.keys(v).length !== 2) throw fail('malformed deletion (expected {"deleted":true,"key":"GET /..."})');
    return { deleted: true, key: v.key };
  }
  return checkEntry(v as Partial<SnapshotEntry>, fail, bodies);
}

function parseJson(line: string, fail: (detail: string) => Error): unknown {
  try {
    return JSON.parse(line);
  } catch (e) {
    throw fail(`not JSON (${(e as Error).message})`);
  }
}

/** An entry line, a stored body going into `bodies` (storesBody). */
export function parseEntry(line: string, fail: (detail: string) => Error, bodies: SnapshotBodies): SnapshotEntry {
  return checkEntry(parseJson(line, fail) as Partial<SnapshotEntry>, fail, bodies);
}

function checkEntry(v: Partial<SnapshotEntry>, fail: (detail: string) => Error, bodies: SnapshotBodies): SnapshotEntry {
  if (typeof v?.key !== 'string' || !v.key.startsWith(`${SNAPSHOT_KEY_PREFIX}/`)) throw fail('missing or malformed key');
  if (!Number.isInteger(v.status)) throw fail(`${v.key}: status is not an integer`);
  if (!('body' in v)) throw fail(`${v.key}: no body`);
  // The hash is recomputed so a hand-edited or bit-rotted body is caught here. Pressroom saves bodies
  // with sorted keys, so only another's text is sorted first.
  const text = JSON.stringify(v.body);
  const canonical = v.hash === textEntryHash(v.status!, text);
  if (!canonical && v.hash !== entryHash(v.status!, v.body)) throw fail(`${v.key}: hash does not match the body`);
  // A canonical body the store keeps goes there as the text just printed (storedEntry); any other is kept as parsed.
  const entry: SnapshotEntry = canonical && storesBody(v.key, bodies) ? storedEntry({ key: v.key, status: v.status!, hash: v.hash! }, text, bodies.store) : { key: v.key, status: v.status!, body: v.body, hash: v.hash! };
  if (canonical) CANONICAL.add(entry);
  if (typeof v.etag === 'string') entry.etag = v.etag;
  if (typeof v.lastModified === 'string') entry.lastModified = v.lastModified;
  if (v.quarantined !== undefined) {
    const ok = Array.isArray(v.quarantined) && v.quarantined.every((q) => typeof q?.endpoint === 'string' && typeof q.id === 'string' && typeof q.reason === 'string');
    if (!ok) throw fail(`${v.key}: quarantined is not a list of {endpoint, id, reason}`);
    entry.quarantined = v.quarantined.map((q) => ({ endpoint: q.endpoint, id: q.id, reason: q.reason }));
  }
  return entry;
}
