// The manifest file's text: what `JSON.stringify(manifest, null, 1)` prints, made from one block
// per file entry kept with the entry object. The writer keeps the previous build's entry objects
// for files that did not change (./writer.ts carry), so a process that publishes again and again
// (pressroom watch) prints only the changed files' blocks instead of the whole site's manifest
// (about 60,000 entries at 50,000 posts) on every publish.
import { keepsForNextBuild } from '../core/resident.ts';
import type { ManifestEntry } from './writer.ts';

const BLOCKS = new WeakMap<ManifestEntry, string>();
// Where the files go in the printed manifest: `files` is its last key.
const SLOT = '"files": [\n  0\n ]';

export function manifestText(manifest: { files: readonly ManifestEntry[] }): string {
  if (manifest.files.length === 0) return `${JSON.stringify(manifest, null, 1)}\n`;
  const outline = JSON.stringify({ ...manifest, files: [0] }, null, 1);
  const at = outline.lastIndexOf(SLOT);
  const blocks = manifest.files.map((f) => {
    let block = BLOCKS.get(f);
    // An entry is printed two levels deep: each of its lines indented by two more spaces.
    // JSON strings never hold a raw newline, so every '\n' is between lines.
    if (block === undefined) {
      block = `  ${JSON.stringify(f, null, 1).replace(/\n/g, '\n  ')}`;
      if (keepsForNextBuild()) BLOCKS.set(f, block);
    }
    return block;
  });
  return `${outline.slice(0, at)}"files": [\n${blocks.join(',\n')}\n ]${outline.slice(at + SLOT.length)}\n`;
}
