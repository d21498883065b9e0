// The manifest's files (docs/cli.md, "What out/ holds"): `pressroom-manifest.json`, the index, names
// the parts under `pressroom-manifest/`, each a JSON list of file entries (path, sha256, size) in path
// order, named by its sha256. Parts are cut where the printed runs cut (src/lists/printed-runs.ts,
// about 256 entries a part), by entry, not position: a publish rewrites the parts of the changed
// files and a new index, and carries the rest. One manifest file was 25 MB at 50,000 posts, hashed
// and written whole each publish (docs/decisions/0080-manifest-and-state-in-parts.md). The index's
// sha256 names the site (src/publish).
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

// Entries printed as `JSON.stringify(list, null, 1)` prints a list's items; a part ends in a newline.
/** The printer of the manifest's parts: a session keeps one (./kept.ts manifestRuns), a one-off build uses one for its call. */
export const newManifestRuns = (): PrintedRuns<ManifestEntry> => new PrintedRuns<ManifestEntry>(printEntry, ',\n', { head: '[\n', tail: '\n]\n' });

/**
 * ` ${JSON.stringify(entry, null, 1)}` with each line indented once more. The writer's three-field
 * entries are printed field by field, five times faster (5 ms a publish saved); any other object
 * (a hand-edited manifest) the long way.
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
export function manifestIndexText(head: { source: unknown; basePath?: string; trailingSlash?: 'always'; pageFiles?: 'file' }, parts: readonly ManifestPart[]): string {
  const index = {
    version: MANIFEST_VERSION,
    source: head.source,
    ...(head.basePath ? { basePath: head.basePath } : {}),
    ...(head.trailingSlash ? { trailingSlash: head.trailingSlash } : {}),
    ...(head.pageFiles ? { pageFiles: head.pageFiles } : {}),
    parts: parts.map((p) => ({ path: p.path, sha256: p.sha256, size: p.size })) };
  return `${JSON.stringify(index, null, 1)}\n`;
}
