// The disk side of emit's writer (./writer.ts): files go to the staging folder with at most
// `maxInFlight` writes in flight (docs/architecture.md, "Where the time goes": about 32
// overlapped writes beat synchronous mkdir + writeFile per page), each folder made once, and
// `.br`/`.gz` siblings beside text files when precompression is on (./precompress.ts). The first
// failure is kept and thrown by the next call, so a failed write stops the build.
import { createHash } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isPressroomError, pressroomError, type PressroomError } from '../core/errors.ts';
import { mkdirFast, writeFileFast } from '../core/fs-calls.ts';
import { carryFile } from '../core/links.ts';
import { batched } from '../core/printed-runs.ts';
import { precompressible, SIBLINGS, writeSiblings } from './precompress.ts';

export class StagingDisk {
  readonly root: string;
  readonly #max: number;
  readonly #precompress: boolean;
  readonly #dirs = new Map<string, Promise<unknown>>();
  readonly #inFlight = new Set<Promise<void>>();
  #error: PressroomError | undefined;

  constructor(root: string, maxInFlight: number, precompress: boolean) {
    this.root = root;
    this.#max = maxInFlight;
    this.#precompress = precompress;
  }

  /** Throws the first failure of a write so far. */
  check(): void {
    if (this.#error) throw this.#error;
  }

  /** Queues a file's bytes; resolves once it is in flight. */
  write(rel: string, buf: Buffer): Promise<void> {
    return this.#queue(this.#writeOne(rel, buf));
  }

  /** Queues a hard link (or copy with its mtime) of another release's file, its siblings along. */
  carry(rel: string, from: string, size: number): Promise<void> {
    return this.#queue(this.#carryOne(rel, from, size));
  }

  /**
   * Writes one large text that comes in pieces, hashing each piece as it goes out: the text is
   * never held whole (pieces are gathered up to about 1 MB per write). Waits for the other writes
   * first, so it is the one write in flight. `keep(id)` says whether the file stays: if not, it is
   * removed again (the previous release has the same bytes).
   */
  async writeChunks(rel: string, chunks: Iterable<string | Buffer>, keep: (id: { sha256: string; size: number }) => boolean): Promise<{ sha256: string; size: number; kept: boolean }> {
    await this.flush();
    const file = join(this.root, rel);
    const hash = createHash('sha256');
    let size = 0;
    try {
      await this.#mkdir(dirname(file));
      const handle = await open(file, 'w');
      const writeAll = async (buf: Buffer) => {
        for (let at = 0; at < buf.length; ) at += (await handle.write(buf, at, buf.length - at)).bytesWritten;
      };
      // A batch is written by the thread pool while this thread hashes it and prints the next:
      // the manifest of a site of 50,000 posts is 25 MB, and hashing it after each write
      // added the two times up on every publish.
      let writing: Promise<void> = Promise.resolve();
      try {
        for (const buf of batched(chunks)) {
          await writing;
          writing = writeAll(buf);
          hash.update(buf);
          size += buf.length;
        }
        await writing;
      } finally {
        // A failed print leaves no write running (nor its failure unhandled) when the file is closed.
        await writing.catch(() => undefined);
        await handle.close();
      }
      const id = { sha256: hash.digest('hex'), size };
      if (!keep(id)) {
        await rm(file);
        return { ...id, kept: false };
      }
      if (this.#precompress && precompressible(rel, size)) await writeSiblings(file, await readFile(file));
      return { ...id, kept: true };
    } catch (e) {
      if (isPressroomError(e)) throw e;
      throw (this.#error ??= pressroomError('PR_OUTPUT_WRITE', { file: rel, detail: (e as Error).message }, e));
    }
  }

  /** Waits for every queued write; throws the first failure. */
  async flush(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.race(this.#inFlight);
    this.check();
  }

  async #queue(run: Promise<void>): Promise<void> {
    const p: Promise<void> = run.finally(() => this.#inFlight.delete(p));
    this.#inFlight.add(p);
    while (this.#inFlight.size >= this.#max) await Promise.race(this.#inFlight);
    this.check();
  }

  async #writeOne(rel: string, buf: Buffer): Promise<void> {
    const file = join(this.root, rel);
    try {
      await this.#mkdir(dirname(file));
      await writeFileFast(file, buf);
      if (this.#precompress && precompressible(rel, buf.length)) await writeSiblings(file, buf);
    } catch (e) {
      this.#error ??= pressroomError('PR_OUTPUT_WRITE', { file: rel, detail: (e as Error).message }, e);
    }
  }

  async #carryOne(rel: string, from: string, size: number): Promise<void> {
    try {
      const to = join(this.root, rel);
      await carryFile(from, to, this.#dirs);
      if (this.#precompress && precompressible(rel, size)) {
        // The previous release's siblings come along; a release without them (precompression just switched on) gets new ones.
        const carried = await Promise.all(SIBLINGS.map((ext) => carryFile(from + ext, to + ext, this.#dirs).then(() => true, () => false)));
        if (!carried.every(Boolean)) await writeSiblings(to, await readFile(to));
      }
    } catch (e) {
      this.#error ??= pressroomError('PR_OUTPUT_WRITE', { file: rel, detail: (e as Error).message }, e);
    }
  }

  #mkdir(dir: string): Promise<unknown> {
    let p = this.#dirs.get(dir);
    if (!p) {
      p = mkdirFast(dir);
      this.#dirs.set(dir, p);
    }
    return p;
  }
}
