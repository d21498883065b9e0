// The file-system floor for the build benchmark (bench/build.ts): the time to
// create a site's files, with their sizes and folders, and nothing else: one
// thread, synchronous mkdir + writeFile, into an empty folder on the same file
// system as the build's output. A build cannot publish faster than it creates
// its files; where creating an inode is slow (ext4 without a journal soon after
// a large tree was deleted: ./inode-probe.ts) this floor, not rendering, bounds
// a first build. Its files are left for the caller to remove at the end.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface FsFloor {
  files: number;
  folders: number;
  bytes: number;
  ms: number;
}

/** Creates the files the manifest of `out` lists (sizes kept, bytes arbitrary) under `dir` (the caller removes it). */
export function fsFloor(out: string, dir: string): FsFloor {
  // Every file of the build: those the manifest's parts list, the parts and the index (src/emit/manifest-text.ts).
  const indexText = readFileSync(join(out, 'pressroom-manifest.json'), 'utf8');
  const index = JSON.parse(indexText) as { parts: { path: string; size: number }[] };
  const files = index.parts.flatMap((p) => JSON.parse(readFileSync(join(out, p.path), 'utf8')) as { path: string; size: number }[]);
  const manifest = { files: [...files, ...index.parts, { path: 'pressroom-manifest.json', size: Buffer.byteLength(indexText) }] };
  const largest = Math.max(0, ...manifest.files.map((f) => f.size));
  const bytes = Buffer.alloc(largest, 'x');
  const made = new Set<string>();
  let total = 0;
  const started = performance.now();
  for (const f of manifest.files) {
    const file = join(dir, f.path);
    const folder = dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, bytes.subarray(0, f.size));
    total += f.size;
  }
  const ms = performance.now() - started;
  return { files: manifest.files.length, folders: made.size, bytes: total, ms };
}
