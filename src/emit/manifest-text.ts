// The manifest file's text: what `JSON.stringify(manifest, null, 1)` prints, made from one block
// per file entry kept with the entry object. The writer keeps the previous build's entry objects
// for files that did not change (./writer.ts carry), so a process that publishes again and again
// (pressroom watch) prints only the changed files' blocks instead of the whole site's manifest
// (about 120,000 entries at 50,000 posts) on every publish. The text comes in pieces
// (manifestChunks), written as they come: at 50,000 posts it is about 25 MB, and held whole (as a
// string and again as bytes) at the end of emit, where a build's memory peaks.
import { KeptWeakMap } from '../core/resident.ts';
import type { ManifestEntry } from './writer.ts';

const BLOCKS = new KeptWeakMap<ManifestEntry, string>();
// Where the files go in the printed manifest: `files` is its last key.
const SLOT = '"files": [\n  0\n ]';
/** About this many characters per piece: few writes, and never the whole text at once. */
const CHUNK = 1 << 16;

/** The manifest's text, `JSON.stringify(manifest, null, 1)` and a newline, in pieces of about 64 KB. */
export function* manifestChunks(manifest: { files: readonly ManifestEntry[] }): Generator<string> {
  if (manifest.files.length === 0) {
    yield `${JSON.stringify(manifest, null, 1)}\n`;
    return;
  }
  const outline = JSON.stringify({ ...manifest, files: [0] }, null, 1);
  const at = outline.lastIndexOf(SLOT);
  let chunk = `${outline.slice(0, at)}"files": [\n`;
  const { files } = manifest;
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    let block = BLOCKS.get(f);
    // An entry is printed two levels deep: each of its lines indented by two more spaces.
    // JSON strings never hold a raw newline, so every '\n' is between lines.
    if (block === undefined) {
      block = `  ${JSON.stringify(f, null, 1).replace(/\n/g, '\n  ')}`;
      BLOCKS.set(f, block);
    }
    chunk += i > 0 ? `,\n${block}` : block;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}\n ]${outline.slice(at + SLOT.length)}\n`;
}
