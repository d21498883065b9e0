// Where Pressroom's own files are. Modules run from the sources (src/, through tsx or vitest) or
// compiled by esbuild into dist/, inlined or chunked at any depth. So templates/, config/ and thread
// entries are found from the package root (the nearest folder above holding package.json).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** The folder holding Pressroom's package.json, templates/ and config/ (a clone or node_modules/pressroom). */
export const PACKAGE_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));

declare global {
  interface ImportMeta {
    /** `true` in the compiled package: scripts/build-dist.ts defines it; absent when the sources run. */
    PRESSROOM_COMPILED?: boolean;
  }
}

/** True when this code is esbuild's output in dist/, false when the TypeScript sources run. */
export const COMPILED = import.meta.PRESSROOM_COMPILED === true;

/** Where scripts/build-dist.ts writes the compiled code, entries under their source paths (src/x.ts -> dist/src/x.js). */
export const DIST = join(PACKAGE_ROOT, 'dist');

/** The file to start as a thread or process for a module's source path: the source or its compiled entry. */
export function entryFile(source: string): string {
  return COMPILED ? join(DIST, source.replace(/\.tsx?$/, '.js')) : join(PACKAGE_ROOT, source);
}
