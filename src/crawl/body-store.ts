// Where the snapshot keeps the bodies of post details, and in a one-off build
// of the paginated listings (./snapshot-files.ts storesBody; docs/scale.md,
// "Memory"): in a file, not on the heap. Post details are most of a snapshot (at 10,000
// posts 51 of its 73 MB of JSON, each carrying a whole article body) and a build
// reads each one a few times (the plan once, the render, the mirror, the feeds),
// so holding them parsed made the main thread's heap, and with it the build's
// memory, grow with the site. A stored body is its canonical JSON text (the
// exact text the mirror and the snapshot's own files print), appended to one
// file per process (gathered and written a megabyte at a time) and read back
// by offset: the kernel's page cache holds it, which is reclaimable and not
// the process's memory.
//
// The file is made in the system's temporary folder and removed at once where
// the platform allows (an open file outlives its name on POSIX systems), so
// nothing is left behind even after a kill -9. It only grows: a long-running
// watcher appends the bodies of changed posts, a few kilobytes a publish.
import { openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pressroomError } from '../core/errors.ts';

/** A body in the store: where its UTF-8 text starts and how long it is. */
export interface StoredText {
  readonly offset: number;
  readonly bytes: number;
}

let fd: number | undefined;
let file = '';
/** Bytes written to the file; what is appended after them waits in `pending`. */
let flushed = 0;
// Appended text is gathered and written a megabyte at a time: a write per body was 0.16 s of
// main-thread time for 10,000 post details (a script), 0.4 s in a 10,000-post build's crawl.
const PENDING_BYTES = 1 << 20;
let pending: Buffer | undefined;
let pendingUsed = 0;

function opened(): number {
  if (fd !== undefined) return fd;
  file = join(tmpdir(), `pressroom-bodies-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    fd = openSync(file, 'w+', 0o600);
  } catch (e) {
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: `the snapshot's body store: ${(e as Error).message}` }, e);
  }
  try {
    rmSync(file); // the open descriptor keeps the file; its name goes now
  } catch {
    process.once('exit', () => rmSync(file, { force: true }));
  }
  return fd;
}

function writeAt(buf: Buffer, length: number, offset: number): void {
  let written = 0;
  try {
    while (written < length) written += writeSync(opened(), buf, written, length - written, offset + written);
  } catch (e) {
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: `the snapshot's body store: ${(e as Error).message}` }, e);
  }
}

/** Writes what waits in the buffer. */
function flush(): void {
  if (pendingUsed === 0) return;
  writeAt(pending!, pendingUsed, flushed);
  flushed += pendingUsed;
  pendingUsed = 0;
}

/** Appends text and returns where it is. */
export function storeText(text: string): StoredText {
  opened();
  // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
  if (text.length * 3 > PENDING_BYTES) {
    flush();
    const buf = Buffer.from(text, 'utf8');
    writeAt(buf, buf.length, flushed);
    const at = { offset: flushed, bytes: buf.length };
    flushed += buf.length;
    return at;
  }
  if (pendingUsed + text.length * 3 > PENDING_BYTES) flush();
  pending ??= Buffer.allocUnsafe(PENDING_BYTES);
  const bytes = pending.write(text, pendingUsed, 'utf8');
  const at = { offset: flushed + pendingUsed, bytes };
  pendingUsed += bytes;
  return at;
}

/** The text stored at `at`. */
export function readText(at: StoredText): string {
  // Still in the buffer: a text is written whole, never split between the buffer and the file.
  if (at.offset >= flushed) return pending!.toString('utf8', at.offset - flushed, at.offset - flushed + at.bytes);
  const buf = Buffer.allocUnsafe(at.bytes);
  let read = 0;
  while (read < at.bytes) {
    const n = readSync(fd!, buf, read, at.bytes - read, at.offset + read);
    if (n === 0) throw pressroomError('PR_INTERNAL', { detail: `the snapshot's body store ended at ${at.offset + read} of ${at.offset + at.bytes}` });
    read += n;
  }
  return buf.toString('utf8');
}

/** Bytes appended so far (tests, benchmarks). */
export const storedBytes = (): number => flushed + pendingUsed;
