// The manifest's files (docs/cli.md, "What out/ holds"): `pressroom-manifest.json`, the index,
// names the parts under `pressroom-manifest/`, each a JSON list of file entries (path, sha256,
// size) in path order, named by its own sha256. The entries are cut into parts where the
// printed runs cut them (src/lists/printed-runs.ts: after an entry whose hash ends in "00", about
// 256 entries or 50 KB a part), which depends on the entries, not on their positions: a publish
// that changed a few files prints, hashes and writes the parts of those files (one or two each)
// and a new index, and carries every other part as it carries an unchanged page. A single
// manifest file was 25 MB at 50,000 posts, printed in pieces but hashed and written whole on
// every publish (docs/decisions/0080-manifest-and-state-in-parts.md). The index's sha256 names the site (its releases, src/publish):
// it names every part by hash, and each part every file.
import { PrintedRuns } from '../lists/printed-runs.ts';
import type { ManifestEntry } from './output-files.ts';

export const MANIFEST_FILE = 'pressroom-manifest.json';
/** The folder of the manifest's parts. */
export const MANIFEST_PARTS = 'pressroom-manifest';
/** The manifest's format: 2 names parts, 1 (before docs/decisions/0080-manifest-and-state-in-parts.md) listed the files inline as `files`. */
export const MANIFEST_VERSION = 2;

/** Whether a path of out/ is the manifest's index or one of its parts (which no part lists). */
export const isManifestFile = (path: string): boolean => path === MANIFEST_FILE || path.startsWith(`${MANIFEST_PARTS}/`);

/** A part as the index names it. */
export interface ManifestPart {
  path: string;
  sha256: string;
  size: number;
}

// An entry printed one level deep, as `JSON.stringify(list, null, 1)` prints a list's items:
// a part's text is that of its entries' list, and a newline.
/** The printer of the manifest's parts: a session keeps one (./kept.ts manifestRuns), a one-off build uses one for its call. */
export const newManifestRuns = (): PrintedRuns<ManifestEntry> => new PrintedRuns<ManifestEntry>(printEntry, ',\n', { head: '[\n', tail: '\n]\n' });

/**
 * ` ${JSON.stringify(entry, null, 1)}` with each line indented once more. An entry of the three
 * fields in their order (every entry the writer makes) is printed field by field: a changed part
 * prints its 256 or so entries again on each publish, and the indenting stringify and the
 * replace took about 5 ms of every publish (and 0.3 s of a full build at 50,000 posts) where
 * this takes a fifth of that. Any other object (a hand-edited manifest read back) the long way.
 */
export function printEntry(entry: ManifestEntry): string {
  if (!hasEntryFields(entry)) return ` ${JSON.stringify(entry, null, 1).replace(/\n/g, '\n ')}`;
  return ` {\n  "path": ${JSON.stringify(entry.path)},\n  "sha256": ${JSON.stringify(entry.sha256)},\n  "size": ${JSON.stringify(entry.size)}\n }`;
}

const ENTRY_KEYS = ['path', 'sha256', 'size'] as const;

/** Whether an entry has exactly path, sha256 and size, in that order, each of a type JSON prints as itself (not undefined, a function, or an object with toJSON). */
function hasEntryFields(entry: ManifestEntry): boolean {
  if (typeof entry.path !== 'string' || typeof entry.sha256 !== 'string' || typeof entry.size !== 'number' || Object.getPrototypeOf(entry) !== Object.prototype) return false;
  let i = 0;
  for (const key in entry) if (key !== ENTRY_KEYS[i++]) return false;
  return i === ENTRY_KEYS.length;
}

/** The entries (sorted by path) in parts, with their bytes: unchanged runs of the session's `runs` are not printed again. */
export function* manifestParts(files: readonly ManifestEntry[], runs: PrintedRuns<ManifestEntry> = newManifestRuns()): Generator<ManifestPart & { bytes: Buffer }> {
  for (const part of runs.parts(files)) yield { path: `${MANIFEST_PARTS}/${part.sha256}.json`, sha256: part.sha256, size: part.size, bytes: part.bytes };
}

/** The index's text: what the manifest says of the build, and its parts in order. */
export function manifestIndexText(head: { source: unknown; basePath?: string }, parts: readonly ManifestPart[]): string {
  const index = { version: MANIFEST_VERSION, source: head.source, ...(head.basePath ? { basePath: head.basePath } : {}), parts: parts.map((p) => ({ path: p.path, sha256: p.sha256, size: p.size })) };
  return `${JSON.stringify(index, null, 1)}\n`;
}
