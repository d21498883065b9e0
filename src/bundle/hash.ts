// The bundle's one hash over every output file (paths and bytes), shared by the live build (./index.ts)
// and the prebuilt one (./prebuilt.ts), so both hash the same files alike.
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
