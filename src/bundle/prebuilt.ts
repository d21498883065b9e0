// The client bundle of a build: from the sources, built by esbuild at build time (./index.ts), so an
// edit to src/app shows next build; in the package, prebuilt by `npm pack` (scripts/build-dist.ts)
// into dist/client/ with a manifest of the metafile's facts. The bundle does not depend on the site's
// configuration, so one serves every site; a base path is applied afterwards (./rebase.ts).
import { onceAsync } from '../runtime/once.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { DIST } from '../runtime/package.ts';
import type { PageKindName } from '../site/types.ts';
import { hashFiles } from './hash.ts';
import { rebaseBundle } from './rebase.ts';
import type { BundleFile, ClientBundle } from './index.ts';

/** Where the package keeps the prebuilt bundle. */
export const PREBUILT_DIR = path.join(DIST, 'client');
const MANIFEST = 'manifest.json';

interface Manifest {
  version: 2;
  entryUrl: string;
  islandsUrl: string;
  cssUrl: string;
  /** Page kind -> its modulepreload URLs. */
  preloads: Record<string, string[]>;
  /** Relative to out/ and to the prebuilt folder, in the bundle's order. */
  files: string[];
}

// The bundle without a base path, once per process: made from the code this process runs, so every
// site shares it (each rebased). A failed bundle is tried again by the next build.
const unprefixed = onceAsync(() => unprefixedBundle());

/**
 * The bundle a build uses, with its URLs under `basePath`. Built once per process: the server render
 * runs the modules this process loaded, so the browser's must come from the same sources, and a
 * watcher spends nothing on it per publish (about 0.25 s).
 */
export async function clientBundle(basePath = ''): Promise<ClientBundle> {
  return rebaseBundle(await unprefixed(), basePath);
}

async function unprefixedBundle(): Promise<ClientBundle> {
  // import.meta.PRESSROOM_COMPILED (an esbuild define), not COMPILED, so esbuild drops the branch and
  // its esbuild import from the compiled package, where esbuild is absent.
  if (import.meta.PRESSROOM_COMPILED) {
    return readPrebuiltBundle(PREBUILT_DIR);
  } else {
    const { bundleClient } = await import('./index.ts');
    return bundleClient({ minify: true });
  }
}

/** Writes `bundle` into `dir` with a manifest holding the preloads of `kinds`. */
export async function writePrebuiltBundle(bundle: ClientBundle, kinds: readonly string[], dir: string): Promise<void> {
  const manifest: Manifest = {
    version: 2,
    entryUrl: bundle.entryUrl,
    islandsUrl: bundle.islandsUrl,
    cssUrl: bundle.cssUrl,
    preloads: Object.fromEntries(kinds.map((k) => [k, bundle.preloadFor(k as PageKindName)])),
    files: bundle.files.map((f) => f.path),
  };
  for (const f of bundle.files) {
    const file = path.join(dir, ...f.path.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, f.contents);
  }
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Reads a bundle written by writePrebuiltBundle; its hash is computed from the files read, as a live build computes it. */
export async function readPrebuiltBundle(dir: string): Promise<ClientBundle> {
  let manifest: Manifest;
  let files: BundleFile[];
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.version !== 2) throw new Error(`unknown manifest version ${String(manifest.version)}`);
    files = await Promise.all(manifest.files.map(async (p) => ({ path: p, contents: new Uint8Array(await readFile(path.join(dir, ...p.split('/')))) })));
  } catch (e) {
    throw pressroomError('PR_BUNDLE_PREBUILT', { dir, detail: (e as Error).message }, e);
  }
  return {
    files,
    entryUrl: manifest.entryUrl,
    islandsUrl: manifest.islandsUrl,
    cssUrl: manifest.cssUrl,
    preloadFor: (kind) => [...(manifest.preloads[kind] ?? [])],
    hash: hashFiles(files),
  };
}
