// The disk side of emit's writer: at most `maxInFlight` writes in flight (about 32 overlapped writes
// beat synchronous ones: docs/architecture.md, "Where the time goes"), each folder made once, `.br`
// and `.gz` siblings when precompressing. The first failure is thrown by the next call.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pressroomError, type PressroomError } from '../errors/errors.ts';
import { mkdirFast, writeFileFast } from '../files/fs-calls.ts';
import { carryFile } from '../files/links.ts';
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
