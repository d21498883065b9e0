// The bundle stage (docs/architecture.md, "bundle"): esbuild builds the client entries (the routed
// app's and the islands') as split, minified, content-hashed ESM with a metafile, and the stylesheet
// to one hashed CSS file. It returns data; only emit writes. The metafile gives each page kind's
// modulepreload list and proves no Node-only module reached the client.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildFailure, type BuildResult, type Metafile } from 'esbuild';
import { pressroomError } from '../errors/errors.ts';
import { PACKAGE_ROOT } from '../runtime/package.ts';
import type { PageKindName } from '../site/types.ts';
import { hydratesAsIslands } from '../site/kinds/islands.ts';
import { hashFiles } from './hash.ts';
import { nodeGuardPlugin, nodeModulesInMetafile, type NodeModuleHit } from './node-guard.ts';
import { preloadTable, staticClosure } from './preloads.ts';

export interface BundleFile {
  /** Relative to out/, '/'-separated, e.g. 'assets/entry-3F2A1B7C.js'. */
  path: string;
  contents: Uint8Array;
}

export interface ClientBundle {
  files: BundleFile[];
  /** '/assets/entry-….js': the routed app's entry. */
  entryUrl: string;
  /** '/assets/islands-….js': the entry of documents hydrated as islands (src/site/kinds/islands.ts). */
  islandsUrl: string;
  /** '/assets/styles-….css' */
  cssUrl: string;
  /** URLs of the page kind's chunk plus its static imports and the entry's shared chunks (not the entry itself); for an island kind, the islands entry's static imports. */
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
const ISLANDS_ENTRY = 'src/client/islands-entry.tsx';
const STYLES = 'src/app/styles/index.css';
const STATIC_ASSETS = 'templates/assets';
/** Where page modules live; the folder name is the page kind (src/app/pages/registry.ts). */
const PAGE_SOURCE = /^src\/app\/pages\/([^/]+)\/index\.tsx?$/;

export async function bundleClient(opts: BundleOptions = {}): Promise<ClientBundle> {
  const root = path.resolve(opts.projectRoot ?? DEFAULT_ROOT);
  const outRoot = path.join(root, 'out');
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const hits: NodeModuleHit[] = [];

  // Two builds, routed app and islands: built together, esbuild splits the islands' few modules into a
  // dozen small chunks shared with the app (82.0 KB against 79.6 KB gzip on the article;
  // docs/decisions/0062-article-islands.md).
  let routed: BuildResult;
  let islands: BuildResult;
  try {
    [routed, islands] = await Promise.all([
      esbuildRun(root, outRoot, [{ in: ENTRY, out: 'entry' }, { in: STYLES, out: 'styles' }], '', opts.minify ?? true, hits, rel),
      esbuildRun(root, outRoot, [{ in: ISLANDS_ENTRY, out: 'islands' }], 'islands-', opts.minify ?? true, hits, rel),
    ]);
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

  const meta: Metafile = routed.metafile!;
  const islandsMeta: Metafile = islands.metafile!;
  const leaked = [...nodeModulesInMetafile(meta), ...nodeModulesInMetafile(islandsMeta)];
  if (leaked.length) throw pressroomError('PR_BUNDLE_NODE_MODULE', { ...leaked[0] });

  const outRel = (abs: string) => path.relative(outRoot, abs).split(path.sep).join('/');
  // Chunk names differ between the builds; an asset both import (an image) is the same bytes under one hashed name: kept once.
  const byPath = new Map<string, BundleFile>();
  for (const f of [...routed.outputFiles!, ...islands.outputFiles!]) byPath.set(outRel(f.path), { path: outRel(f.path), contents: f.contents });
  const files: BundleFile[] = [...byPath.values()];

  // Metafile output keys are relative to absWorkingDir ('out/assets/x.js').
  const metaToUrl = (p: string) => `/${path.posix.relative('out', p)}`;
  const entryOut = findEntry(meta, ENTRY, '.js');
  const islandsOut = findEntry(islandsMeta, ISLANDS_ENTRY, '.js');
  const cssOut = findEntry(meta, STYLES, '.css');
  const pageSources: Record<string, string> = {};
  for (const info of Object.values(meta.outputs)) {
    const m = info.entryPoint ? PAGE_SOURCE.exec(info.entryPoint) : null;
    if (m) pageSources[m[1]] = info.entryPoint!;
  }
  const { table, shared } = preloadTable(meta.outputs, entryOut, pageSources, metaToUrl);
  const islandsShared = staticClosure(islandsMeta.outputs, islandsOut).slice(1).map(metaToUrl);

  files.push(...(await staticAssets(path.join(root, STATIC_ASSETS))));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  return {
    files,
    entryUrl: metaToUrl(entryOut),
    islandsUrl: metaToUrl(islandsOut),
    cssUrl: metaToUrl(cssOut),
    preloadFor: (kind) => [...(hydratesAsIslands(kind) ? islandsShared : (table.get(kind) ?? shared))],
    hash: hashFiles(files),
  };
}

/** One esbuild run: ESM with code splitting, minified, content-hashed names, a metafile, nothing written. */
function esbuildRun(
  root: string,
  outRoot: string,
  entryPoints: { in: string; out: string }[],
  /** Put before chunk names, so the two builds' chunks never share a name. */
  chunkPrefix: string,
  minify: boolean,
  hits: NodeModuleHit[],
  rel: (p: string) => string,
): Promise<BuildResult> {
  return build({
    absWorkingDir: root,
    entryPoints,
    outdir: path.join(outRoot, 'assets'),
    publicPath: '/assets/',
    entryNames: '[name]-[hash]',
    chunkNames: `${chunkPrefix}[name]-[hash]`,
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // ES2020: every browser with native ESM modules + dynamic import (and modulepreload support or a harmless no-op).
    target: 'es2020',
    jsx: 'automatic',
    minify,
    legalComments: 'none',
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file', '.woff': 'file' },
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [nodeGuardPlugin(hits, rel)],
  });
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
