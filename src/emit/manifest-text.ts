// The manifest file's text: what `JSON.stringify(manifest, null, 1)` prints, with the file
// entries printed in runs whose bytes a process that publishes again keeps (src/core/printed-runs.ts):
// the writer keeps the previous build's entry object for a file that did not change (./writer.ts
// carry), so pressroom watch prints and encodes only the runs of the changed files instead of
// the whole site's manifest (about 120,000 entries, 25 MB at 50,000 posts) on every publish. The
// text comes in pieces, written as they come: never held whole at the end of emit, where a
// build's memory peaks.
import { PrintedRuns } from '../core/printed-runs.ts';
import type { ManifestEntry } from './writer.ts';

// Where the files go in the printed manifest: `files` is its last key.
const SLOT = '"files": [\n  0\n ]';

// An entry is printed two levels deep: each of its lines indented by two more spaces.
// JSON strings never hold a raw newline, so every '\n' is between lines.
const RUNS = new PrintedRuns<ManifestEntry>((f) => `  ${JSON.stringify(f, null, 1).replace(/\n/g, '\n  ')}`, ',\n');

/** The manifest's text, `JSON.stringify(manifest, null, 1)` and a newline, in pieces: its head, one per run of entries, its tail. */
export function* manifestChunks(manifest: { files: readonly ManifestEntry[] }): Generator<string | Buffer> {
  if (manifest.files.length === 0) {
    yield `${JSON.stringify(manifest, null, 1)}\n`;
    return;
  }
  const outline = JSON.stringify({ ...manifest, files: [0] }, null, 1);
  const at = outline.lastIndexOf(SLOT);
  yield `${outline.slice(0, at)}"files": [\n`;
  yield* RUNS.bytes(manifest.files);
  yield `\n ]${outline.slice(at + SLOT.length)}\n`;
}
