// The bundle's one hash over every output file (paths and bytes), shared by the
// live esbuild build (./index.ts) and the prebuilt bundle of the package
// (./prebuilt.ts), so both give the same hash for the same files.
import { createHash } from 'node:crypto';
import type { BundleFile } from './index.ts';

export function hashFiles(files: readonly BundleFile[]): string {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(f.path);
    h.update('\0');
    h.update(f.contents);
    h.update('\0');
  }
  return h.digest('hex');
}
