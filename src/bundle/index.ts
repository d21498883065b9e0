// The bundle stage (docs/architecture.md, "bundle"): esbuild builds the client entry as
// ESM with code splitting, minified, content-hashed names and a metafile, and
// the stylesheet to one hashed CSS file. It returns data (write: false); only
// emit writes out/. The metafile gives each page kind's modulepreload list and
// proves that no Node-only module reached the client.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildFailure, type Metafile } from 'esbuild';
import { pressroomError } from '../core/errors.ts';
import { PACKAGE_ROOT } from '../core/package.ts';
import type { PageKindName } from '../site/types.ts';
import { hashFiles } from './hash.ts';
import { nodeGuardPlugin, nodeModulesInMetafile, type NodeModuleHit } from './node-guard.ts';
import { preloadTable } from './preloads.ts';

export interface BundleFile {
  /** Relative to out/, '/'-separated, e.g. 'assets/entry-3F2A1B7C.js'. */
  path: string;
  contents: Uint8Array;
}

export interface ClientBundle {
  files: BundleFile[];
  /** '/assets/entry-….js' */
  entryUrl: string;
  /** '/assets/styles-….css' */
  cssUrl: string;
  /** URLs of the page kind's chunk plus its static imports and the entry's shared chunks (not the entry itself). */
  preloadFor(kind: PageKindName): string[];
  /** One hash over every output file (paths and bytes), for incremental builds. */
  hash: string;
}

export interface BundleOptions {
  minify?: boolean;
  /** Folder holding src/client/entry.tsx, src/app/styles/index.css and templates/assets/; default: Pressroom's sources. */
  projectRoot?: string;
}

const DEFAULT_ROOT = PACKAGE_ROOT;
const ENTRY = 'src/client/entry.tsx';
const STYLES = 'src/app/styles/index.css';
const STATIC_ASSETS = 'templates/assets';
/** Where page modules live; the folder name is the page kind (src/app/pages/registry.ts). */
const PAGE_SOURCE = /^src\/app\/pages\/([^/]+)\/index\.tsx?$/;

export async function bundleClient(opts: BundleOptions = {}): Promise<ClientBundle> {
  const root = path.resolve(opts.projectRoot ?? DEFAULT_ROOT);
  const outRoot = path.join(root, 'out');
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const hits: NodeModuleHit[] = [];

  let result;
  try {
    result = await build({
      absWorkingDir: root,
      entryPoints: [
        { in: ENTRY, out: 'entry' },
        { in: STYLES, out: 'styles' },
      ],
      outdir: path.join(outRoot, 'assets'),
      publicPath: '/assets/',
      entryNames: '[name]-[hash]',
      chunkNames: '[name]-[hash]',
      assetNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      // ES2020: every browser with native ESM modules + dynamic import (and modulepreload support or a harmless no-op).
      target: 'es2020',
      jsx: 'automatic',
      minify: opts.minify ?? true,
      legalComments: 'none',
      charset: 'utf8',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file', '.woff': 'file' },
      metafile: true,
      write: false,
      logLevel: 'silent',
      plugins: [nodeGuardPlugin(hits, rel)],
    });
  } catch (e) {
    if (hits.length) throw pressroomError('PR_BUNDLE_NODE_MODULE', { ...hits[0] }, e);
    const failure = e as Partial<BuildFailure>;
    const errors = failure.errors ?? [];
    const detail = errors.length
      ? errors
          .slice(0, 5)
          .map((m) => (m.location ? `${m.location.file}:${m.location.line}: ${m.text}` : m.text))
          .join('; ') + (errors.length > 5 ? ` (and ${errors.length - 5} more)` : '')
      : String((e as Error)?.message ?? e);
    throw pressroomError('PR_BUNDLE_FAILED', { detail }, e);
  }

  const meta: Metafile = result.metafile!;
  const leaked = nodeModulesInMetafile(meta);
  if (leaked.length) throw pressroomError('PR_BUNDLE_NODE_MODULE', { ...leaked[0] });

  const outRel = (abs: string) => path.relative(outRoot, abs).split(path.sep).join('/');
  const files: BundleFile[] = result.outputFiles!.map((f) => ({ path: outRel(f.path), contents: f.contents }));

  // Metafile output keys are relative to absWorkingDir ('out/assets/x.js').
  const metaToUrl = (p: string) => `/${path.posix.relative('out', p)}`;
  const entryOut = findEntry(meta, ENTRY, '.js');
  const cssOut = findEntry(meta, STYLES, '.css');
  const pageSources: Record<string, string> = {};
  for (const info of Object.values(meta.outputs)) {
    const m = info.entryPoint ? PAGE_SOURCE.exec(info.entryPoint) : null;
    if (m) pageSources[m[1]] = info.entryPoint!;
  }
  const { table, shared } = preloadTable(meta.outputs, entryOut, pageSources, metaToUrl);

  files.push(...(await staticAssets(path.join(root, STATIC_ASSETS))));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  return {
    files,
    entryUrl: metaToUrl(entryOut),
    cssUrl: metaToUrl(cssOut),
    preloadFor: (kind) => [...(table.get(kind) ?? shared)],
    hash: hashFiles(files),
  };
}

function findEntry(meta: Metafile, source: string, ext: string): string {
  for (const [out, info] of Object.entries(meta.outputs)) {
    if (info.entryPoint === source && out.endsWith(ext)) return out;
  }
  throw pressroomError('PR_BUNDLE_FAILED', { detail: `no ${ext} output for ${source} in the metafile` });
}

/** templates/assets/* copied to assets/ unhashed: the configuration names them (/assets/logo.svg). */
async function staticAssets(dir: string): Promise<BundleFile[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  names.sort();
  return Promise.all(names.map(async (n) => ({ path: `assets/${n}`, contents: new Uint8Array(await readFile(path.join(dir, n))) })));
}
