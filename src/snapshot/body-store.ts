// Where the snapshot keeps the bodies of post details (and a one-off build's paginated listings:
// ./snapshot-files.ts storesBody; docs/scale.md, "Memory"): in a file, not on the heap. Post details
// are most of a snapshot (51 of 73 MB at 10,000 posts) and each is read a few times, so holding them
// parsed made the heap grow with the site. A stored body is its canonical JSON text, appended to a
// BodyStore's file and read back by offset: the page cache holds it, not the process.
//
// The file is made in the system's temporary folder and unlinked at once where the platform allows,
// so nothing is left even after a kill -9. It only grows: a watcher appends a few KB a publish.
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pressroomError } from '../errors/errors.ts';

/** A body in a store: the store, where its UTF-8 text starts and how long it is. */
export interface StoredText {
  readonly store: BodyStore;
  readonly offset: number;
  readonly bytes: number;
}

// Appends are gathered a megabyte at a time: a write per body cost 0.4 s of a 10,000-post crawl.
const PENDING_BYTES = 1 << 20;
const RECENT_MAX = 32;

/** The open file of a store, apart from the store so that it can be closed once the store is gone. */
interface Handle {
  fd: number | undefined;
}

// Closes the file of a store no entry reaches any more. Module-level: it holds only descriptors.
const CLOSE_WHEN_GONE = new FinalizationRegistry<Handle>((h) => {
  if (h.fd !== undefined) closeSync(h.fd);
  h.fd = undefined;
});

/**
 * One store's file and its pending writes. The entries stored in it hold it; its file is closed
 * when none does (or by close()). A publish session keeps its own (src/crawl/kept.ts).
 */
export class BodyStore {
  readonly #handle: Handle = { fd: undefined };
  #file = '';
  /** Bytes written to the file; what is appended after them waits in `#pending`. */
  #flushed = 0;
  #pending: Buffer | undefined;
  #pendingUsed = 0;
  /** The last few bodies parsed, so the reads of one page's render share one object. */
  readonly #recent = new Map<StoredText, unknown>();

  constructor() {
    CLOSE_WHEN_GONE.register(this, this.#handle, this);
  }

  #opened(): number {
    if (this.#handle.fd !== undefined) return this.#handle.fd;
    const file = (this.#file = join(tmpdir(), `pressroom-bodies-${process.pid}-${randomBytes(6).toString('hex')}`));
    let fd: number;
    try {
      fd = this.#handle.fd = openSync(file, 'w+', 0o600);
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

  #writeAt(buf: Buffer, length: number, offset: number): void {
    let written = 0;
    try {
      while (written < length) written += writeSync(this.#opened(), buf, written, length - written, offset + written);
    } catch (e) {
      throw pressroomError('PR_OUTPUT_WRITE', { file: this.#file, detail: `the snapshot's body store: ${(e as Error).message}` }, e);
    }
  }

  /** Writes what waits in the buffer. */
  #flush(): void {
    if (this.#pendingUsed === 0) return;
    this.#writeAt(this.#pending!, this.#pendingUsed, this.#flushed);
    this.#flushed += this.#pendingUsed;
    this.#pendingUsed = 0;
  }

  /** Appends text and returns where it is. */
  store(text: string): StoredText {
    this.#opened();
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
    if (text.length * 3 > PENDING_BYTES) {
      this.#flush();
      const buf = Buffer.from(text, 'utf8');
      this.#writeAt(buf, buf.length, this.#flushed);
      const at = { store: this, offset: this.#flushed, bytes: buf.length };
      this.#flushed += buf.length;
      return at;
    }
    if (this.#pendingUsed + text.length * 3 > PENDING_BYTES) this.#flush();
    this.#pending ??= Buffer.allocUnsafe(PENDING_BYTES);
    const bytes = this.#pending.write(text, this.#pendingUsed, 'utf8');
    const at = { store: this, offset: this.#flushed + this.#pendingUsed, bytes };
    this.#pendingUsed += bytes;
    return at;
  }

  /** The text stored at `at`. */
  read(at: StoredText): string {
    // Still in the buffer: a text is written whole, never split between the buffer and the file.
    if (at.offset >= this.#flushed) return this.#pending!.toString('utf8', at.offset - this.#flushed, at.offset - this.#flushed + at.bytes);
    const fd = this.#handle.fd;
    if (fd === undefined) throw pressroomError('PR_INTERNAL', { detail: "the snapshot's body store was read after it was closed" });
    const buf = Buffer.allocUnsafe(at.bytes);
    let read = 0;
    while (read < at.bytes) {
      const n = readSync(fd, buf, read, at.bytes - read, at.offset + read);
      if (n === 0) throw pressroomError('PR_INTERNAL', { detail: `the snapshot's body store ended at ${at.offset + read} of ${at.offset + at.bytes}` });
      read += n;
    }
    return buf.toString('utf8');
  }

  /** The body stored at `at`, parsed (the same object while it is among the last few parsed). */
  parsed(at: StoredText): unknown {
    let body = this.#recent.get(at);
    if (body !== undefined) this.#recent.delete(at);
    else body = JSON.parse(this.read(at));
    this.remember(at, body);
    return body;
  }

  /** Keeps `body` as the most recent parsed body of `at`. */
  remember(at: StoredText, body: unknown): void {
    if (this.#recent.size >= RECENT_MAX) this.#recent.delete(this.#recent.keys().next().value!);
    this.#recent.set(at, body);
  }

  /** Bytes appended so far (tests, benchmarks). */
  get bytes(): number {
    return this.#flushed + this.#pendingUsed;
  }

  /** Closes the file: for an owner done with every entry stored here. */
  close(): void {
    CLOSE_WHEN_GONE.unregister(this);
    if (this.#handle.fd !== undefined) closeSync(this.#handle.fd);
    this.#handle.fd = undefined;
    this.#pending = undefined;
    this.#pendingUsed = 0;
    this.#recent.clear();
  }
}
