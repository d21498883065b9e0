// The saved snapshot's keys, hashes and validators, read without its bodies (src/pipeline/unchanged.ts:
// a scheduled run that may find nothing changed asks the API about every entry before it decides to
// load anything). A line is `{"body":...,<etag>,"hash":...,"key":...,<lastModified>,<quarantined>,"status":...}`
// (./snapshot-files.ts lineOf, keys in sorted order), so everything after the body is found from the
// line's end: the last `,"hash":"` is the top level's (a string value holds `"` only escaped, the
// fields after it are strings, a list of {endpoint, id, reason} and a number), and only its tail is
// parsed. Bodies are most of the bytes (73 MB at 10,000 posts): parsing them is what this avoids.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SNAPSHOT_KEY_PREFIX } from '../api/endpoints.ts';
import { ContentIdBuilder } from './content-id.ts';
import { JOURNAL_FILE, META_FILE, SNAPSHOT_FILE, SNAPSHOT_VERSION, validV2, type SnapshotMeta } from './snapshot-files.ts';

/** One saved entry without its body: what a conditional request and the content id need. */
export interface SavedValidator {
  key: string;
  hash: string;
  status: number;
  etag?: string;
  lastModified?: string;
}

export interface SavedValidators {
  meta: SnapshotMeta;
  /** In key order. */
  entries: SavedValidator[];
  /** The snapshot's content id (src/pipeline/shard.ts snapshotId), from the keys and hashes. */
  id: string;
}

const HASH_MARK = ',"hash":"';
const ETAG_MARK = ',"etag":';
const DELETED = '{"deleted":true,';
/** Enough of a line's end for every field after the body, almost always (else the whole line is taken). */
const TAIL_BYTES = 4096;

/**
 * The validators of a version-2 snapshot folder, or undefined when it is missing, of another
 * version, or does not read as meta.json commits it (the caller then loads it the usual way, which
 * names what is wrong).
 */
export async function readValidators(dir: string): Promise<SavedValidators | undefined> {
  let meta: SnapshotMeta;
  try {
    meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SnapshotMeta;
  } catch {
    return undefined;
  }
  if (meta?.version !== SNAPSHOT_VERSION || !validV2(meta) || !Number.isInteger(meta.entryCount)) return undefined;
  const byKey = new Map<string, SavedValidator>();
  try {
    await eachLineTail(join(dir, SNAPSHOT_FILE), undefined, (tail) => {
      const v = validatorOf(tail);
      if (!v) throw new Error('unreadable line');
      byKey.set(v.key, v);
    });
    if (meta.journal!.bytes > 0) {
      await eachLineTail(join(dir, JOURNAL_FILE), meta.journal!.bytes, (tail, whole) => {
        if (whole && tail.startsWith(DELETED)) {
          const d = JSON.parse(tail) as { key?: unknown };
          if (typeof d.key !== 'string') throw new Error('unreadable deletion');
          byKey.delete(d.key);
          return;
        }
        const v = validatorOf(tail);
        if (!v) throw new Error('unreadable line');
        byKey.set(v.key, v);
      });
    }
  } catch {
    return undefined;
  }
  if (byKey.size !== meta.entryCount) return undefined;
  const entries = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const id = new ContentIdBuilder();
  for (const e of entries) id.add(e);
  return { meta, entries, id: id.id() };
}

/** The request path of a saved key (`GET /api/...`). */
export const pathOfKey = (key: string): string => key.slice(SNAPSHOT_KEY_PREFIX.length);

/** The fields after the body of an entry line's end, or undefined. */
export function validatorOf(tail: string): SavedValidator | undefined {
  const at = tail.lastIndexOf(HASH_MARK);
  if (at < 0) return undefined;
  let rest: { hash?: unknown; key?: unknown; status?: unknown; lastModified?: unknown };
  try {
    rest = JSON.parse(`{${tail.slice(at + 1)}`);
  } catch {
    return undefined;
  }
  if (typeof rest.hash !== 'string' || typeof rest.key !== 'string' || !rest.key.startsWith(SNAPSHOT_KEY_PREFIX) || !Number.isInteger(rest.status)) return undefined;
  const v: SavedValidator = { key: rest.key, hash: rest.hash, status: rest.status as number };
  const etag = etagBefore(tail, at);
  if (etag !== undefined) v.etag = etag;
  if (typeof rest.lastModified === 'string') v.lastModified = rest.lastModified;
  return v;
}

/** The etag string ending just before `end`, when the field there is `,"etag":"..."` (else the body ends there). */
function etagBefore(tail: string, end: number): string | undefined {
  if (tail[end - 1] !== '"') return undefined;
  // Back to the string's opening quote: the first `"` not escaped by an odd run of backslashes.
  for (let q = end - 2; q >= 0; q--) {
    if (tail[q] !== '"') continue;
    let slashes = 0;
    while (q - 1 - slashes >= 0 && tail[q - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 1) continue;
    if (tail.slice(q - ETAG_MARK.length, q) !== ETAG_MARK) return undefined;
    try {
      return JSON.parse(tail.slice(q, end)) as string;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Calls each(tail, whole) with the last TAIL_BYTES or more of every line of `file` (its first
 * `bytes` if given), `whole` when that is the entire line. Lines are cut at '\n' bytes: UTF-8 never
 * has that byte inside a character.
 */
async function eachLineTail(file: string, bytes: number | undefined, each: (tail: string, whole: boolean) => void): Promise<void> {
  const input = createReadStream(file, bytes !== undefined ? { start: 0, end: bytes - 1 } : {});
  // The current line's pieces, only the last ones kept once they hold TAIL_BYTES.
  let pieces: Buffer[] = [];
  let held = 0;
  let dropped = false;
  const hold = (b: Buffer) => {
    pieces.push(b);
    held += b.length;
    while (pieces.length > 1 && held - pieces[0].length >= TAIL_BYTES) {
      held -= pieces.shift()!.length;
      dropped = true;
    }
  };
  const end = () => {
    const line = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
    const cut = line.length > TAIL_BYTES ? line.length - TAIL_BYTES : 0;
    if (line.length > 0) each(line.subarray(cut).toString('utf8'), cut === 0 && !dropped);
    pieces = [];
    held = 0;
    dropped = false;
  };
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      hold(chunk.subarray(start, i));
      end();
      start = i + 1;
    }
    if (start < chunk.length) hold(chunk.subarray(start));
  }
  if (held > 0) end();
}
