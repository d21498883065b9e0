// The one hash of everything code-like (templates, bundle, configuration,
// Pressroom's version). When it changes, every page is rendered again. It
// covers the sources too, on purpose: the server renders with the
// TypeScript sources as they are (docs/decisions.md, 2), so a change to a page
// component or a page kind changes pages before it changes any version number.
// Hashing the source tree (a few hundred small files) takes milliseconds.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stableStringify } from '../core/json.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Source folders whose files shape the HTML (the sample API does not; its answers are in the snapshot). */
const CODE_DIRS = ['src', 'templates'];
const SKIP = new Set(['src/sample-api']);
/** Runtime libraries whose version changes the server-rendered markup. */
const RENDER_LIBS = ['react', 'react-dom', 'react-router-dom', 'react-router', '@tanstack/react-query'];

export interface CodeInputs {
  /** ClientBundle.hash: every client output file's name and bytes. */
  bundleHash: string;
  /** The resolved site configuration. */
  config: unknown;
  /** What the browser gets (includes the build day). */
  publicConfig: unknown;
  /** Document template file actually used, when not the default. */
  templateFile?: string;
  /** Tests: a different root or extra salt. */
  root?: string;
  salt?: string;
}

async function listFiles(dir: string, root: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const abs = join(dir, e.name);
    const rel = relative(root, abs).split('\\').join('/');
    if (SKIP.has(rel)) continue;
    if (e.isDirectory()) out.push(...(await listFiles(abs, root)));
    else if (e.isFile()) out.push(abs);
  }
  return out;
}

async function versionOf(root: string, pkg: string): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

export async function codeHash(inputs: CodeInputs): Promise<string> {
  const root = inputs.root ?? ROOT;
  const h = createHash('sha256');
  const own = JSON.parse(await readFile(join(root, 'package.json'), 'utf8').catch(() => '{}')) as { version?: string };
  const versions: Record<string, string | null> = { pressroom: own.version ?? null, node: process.versions.node.split('.')[0] };
  for (const lib of RENDER_LIBS) versions[lib] = await versionOf(root, lib);
  h.update(stableStringify({ versions, bundle: inputs.bundleHash, config: inputs.config, publicConfig: inputs.publicConfig, salt: inputs.salt ?? null }));
  const files = (await Promise.all(CODE_DIRS.map((d) => listFiles(join(root, d), root)))).flat();
  if (inputs.templateFile) files.push(resolve(inputs.templateFile));
  for (const f of [...new Set(files)].sort()) {
    h.update(`\0${relative(root, f)}\0`);
    h.update(await readFile(f));
  }
  return h.digest('hex');
}
