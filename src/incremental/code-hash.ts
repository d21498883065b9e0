// The one hash of everything code-like (templates, bundle, configuration,
// Pressroom's version). When it changes, every page is rendered again. It
// covers the code that is running, on purpose: in a clone the TypeScript
// sources as they are, so a change to a page component or a page kind changes
// pages before it changes any version number; in the installed package the
// compiled dist/ (which holds the prebuilt client bundle too). Hashing a few
// hundred small files takes milliseconds, once per process.
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
  /**
   * The resolved site configuration: all of it, the static pages' copy too,
   * which is in no page's public configuration but in those pages' own data
   * (src/config/page-copy.ts), so editing it renders them again.
   */
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

/**
 * The version of a library as Node resolves it from `root`: installed as a
 * package, Pressroom's dependencies are usually hoisted beside it, not in a
 * node_modules/ of its own.
 */
async function versionOf(root: string, pkg: string): Promise<string | null> {
  try {
    const file = createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`);
    return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

export async function codeHash(inputs: CodeInputs): Promise<string> {
  const root = inputs.root ?? PACKAGE_ROOT;
  const h = createHash('sha256');
  const code = await codeOf(root);
  h.update(stableStringify({ versions: code.versions, bundle: inputs.bundleHash, config: inputs.config, publicConfig: inputs.publicConfig, salt: inputs.salt ?? null }));
  h.update(code.files);
  if (inputs.templateFile) {
    const f = resolve(inputs.templateFile);
    h.update(`\0${relative(root, f)}\0`);
    h.update(await readFile(f));
  }
  return h.digest('hex');
}

/**
 * The configuration's part of the code hash alone: kept with the build state, so a build that
 * renders everything because the hash changed can say whether the configuration did
 * (`config-changed`, e.g. another --site-url) rather than the code.
 */
export function configHash(inputs: Pick<CodeInputs, 'config' | 'publicConfig'>): string {
  return createHash('sha256').update(stableStringify({ config: inputs.config, publicConfig: inputs.publicConfig })).digest('hex');
}

/**
 * The versions and the digest of the code files of `root`. Pressroom's own
 * (PACKAGE_ROOT) is read once per process: it is the code this process runs,
 * which files changed on disk since it started do not change (a watcher's
 * builds after a `git pull` must not record a hash of code they do not run),
 * and every build of a long-running process (pressroom watch) skips reading a
 * few hundred files. Any other root (tests) is read each time.
 *
 * Module-level on purpose: it is a fact of the process (the code it runs), the same for every
 * site and session it builds, so two watchers of two sites rightly share it.
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
