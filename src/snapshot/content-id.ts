// A snapshot's content id (src/pipeline/shard.ts snapshotId): what a release records, what a shard
// and its merge agree on, what a saved base is named by. A function of the entries' keys and hashes:
// - The entries, in key order, are cut into runs ending after a key whose FNV-1a hash has its low six
//   bits zero (1 key in 64). A cut depends on its key alone, so a changed entry changes only its run,
//   and an entry that came or went changes at most its run and the next.
// - A run's digest is the sha256 of its lines (`key NUL hash LF`); the id is the sha256 of a version
//   line and the runs' digests in order.
// A publish session keeps the last runs (CrawlKept.contentRuns) and updates them by Snapshot.changesSince.
import { createHash } from 'node:crypto';
import { fnv1a } from '../encoding/fnv.ts';
import { firstNotBefore } from '../lists/sorted.ts';
import type { SnapshotEntry } from '../site/types.ts';
import { SNAPSHOT_KEY_PREFIX, snapshotKey } from '../api/endpoints.ts';
import type { Slot } from '../runtime/kept.ts';

/** Named in the id's first line: ids made another way (version 1 hashed every line at once) never equal these. */
const ID_VERSION = 'pressroom snapshot id 2';
const CUT_MASK = 63;
/** The last run's name where the others are named by their last key. */
const LAST_RUN = '';

/** Whether a run ends after this key. */
export function endsRun(key: string): boolean {
  return (fnv1a(key) & CUT_MASK) === 0;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An entry's line in a run: its key and hash (also how a base saved before docs/decisions/0068-kept-state.md was named, one sha256 of every line). */
export const idLine = (entry: Pick<SnapshotEntry, 'key' | 'hash'>): string => `${entry.key}\0${entry.hash}\n`;

function digestOf(entries: readonly SnapshotEntry[]): string {
  let text = '';
  for (const e of entries) text += idLine(e);
  return sha256(text);
}

function idOf(digests: readonly string[]): string {
  return createHash('sha256').update(`${ID_VERSION}\n${digests.join('\n')}\n`).digest('hex');
}

/** Runs named by their last key (the last run by LAST_RUN), with their digests, in order. */
interface Runs {
  /** The keys that end a run, ascending. */
  cuts: string[];
  /** Each run's digest by its last key (the last run's by LAST_RUN). */
  byEnd: Map<string, string>;
  id: string;
}

/** The runs and id of entries given one by one in key order (a saved base is checked as it is read). */
export class ContentIdBuilder {
  #text = '';
  readonly #cuts: string[] = [];
  readonly #digests: string[] = [];

  add(entry: Pick<SnapshotEntry, 'key' | 'hash'>): void {
    this.#text += idLine(entry);
    if (!endsRun(entry.key)) return;
    this.#cuts.push(entry.key);
    this.#digests.push(sha256(this.#text));
    this.#text = '';
  }

  /** The runs so far, the last one ended here; the builder is done. */
  runs(): Runs {
    return runsOf(this.#cuts, [...this.#digests, sha256(this.#text)]);
  }

  id(): string {
    return this.runs().id;
  }
}

/** Every run of the entries (in key order) and the id. */
function walked(entries: readonly SnapshotEntry[]): Runs {
  const b = new ContentIdBuilder();
  for (const e of entries) b.add(e);
  return b.runs();
}

/** The runs ending at `cuts` and then the last one, with their digests in that order. */
const runsOf = (cuts: string[], digests: readonly string[]): Runs => ({ cuts, byEnd: new Map(digests.map((d, i) => [i < cuts.length ? cuts[i] : LAST_RUN, d])), id: idOf(digests) });

/** The content id of entries in key order, made from all of them. */
export function contentIdOf(entries: readonly SnapshotEntry[]): string {
  return walked(entries).id;
}

/** What contentIdOfSnapshot reads of a snapshot (src/snapshot/snapshot-store.ts Snapshot). */
export interface IdSource {
  readonly state: string;
  readonly size: number;
  changesSince(state: string): ReadonlySet<string> | undefined;
  /** The paths in sorted order, not to be changed. */
  sortedPaths(): readonly string[];
  get(path: string): SnapshotEntry | undefined;
  entries(): SnapshotEntry[];
}

/** The runs of a snapshot state, as a publish session keeps them (CrawlKept.contentRuns). */
export type KeptRuns = Runs & { state: string };

/** The part of a session that keeps them (src/crawl/kept.ts CrawlKept extends it). */
export interface ContentIdKept {
  readonly contentRuns: Slot<KeptRuns>;
}

/** contentIdOf the snapshot's entries; in a publish session (`kept`), made from the last one's runs and the paths changed since. */
export function contentIdOfSnapshot(snapshot: IdSource, kept?: ContentIdKept): string {
  const last = kept?.contentRuns.take();
  const changed = last && snapshot.changesSince(last.state);
  const runs = (last && changed && changed.size <= Math.max(256, snapshot.size / 16) ? patched(last, snapshot, changed) : undefined) ?? walked(snapshot.entries());
  kept?.contentRuns.keep({ ...runs, state: snapshot.state });
  return runs.id;
}

const before = (a: string, b: string) => a < b;

/** `last` with the runs that hold a changed path made again (and the one after a cut key that came or went). */
function patched(last: Runs, snapshot: IdSource, changed: ReadonlySet<string>): Runs {
  const paths = snapshot.sortedPaths();
  const cuts = last.cuts.slice();
  const keys = [...changed].map(snapshotKey);
  for (const key of keys) {
    if (!endsRun(key)) continue;
    const at = firstNotBefore(cuts, (c) => before(c, key));
    const present = snapshot.get(key.slice(SNAPSHOT_KEY_PREFIX.length)) !== undefined;
    if (present && cuts[at] !== key) cuts.splice(at, 0, key);
    else if (!present && cuts[at] === key) cuts.splice(at, 1);
  }
  const endOf = (i: number) => (i < cuts.length ? cuts[i] : LAST_RUN);
  const dirty = new Set<string>();
  for (const key of keys) {
    const at = firstNotBefore(cuts, (c) => before(c, key));
    dirty.add(endOf(at));
    // A cut that came splits a run (the part after it lost the keys before), one that went joins two.
    if (endsRun(key) && at < cuts.length) dirty.add(endOf(at + 1));
  }
  const digests: string[] = [];
  for (let i = 0; i <= cuts.length; i++) {
    const end = endOf(i);
    const kept = dirty.has(end) ? undefined : last.byEnd.get(end);
    if (kept !== undefined) {
      digests.push(kept);
      continue;
    }
    // The run's entries: after the previous cut's path, up to and with its own.
    const from = i === 0 ? 0 : firstNotBefore(paths, (p) => !before(cuts[i - 1].slice(SNAPSHOT_KEY_PREFIX.length), p));
    const to = i < cuts.length ? firstNotBefore(paths, (p) => before(p, cuts[i].slice(SNAPSHOT_KEY_PREFIX.length))) + 1 : paths.length;
    const entries = paths.slice(from, to).map((p) => snapshot.get(p)!);
    digests.push(digestOf(entries));
  }
  return runsOf(cuts, digests);
}
