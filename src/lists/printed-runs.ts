// The two texts a build prints from one item per file or route: the manifest's file entries
// (src/emit/manifest-text.ts) and the build state's routes (src/publish/build-state.ts). A watcher
// writes both whole on every publish (25 MB and 15 MB at 50,000 posts), though few items differ:
// printing them was a tenth of a second and 40 MB of garbage a publish. So items are printed in
// runs whose bytes are kept:
// - A run ends after an item whose content hash ends in "00" (1 in 256, about 40 KB), or after
//   MAX_RUN items. Cuts depend on items, not positions, so a change touches its own run (and at
//   most a neighbour's), never where later runs start.
// - A run's UTF-8 bytes, its leading separator included, are kept with its first item. A run of
//   the same objects in the same order is written from those bytes, unprinted.
// The owner (a stage's kept part of the publish session) decides how long the runs live; a one-off
// build prints with `keeps: false`. With a frame, each run is a text of its own (head, items, tail)
// with its sha256: the manifest is one file per run, named by that hash, so a publish writes only
// the runs it printed.
import { createHash } from 'node:crypto';
import { notedPlaces } from './list-change.ts';

/** An item is printed from itself alone (an immutable object); its content hash places the cuts. */
export interface RunItem {
  readonly sha256: string;
}

interface Run<T> {
  readonly items: readonly T[];
  /** Whether the bytes start with the separator (every run but the first; never with a frame). */
  readonly lead: boolean;
  readonly bytes: Buffer;
  /** The bytes' sha256 (hex), with a frame. */
  readonly sha256?: string;
}

/** A run printed as a text of its own (PrintedRuns with a frame). */
export interface PrintedPart {
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly size: number;
}

/** The longest run: what one changed item costs to print where no hash ends a run sooner. */
export const MAX_RUN = 2048;

// A hand-edited state or manifest read back may lack a hash: such an item ends no run.
const endsRun = (item: RunItem): boolean => typeof item.sha256 === 'string' && item.sha256.endsWith('00');

export class PrintedRuns<T extends RunItem & object> {
  /** Each run printed, with its first item (while the instance keeps). */
  readonly #kept = new WeakMap<T, Run<T>>();
  /**
   * The list printed last and where each run started. A list noted as that one with a few places
   * replaced (src/lists/list-change.ts) has the same items elsewhere: a last run starting here and
   * holding no such place is written as it is, uncompared (137,000 comparisons a publish saved).
   */
  #last: { items: readonly T[]; starts: number[]; runs: Run<T>[] } | undefined;
  readonly #print: (item: T) => string;
  readonly #separator: string;
  readonly #frame: { head: string; tail: string } | undefined;
  readonly #keeps: boolean;

  /**
   * `keeps: false` (a one-off build) holds no run's bytes past its printing: else 25 MB at 50,000
   * posts until the end, where memory peaks. By default runs are kept while the owner holds this.
   */
  constructor(print: (item: T) => string, separator: string, frame?: { head: string; tail: string }, options: { keeps?: boolean } = {}) {
    this.#print = print;
    this.#separator = separator;
    this.#frame = frame;
    this.#keeps = options.keeps ?? true;
  }

  /** The items' texts joined by the separator, as UTF-8 pieces of one run each (without a frame). */
  *bytes(items: readonly T[]): Generator<Buffer> {
    for (const run of this.#runs(items)) yield run.bytes;
  }

  /** Each run as a text of its own, framed, with its hash (with a frame). */
  *parts(items: readonly T[]): Generator<PrintedPart> {
    for (const run of this.#runs(items)) yield { bytes: run.bytes, sha256: run.sha256!, size: run.bytes.length };
  }

  *#runs(items: readonly T[]): Generator<Run<T>> {
    const frame = this.#frame;
    const last = this.#last;
    this.#last = undefined; // until this list is printed whole
    const places = last && notedPlaces(last.items, items);
    const starts: number[] = [];
    const runs: Run<T>[] = [];
    let j = 0;
    let g = 0;
    for (let start = 0; start < items.length; ) {
      const lead = start > 0 && !frame;
      if (places) {
        while (j < last!.starts.length && last!.starts[j] < start) j++;
        while (g < places.length && places[g] < start) g++;
        const run = last!.starts[j] === start ? last!.runs[j] : undefined;
        if (run && run.lead === lead && (g === places.length || places[g] >= start + run.items.length)) {
          starts.push(start);
          runs.push(run);
          yield run;
          start += run.items.length;
          continue;
        }
      }
      starts.push(start);
      const kept = this.#kept.get(items[start]);
      // A kept run whose items are here in order is still a run if its last item still ends one
      // (the others are the same items at the same distances). Compared by reference only.
      if (kept && kept.lead === lead && start + kept.items.length <= items.length && sameItems(kept.items, items, start) && endsKept(kept.items, start + kept.items.length === items.length)) {
        runs.push(kept);
        yield kept;
        start += kept.items.length;
        continue;
      }
      let end = start;
      while (end < items.length - 1 && end - start < MAX_RUN - 1 && !endsRun(items[end])) end += 1;
      const run = items.slice(start, end + 1);
      let text = frame ? frame.head : lead ? this.#separator : '';
      for (let i = 0; i < run.length; i++) text += i > 0 ? this.#separator + this.#print(run[i]) : this.#print(run[i]);
      if (frame) text += frame.tail;
      const bytes = Buffer.from(text, 'utf8');
      const printed: Run<T> = { items: run, lead, bytes, ...(frame ? { sha256: createHash('sha256').update(bytes).digest('hex') } : {}) };
      if (this.#keeps) this.#kept.set(items[start], printed);
      runs.push(printed);
      yield printed;
      start = end + 1;
    }
    if (this.#keeps) this.#last = { items, starts, runs };
  }
}

/** Whether a kept run's last item ends a run where it is now: by its hash, the longest run, or the end of the list. */
const endsKept = (run: readonly RunItem[], last: boolean): boolean => last || run.length === MAX_RUN || endsRun(run[run.length - 1]);

function sameItems<T>(kept: readonly T[], items: readonly T[], start: number): boolean {
  for (let i = 0; i < kept.length; i++) if (kept[i] !== items[start + i]) return false;
  return true;
}

/** The most buffers one writev(2) takes (Linux's IOV_MAX). */
export const MAX_IOV = 1024;

/**
 * Pieces gathered into groups of about `size` bytes (at most MAX_IOV), each written with one
 * writev(2): never joined, never copied. Copying kept runs into new buffers copied 15 MB a publish
 * outside the heap, which made a watcher's full collections more frequent.
 */
export function* batched(pieces: Iterable<string | Buffer>, size = 1 << 20): Generator<Buffer[]> {
  let pending: Buffer[] = [];
  let bytes = 0;
  for (const piece of pieces) {
    const buf = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
    if (buf.length === 0) continue;
    pending.push(buf);
    bytes += buf.length;
    if (bytes >= size || pending.length === MAX_IOV) {
      yield pending;
      pending = [];
      bytes = 0;
    }
  }
  if (pending.length > 0) yield pending;
}
