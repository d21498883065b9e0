// Where Pressroom's own files are. The same modules run in two forms: from the
// TypeScript sources of a clone (src/, through tsx or vitest) and compiled by
// esbuild into dist/ in the installed package, where a module may sit inlined
// in an entry file or in a shared chunk at any depth. So no module may locate
// templates/, config/ or a thread entry relative to its own file: they are
// found from the package root, the nearest folder above holding package.json.
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

/**
 * The file to start as a separate thread or process for a module given by its
 * source path ('src/sample-api/process-child.ts'): that source in a clone, its
 * compiled entry in the package.
 */
export function entryFile(source: string): string {
  return COMPILED ? join(DIST, source.replace(/\.tsx?$/, '.js')) : join(PACKAGE_ROOT, source);
}
