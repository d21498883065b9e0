// @ts-check
// Commands import their modules through `load`, only when they run: so
// `--help`, `--version` and usage errors cost little more than a bare node
// start (bench/cli-start.ts measures this). A module comes in one of two forms:
//   - in a clone, its TypeScript source runs as it is, through tsx. Registering
//     tsx starts a loader thread that costs several node starts, paid only here;
//   - the installed package has no sources, only their compiled form in dist/
//     (scripts/build-dist.ts, run by `npm pack`), under the same path, which
//     node imports as it is.
// The sources win when they are present, so a clone never runs a stale dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);

/** @type {Promise<void> | undefined} */
let registered;

/**
 * Imports a module of Pressroom given by its TypeScript source path, relative to this folder.
 * @param {string} specifier e.g. './commands/build.ts'
 * @returns {Promise<any>}
 */
export async function load(specifier) {
  const source = new URL(specifier, import.meta.url);
  if (!existsSync(source)) {
    const rel = source.href.slice(ROOT.href.length).replace(/\.tsx?$/, '.js');
    return import(new URL(`dist/${rel}`, ROOT).href);
  }
  registered ??= import('tsx/esm/api').then(({ register }) => {
    // tsx would otherwise read the tsconfig of the current folder, and run from
    // elsewhere the JSX settings would be lost ("React is not defined").
    register({ tsconfig: fileURLToPath(new URL('tsconfig.json', ROOT)) });
  });
  await registered;
  return import(source.href);
}
