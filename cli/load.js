// @ts-check
// TypeScript is loaded only when a command runs: registering tsx starts a
// loader thread that costs several times a bare node start, so `--help`,
// `--version` and usage errors never pay for it (bench/cli-start.ts measures
// this). Commands import their modules through `load`.
import { fileURLToPath } from 'node:url';

/** @type {Promise<void> | undefined} */
let registered;

/**
 * Imports a TypeScript module of the project (a path relative to this folder).
 * @param {string} specifier
 * @returns {Promise<any>}
 */
export async function load(specifier) {
  registered ??= import('tsx/esm/api').then(({ register }) => {
    // tsx would otherwise read the tsconfig of the current folder, and run from
    // elsewhere the JSX settings would be lost ("React is not defined").
    register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  });
  await registered;
  return import(new URL(specifier, import.meta.url).href);
}
