// The snapshot: every API response the site needs, keyed by request, after the
// shape check and normalisation (docs/architecture.md, "crawl"). Saved to disk it lets
// CI re-render byte-stable builds without the API, and its entry hashes tell
// a rebuild what changed.
//
// On disk (one folder):
//   snapshot.ndjson  one stable-JSON entry per line, sorted by key
//   meta.json        {version, createdAt, apiBase, entryCount}
// Both are written to a temporary name and renamed into place (rename is atomic
// on POSIX file systems), snapshot first and meta last, so meta.json is the
// commit marker: a killed save leaves the previous snapshot readable. Reading and
// writing stream line by line so 10k+ posts never become one giant string.
import type { Quarantined } from '../api/quarantine.ts';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { stableStringify } from '../core/json.ts';
import { pressroomError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/atomic-write.ts';
import { snapshotKey } from '../api/endpoints.ts';
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';

export const SNAPSHOT_VERSION = 1;
export const SNAPSHOT_FILE = 'snapshot.ndjson';
export const META_FILE = 'meta.json';

export interface SnapshotMeta {
  version: number;
  /** The build clock's time, not the wall clock: equal inputs give equal files. */
  createdAt: string;
  apiBase: string;
  entryCount: number;
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

export class Snapshot implements SnapshotView {
  readonly #entries = new Map<string, SnapshotEntry>();

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
    this.#entries.set(path, entry);
    return entry;
  }

  /** A snapshot holding the same entries (entries are never mutated, so they are shared, not copied). */
  static copyOf(other: Snapshot): Snapshot {
    const copy = new Snapshot();
    for (const [path, entry] of other.#entries) copy.#entries.set(path, entry);
    return copy;
  }

  /** Drops a response the site no longer wants (a change-driven crawl prunes what a full crawl would not fetch). */
  delete(path: string): boolean {
    return this.#entries.delete(path);
  }

  /** Adds an entry as read from disk or another snapshot (hash already computed). */
  put(entry: SnapshotEntry): void {
    this.#entries.set(entry.key.slice(KEY_PREFIX.length), entry);
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

  async save(dir: string, meta: { createdAt: string; apiBase: string }): Promise<void> {
    await mkdir(dir, { recursive: true });
    const file = join(dir, SNAPSHOT_FILE);
    const tmp = `${file}.tmp-${process.pid}`;
    try {
      const out = createWriteStream(tmp, { encoding: 'utf8' });
      const closed = once(out, 'close');
      for (const path of this.paths()) {
        if (!out.write(lineOf(this.#entries.get(path)!))) await once(out, 'drain');
      }
      out.end();
      await closed;
      await rename(tmp, file);
      const m: SnapshotMeta = { version: SNAPSHOT_VERSION, createdAt: meta.createdAt, apiBase: meta.apiBase, entryCount: this.size };
      await writeFileAtomic(join(dir, META_FILE), `${JSON.stringify(m, null, 2)}\n`);
    } catch (e) {
      await rm(tmp, { force: true });
      throw pressroomError('PR_OUTPUT_WRITE', { file: dir, detail: (e as Error).message }, e);
    }
  }

  /** Reads a saved snapshot, checking every line; PR_SNAPSHOT_READ names the folder and line. */
  static async load(dir: string): Promise<{ snapshot: Snapshot; meta: SnapshotMeta }> {
    const fail = (detail: string, cause?: unknown) => pressroomError('PR_SNAPSHOT_READ', { dir, detail }, cause);
    let meta: SnapshotMeta;
    try {
      meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SnapshotMeta;
    } catch (e) {
      throw fail(`${META_FILE}: ${(e as Error).message}`, e);
    }
    if (meta?.version !== SNAPSHOT_VERSION || !Number.isInteger(meta.entryCount)) {
      throw fail(`${META_FILE}: unsupported version ${String(meta?.version)} or missing entryCount`);
    }
    const snapshot = new Snapshot();
    const input = createReadStream(join(dir, SNAPSHOT_FILE), { encoding: 'utf8' });
    const lines = ndjsonLines(input);
    let n = 0;
    let previous = '';
    try {
      for await (const line of lines) {
        n += 1;
        const entry = parseEntry(line, (d) => fail(`${SNAPSHOT_FILE} line ${n}: ${d}`));
        if (entry.key <= previous) throw fail(`${SNAPSHOT_FILE} line ${n}: key ${entry.key} out of order or repeated`);
        previous = entry.key;
        snapshot.put(entry);
      }
    } catch (e) {
      if ((e as { code?: string }).code === 'PR_SNAPSHOT_READ') throw e;
      throw fail(`${SNAPSHOT_FILE}: ${(e as Error).message}`, e);
    } finally {
      input.destroy();
    }
    if (n !== meta.entryCount) throw fail(`${SNAPSHOT_FILE} has ${n} entries, ${META_FILE} says ${meta.entryCount}`);
    return { snapshot, meta };
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

function parseEntry(line: string, fail: (detail: string) => Error): SnapshotEntry {
  let v: Partial<SnapshotEntry>;
  try {
    v = JSON.parse(line) as Partial<SnapshotEntry>;
  } catch (e) {
    throw fail(`not JSON (${(e as Error).message})`);
  }
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
