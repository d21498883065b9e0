// The bounded, overlapped file writer of emit. Writes go to the staging folder
// with at most `maxInFlight` in flight (architecture, "Where the time goes":
// about 32 overlapped writes beat synchronous mkdir + writeFile per page), and
// each file's sha256 and size are recorded for the manifest as it is written,
// so nothing is read back.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pressroomError, type PressroomError } from '../core/errors.ts';

export interface ManifestEntry {
  path: string;
  sha256: string;
  size: number;
}

export class OutputWriter {
  readonly #root: string;
  readonly #max: number;
  readonly #dirs = new Map<string, Promise<unknown>>();
  readonly #entries = new Map<string, ManifestEntry>();
  readonly #inFlight = new Set<Promise<void>>();
  #error: PressroomError | undefined;
  bytes = 0;

  constructor(root: string, maxInFlight = 32) {
    this.#root = root;
    this.#max = maxInFlight;
  }

  get files(): number {
    return this.#entries.size;
  }

  has(rel: string): boolean {
    return this.#entries.has(rel);
  }

  /** Queues one file; resolves once it is in flight (waits while `maxInFlight` writes are pending). */
  async write(rel: string, data: string | Buffer): Promise<void> {
    if (this.#error) throw this.#error;
    assertRelative(rel);
    if (this.#entries.has(rel)) throw pressroomError('PR_OUTPUT_WRITE', { file: rel, detail: 'two outputs write this file' });
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.#entries.set(rel, { path: rel, sha256: createHash('sha256').update(buf).digest('hex'), size: buf.length });
    this.bytes += buf.length;
    while (this.#inFlight.size >= this.#max) await Promise.race(this.#inFlight);
    if (this.#error) throw this.#error;
    const p: Promise<void> = this.#writeOne(rel, buf).finally(() => this.#inFlight.delete(p));
    this.#inFlight.add(p);
  }

  /** Waits for every queued write; throws the first failure. */
  async flush(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.race(this.#inFlight);
    if (this.#error) throw this.#error;
  }

  /** Every written file, sorted by path. */
  manifest(): ManifestEntry[] {
    return [...this.#entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async #writeOne(rel: string, buf: Buffer): Promise<void> {
    const file = join(this.#root, rel);
    try {
      await this.#mkdir(dirname(file));
      await writeFile(file, buf);
    } catch (e) {
      this.#error ??= pressroomError('PR_OUTPUT_WRITE', { file: rel, detail: (e as Error).message }, e);
    }
  }

  #mkdir(dir: string): Promise<unknown> {
    let p = this.#dirs.get(dir);
    if (!p) {
      p = mkdir(dir, { recursive: true });
      this.#dirs.set(dir, p);
    }
    return p;
  }
}

/** Output paths are '/'-separated, relative and free of dot segments: nothing leaves the staging folder. */
export function assertRelative(rel: string): void {
  const segs = rel.split('/');
  if (rel === '' || rel.startsWith('/') || segs.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) {
    throw pressroomError('PR_INTERNAL', { detail: `unsafe output path ${JSON.stringify(rel)}` });
  }
}
