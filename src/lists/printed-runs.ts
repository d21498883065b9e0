// The two texts a build prints from one item per file or route of the site: the manifest's
// file entries (src/emit/manifest-text.ts) and the build state's routes (src/publish/build-state.ts).
// A process that publishes again (pressroom watch) writes both for the whole site on every
// publish (about 25 MB and 15 MB at 50,000 posts) though only the changed files' and routes'
// items differ, and printing and encoding them was a tenth of a second of each publish there,
// and 40 MB of garbage. So the items are printed in runs whose bytes are kept:
//
// - A run ends after an item whose content hash ends in "00" (1 item in 256: about 40 KB of
//   text), or after MAX_RUN items. The cut points depend on the items, not on their positions,
//   so a changed, added or removed item changes its own run (and at most a neighbour's), never
//   where the runs after it start.
// - A run's UTF-8 bytes, its leading separator included, are kept with its first item. A run
//   whose items are the same objects in the same order (the build keeps the previous build's
//   object for an unchanged file or route) is written from those bytes, unprinted.
//
// What a PrintedRuns keeps lives as long as its owner holds it: a stage's kept part of the publish
// session (src/pipeline/session.ts) for the next build. A one-off build prints with one that keeps
// nothing (`keeps: false`) and prints each run once. Either way the bytes are the items' texts
// joined by the separator.
//
// With a frame, each run is a text of its own (the frame's head, the run's items joined by the
// separator, its tail) with its sha256: the manifest is written as one file per run, named by
// that hash (src/emit/manifest-text.ts), so a publish writes the runs it printed and nothing else.
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
   * The list printed last and where each of its runs started (a process that publishes again).
   * A list noted as that one with a few places replaced (src/lists/list-change.ts: the manifest's
   * entries after an edit) has the same items at the same places outside those: a run of the
   * last printing that starts where the walk is and holds no such place is written as it is,
   * without comparing its items (at 50,000 posts 137,000 comparisons a publish, and 57,000 for
   * the state's routes).
   */
  #last: { items: readonly T[]; starts: number[]; runs: Run<T>[] } | undefined;
  readonly #print: (item: T) => string;
  readonly #separator: string;
  readonly #frame: { head: string; tail: string } | undefined;
  readonly #keeps: boolean;

  /**
   * `keeps: false` (a one-off build, which prints each list once) holds no run's bytes past its
   * printing: a printing of the whole manifest would otherwise hold 25 MB of them at 50,000 posts
   * until its end, where a large build's memory peaks. By default the runs are kept for the next
   * printing, as long as the owner holds the instance.
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
      // A kept run whose items are here in order is the run that starts here when its last item
      // still ends one: its others did not, and do not (the same items, at the same distances from
      // its start). Its items are compared by reference, not each asked whether it ends a run.
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
 * Pieces of text gathered into groups of about `size` bytes (at most MAX_IOV pieces), each group
 * written with one writev(2): a large text in few writes, never whole, and never copied. The pieces
 * are mostly kept runs (PrintedRuns.bytes): gathering them into new 1 MB buffers copied the build
 * state (15 MB at 50,000 posts) on every publish, memory outside the heap that made the collector
 * run full collections of a watcher's whole heap more often.
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
