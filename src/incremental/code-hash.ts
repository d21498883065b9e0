// The one hash of everything code-like (templates, bundle, configuration, Pressroom's version): when
// it changes, every page is rendered again. It covers the code that is running: in a clone the
// TypeScript sources (a component change changes pages before any version does), in the package
// the compiled dist/. Hashing a few hundred files takes milliseconds, once per process.
import { onceAsync } from '../runtime/once.ts';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import fg from 'fast-glob';
import { stableStringify } from '../encoding/json.ts';
import { COMPILED, PACKAGE_ROOT } from '../runtime/package.ts';

/** Folders whose files shape the HTML. */
const CODE_DIRS = COMPILED ? ['dist', 'templates'] : ['src', 'templates'];
/** The sample API's sources do not shape the HTML: its answers are in the snapshot. */
const IGNORE = ['src/sample-api/**'];
/** Runtime libraries whose version changes the server-rendered markup. */
const RENDER_LIBS = ['react', 'react-dom', 'react-router', '@tanstack/react-query'];

export interface CodeInputs {
  /** ClientBundle.hash: every client output file's name and bytes. */
  bundleHash: string;
  /** All of the resolved configuration, the static pages' copy too (in those pages' own data). */
  config: unknown;
  /** What every page embeds as the browser's configuration (src/config/load.ts publicConfig). */
  publicConfig: unknown;
  /** Document template file actually used, when not the default. */
  templateFile?: string;
  /** Tests: a different root or extra salt. */
  root?: string;
  salt?: string;
}

/** Absolute paths of every file under the code folders of `root` (a missing folder has none). */
function listFiles(root: string): Promise<string[]> {
  return fg(
    CODE_DIRS.map((d) => `${d}/**`),
    { cwd: root, absolute: true, onlyFiles: true, dot: true, followSymbolicLinks: false, ignore: IGNORE },
  );
}

/** A library's version as Node resolves it from `root` (an installed package's dependencies are hoisted). */
async function versionOf(root: string, pkg: string): Promise<string | null> {
  try {
    const file = createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`);
    return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

/**
 * Configuration keys that act only after a publish (deploy targets, CDN purges: docs/deploying.md).
 * They never shape out/, so adding a target or a purge must not render every page again (it did: the
 * first edit after adding a purge took 26.8 s at 10,000 posts instead of 0.3 s).
 */
const AFTER_PUBLISH_KEYS: readonly string[] = ['deploy', 'purge'];

/** The configuration as far as it shapes out/. */
function shaping(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  return Object.fromEntries(Object.entries(config).filter(([k]) => !AFTER_PUBLISH_KEYS.includes(k)));
}

export async function codeHash(inputs: CodeInputs): Promise<string> {
  const root = inputs.root ?? PACKAGE_ROOT;
  const h = createHash('sha256');
  const code = await codeOf(root);
  h.update(stableStringify({ versions: code.versions, bundle: inputs.bundleHash, config: shaping(inputs.config), publicConfig: inputs.publicConfig, salt: inputs.salt ?? null }));
  h.update(code.files);
  if (inputs.templateFile) {
    const f = resolve(inputs.templateFile);
    h.update(`\0${relative(root, f)}\0`);
    h.update(await readFile(f));
  }
  return h.digest('hex');
}

/**
 * The configuration's part of the code hash, kept with the build state, so a full render can say
 * the configuration changed (`config-changed`) rather than the code.
 */
export function configHash(inputs: Pick<CodeInputs, 'config' | 'publicConfig'>): string {
  return createHash('sha256').update(stableStringify({ config: shaping(inputs.config), publicConfig: inputs.publicConfig })).digest('hex');
}

/**
 * The versions and code digest of Pressroom's own root, read once per process: the code it runs,
 * whatever changed on disk since (a watcher after a `git pull` must not record code it does not
 * run). Other roots (tests) are read each time.
 *
 * Module-level on purpose: a fact of the process, so two watchers of two sites rightly share it.
 */
const running = onceAsync(() => readCode(PACKAGE_ROOT));
interface CodeFiles {
  versions: Record<string, string | null>;
  files: string;
}
function codeOf(root: string): Promise<CodeFiles> {
  if (root !== PACKAGE_ROOT) return readCode(root);
  return running(); // a failed read is tried again by the next build (onceAsync)
}

async function readCode(root: string): Promise<CodeFiles> {
  const own = JSON.parse(await readFile(join(root, 'package.json'), 'utf8').catch(() => '{}')) as { version?: string };
  const versions: Record<string, string | null> = { pressroom: own.version ?? null, node: process.versions.node.split('.')[0] };
  for (const lib of RENDER_LIBS) versions[lib] = await versionOf(root, lib);
  const h = createHash('sha256');
  for (const f of [...new Set(await listFiles(root))].sort()) {
    h.update(`\0${relative(root, f)}\0`);
    h.update(await readFile(f));
  }
  return { versions, files: h.digest('hex') };
}
