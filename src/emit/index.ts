// emit: the only writer of out/ (docs/architecture.md, "emit"). Pages stream in from the renderer
// and are written with bounded, overlapped writes into a staging folder; then the search index
// (./search-index.ts), the JSON mirror, sitemaps, robots.txt, redirect maps, the client bundle and
// the manifest. src/publish publishes what it staged. Over a previous release's files, only changed
// files are written. Host snippets are prepared beside out/ (./host-snippets.ts). Everything is
// sorted and clock-free, so one snapshot gives byte-identical output.
import { mkdir, rm } from 'node:fs/promises';
import { mirrorFile } from '../api/mirror.ts';
import type { SiteConfig } from '../config/schema.ts';
import { killPoint } from '../runtime/kill-point.ts';
import { outputWriteError } from '../files/write-fault.ts';
import { settleBoth } from '../runtime/settle.ts';
import { stableStringify } from '../encoding/json.ts';
import type { BuildPlan } from '../plan/types.ts';
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';
import { canonicalStatusBody, isCanonical, statusBodyText, storedText } from '../snapshot/snapshot-files.ts';
import { prepareHostSnippets, type PreparedSnippets } from './host-snippets.ts';
import { headersFile, publishingFiles } from './publishing.ts';
import { renderRedirects, type HostName } from './redirects/index.ts';
import { renderSitemaps, robotsTxt, SITEMAP_SHARD_LIMIT } from './sitemap.ts';
import { buildParts, indexChange, writeParts, type IndexChange } from './search-emit.ts';
import { precompressEnabled } from './precompress.ts';
import { MANIFEST_FILE, manifestIndexText, manifestParts, type ManifestPart } from './manifest-text.ts';
import { OutputWriter, type ManifestEntry, type PreviousFiles } from './writer.ts';
import { halted, writeChangedPages, writePages } from './pages.ts';
import type { EmitKept } from './kept.ts';
import type { Warn } from '../errors/warnings.ts';
import type { UrlForm } from '../site/paths.ts';

export type { ManifestEntry } from './writer.ts';

export { isManifestFile, MANIFEST_FILE, MANIFEST_PARTS, MANIFEST_VERSION, type ManifestPart } from './manifest-text.ts';
export { manifestHead, partsIn, readSiteFiles, type PartReader, type SiteFiles } from './manifest-read.ts';

/** What render yields per route. */
export interface EmittedPage {
  path: string;
  file: string;
  /** The document: UTF-8 bytes from the renderer, or a string (tests). */
  html: string | Buffer;
}

/** Where the content came from; serve uses it to start the same sample API. */
export type BuildSource = { kind: 'api'; base: string } | { kind: 'embedded-sample'; seed: number; posts: number; today: string; corpus: string };

/** What the manifest's index says of a build (./manifest-text.ts), as `pressroom serve` and the sample guard read it. */
export interface ManifestHead {
  version: number;
  source: BuildSource;
  /** config.site.basePath when it is not '' (`pressroom serve` serves the site under it by default); absent otherwise, as before base paths existed. */
  basePath?: string;
  /** config.site.trailingSlash when "always" (`pressroom serve` redirects the other form to it); absent for "never". */
  trailingSlash?: 'always';
  /** config.output.pageFiles when "file" (pages are x.html); absent for "folder". */
  pageFiles?: 'file';
}

/** The URL form a manifest records: absent keys are the defaults, as in builds made before the choice existed. */
export const urlFormOf = (head: Pick<ManifestHead, 'trailingSlash' | 'pageFiles'>): UrlForm => ({ trailingSlash: head.trailingSlash ?? 'never', pageFiles: head.pageFiles ?? 'folder' });

/** A build's manifest: its head and every file it lists (all but the manifest's own index and parts), sorted by path. */
export interface Manifest extends ManifestHead {
  files: readonly ManifestEntry[];
}

export interface EmitInput {
  out: string;
  /** The folder to write into (emptied first): beside out/, on its file system (src/publish/paths.ts). */
  staging: string;
  plan: BuildPlan;
  pages: AsyncIterable<EmittedPage>;
  /** Unchanged pages carried from the previous release: a list, not streamed (each is a manifest entry). */
  reused?: readonly { file: string; sha256: string; size: number }[];
  /**
   * The pages changed since the previous release (an incremental build): the routes rendered and the
   * files of routes gone. With the previous files in place and the changed API paths known, emit
   * starts from them and `reused` is not read (OutputWriter.startFromPrevious).
   */
  pagesChanged?: { render: readonly { kind: string; path: string; file: string }[]; deleted: readonly string[] };
  /** Snapshot entries, for the static mirror (only `GET /api/...` keys are mirrored). */
  entries: Iterable<SnapshotEntry>;
  /** The snapshot's entry of an API path (the feeds read article and author records by path). */
  lookup: (apiPath: string) => SnapshotEntry | undefined;
  /** The snapshot's state and the paths changed since a state, when it can tell (the feeds keep items per route by it). */
  changes?: Pick<SnapshotView, 'state' | 'changesSince'>;
  bundleFiles: readonly { path: string; contents: string | Uint8Array }[];
  /** Without `search`, or with `search.staticIndex` "off", no static search index is written. */
  config: Pick<SiteConfig, 'site' | 'hosts'> & Partial<Pick<SiteConfig, 'feeds' | 'api' | 'output' | 'search'>>;
  /** The build clock (ISO-8601): the news sitemap's two-day window and empty feeds' dates. Without it, no feeds or news sitemap. */
  now?: string;
  /** Non-fatal notes from the host writers. */
  warn?: Warn;
  source: BuildSource;
  onProgress?: (p: { done: number; total: number }) => void;
  maxInFlight?: number;
  sitemapLimit?: number;
  /** The previous release's files: regenerated files with equal bytes are carried over with their mtime (docs/operations.md, "Incremental builds"). */
  previous?: PreviousFiles;
  /** The publish session's part (./kept.ts): what the last build of the session left this one. A one-off build has none and keeps nothing. */
  kept?: EmitKept;
}

export interface EmitResult {
  pages: number;
  files: number;
  bytes: number;
  /** Files carried over unchanged from the previous release. */
  carried: number;
  manifest: Manifest;
  /** The folder written: the whole site, or (`inPlace`) only the files that changed. */
  staging: string;
  inPlace: boolean;
  /** Whether the writer started from the previous release's files (OutputWriter.startFromPrevious), not carrying each one. */
  fromPrevious: boolean;
  /** The files whose bytes are in `staging`, the manifest's index and parts included, sorted. */
  staged: ManifestEntry[];
  /** Every file's entry by path, the manifest's index and parts included. */
  entries: ReadonlyMap<string, ManifestEntry>;
  /** The manifest's parts, in order. */
  parts: readonly ManifestPart[];
  /** Files of the previous release this build does not have, sorted. */
  deleted: string[];
  /** Files whose bytes differ from the previous release's (written or deleted), sorted; every file without one. */
  changed: string[];
  /** sha256 of the manifest's index: the identity of the site (src/publish). */
  manifestSha: string;
  /** Host snippets beside out/, committed with the publish. */
  snippets: PreparedSnippets;
  /** The static search index's parts, and how many were built (the others left as they were); absent without the index. */
  searchIndex?: { parts: number; built: number };
}

// The escapes of jsonForScript over stable JSON: a mirror file may be inlined or fetched, and equal
// data gives equal bytes whether the snapshot was crawled or loaded.
const API_PREFIX = '/api/';
const HASHED = /^[^/].*\/[^/]+-[A-Za-z0-9]{8,}\.(js|css)$/;
const UNSAFE = /[<>&\u2028\u2029]/g;
const escapeUnsafe = (json: string) => json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** A mirror file's text: the stable JSON of {status, body}, printed without sorting a body whose keys are sorted already. */
export function mirrorJson(e: SnapshotEntry): string {
  const text = storedText(e); // a body in the body store: its canonical text, never parsed here
  if (text !== undefined) return escapeUnsafe(statusBodyText(e.status, text));
  return escapeUnsafe(isCanonical(e) ? canonicalStatusBody(e.status, e.body) : stableStringify({ status: e.status, body: e.body }));
}

export async function emit(input: EmitInput): Promise<EmitResult> {
  const { staging } = input;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true }).catch((e: unknown) => {
    throw outputWriteError(staging, e);
  });
  const { kept } = input;
  const w = new OutputWriter(staging, input.maxInFlight ?? 32, input.previous, precompressEnabled(input.config.output?.precompress, input.config.hosts), kept);
  const indexOn = (input.config.search?.staticIndex ?? 'off') !== 'off';
  const patch = startFromPrevious(w, input, indexOn);
  let snippets: PreparedSnippets | undefined;
  // Pages and site-wide files are written side by side, so this thread writes the mirror, feeds and
  // maps while the render threads work. Neither reads the other's files and the manifest is sorted,
  // so the bytes do not depend on the interleaving.
  const stop = { failed: false };
  const pagesWritten = (patch ? writeChangedPages(w, input, patch.pages, stop) : writePages(w, input, stop)).then(async (pages) => {
    // The search index reads article pages back from staging; Pagefind then works in its own process.
    if (!indexOn) return { pages, searchIndex: null };
    await w.flush();
    const searchIndex = buildParts(w, input.plan.routes, patch?.index);
    // Awaited below; a failure before that point must not surface as an unhandled rejection.
    searchIndex.catch(() => undefined);
    return { pages, searchIndex };
  });
  const siteWritten = writeSiteWide(w, input, stop, patch?.apiPaths).then((prepared) => void (snippets = prepared));
  try {
    const [{ pages, searchIndex }] = await settleBoth(pagesWritten, siteWritten, () => void (stop.failed = true));
    const { site } = input.config;
    const index = await searchIndex;
    await writeParts(w, index, patch?.index?.kept, kept?.searchParts);
    const indexReport = index ? { searchIndex: { parts: index.parts.count, built: index.built.files.size } } : {};
    // `_headers` last: its rules name every hashed file (./headers.ts), among the non-page files.
    const headers = headersFile(() => w.others(), input.config.hosts, site.basePath);
    if (headers) await w.write(headers.path, headers.contents);
    await w.flush();
    const manifest: Manifest = {
      version: 2,
      source: input.source,
      ...(site.basePath ? { basePath: site.basePath } : {}),
      ...(site.trailingSlash === 'always' ? { trailingSlash: 'always' as const } : {}),
      ...(input.config.output?.pageFiles === 'file' ? { pageFiles: 'file' as const } : {}),
      files: w.manifest(),
    };
    // The parts, then the index: a part equal to one of the previous release's is carried as an unchanged page is.
    const parts: ManifestPart[] = [];
    for (const { bytes, ...part } of manifestParts(manifest.files, kept?.manifestRuns)) {
      await w.write(part.path, bytes, part);
      parts.push(part);
    }
    await w.write(MANIFEST_FILE, manifestIndexText(manifest, parts));
    await w.flush();
    w.keepLayout();
    const prevFiles = input.previous?.files;
    const deleted = w.deleted();
    const inPlace = input.previous?.inPlace === true;
    const staged = w.staged();
    // In place, the staging folder holds exactly what changed; else compare with the previous manifest.
    const differs = (f: ManifestEntry) => prevFiles?.get(f.path)?.sha256 !== f.sha256;
    const modified = inPlace ? staged.map((f) => f.path) : [...manifest.files, ...parts, w.entry(MANIFEST_FILE)!].filter(differs).map((f) => f.path);
    const changed = [...new Set([...modified, ...deleted])].sort();
    killPoint('staged');
    return { pages, files: w.files, bytes: w.bytes, carried: w.carried, manifest, entries: w.entries(), parts, staging, inPlace, fromPrevious: patch !== undefined, staged, deleted, changed, manifestSha: w.entry(MANIFEST_FILE)!.sha256, snippets: snippets!, ...indexReport };
  } catch (e) {
    await snippets?.discard().catch(() => undefined);
    await w.flush().catch(() => undefined);
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw e;
  }
}

/**
 * Starts the writer from the previous release's files when emit knows what changed since them:
 * drops the pages gone and the mirror files of API paths gone, and returns what to write.
 */
function startFromPrevious(w: OutputWriter, input: EmitInput, indexOn: boolean): { pages: NonNullable<EmitInput['pagesChanged']>; apiPaths: ReadonlySet<string>; index?: IndexChange } | undefined {
  const pages = input.pagesChanged;
  const apiPaths = input.previous?.changedApiPaths;
  if (!pages || !apiPaths) return undefined;
  const gone = [...apiPaths].filter((p) => p.startsWith(API_PREFIX) && input.lookup(p) === undefined).map((p) => mirrorFile(p));
  if (!w.startFromPrevious([...pages.deleted, ...gone])) return undefined;
  // The static index's parts stay unless their articles changed (./search-emit.ts).
  const index = indexChange(input.previous!.files, pages, indexOn, input.kept?.searchParts);
  return { pages, apiPaths, ...(index ? { index } : {}) };
}

/** The files that span the site: the JSON mirror, feeds and the news sitemap, sitemaps, robots.txt, redirect maps, the client bundle. Returns the host snippets prepared beside out/. */
async function writeSiteWide(w: OutputWriter, input: EmitInput, stop: { failed: boolean }, changedApiPaths?: ReadonlySet<string>): Promise<PreparedSnippets> {
  const before = input.previous?.entryHash;
  // Started from the previous release's files, the mirror files of the API paths that changed; else one per entry.
  const entries = changedApiPaths ? [...changedApiPaths].flatMap((p) => (p.startsWith(API_PREFIX) ? (input.lookup(p) ?? []) : [])) : input.entries;
  // Kept with each entry in a session (./kept.ts mirrorFiles).
  const mirrorFiles = input.kept?.mirrorFiles;
  for (const e of entries) {
    if (stop.failed) return halted();
    if (!e.key.startsWith('GET /api/')) continue;
    let mirror = mirrorFiles?.get(e);
    if (mirror === undefined) {
      const path = e.key.slice(4);
      mirror = { path, file: mirrorFile(path) };
      mirrorFiles?.set(e, mirror);
    }
    const { file } = mirror;
    const carried = w.carryUnchanged(file, before?.(mirror.path) === e.hash);
    if (carried !== false) {
      if (carried) await carried;
      continue;
    }
    await w.writeTracked(file, mirrorJson(e));
  }
  const { site } = input.config;
  // Feeds and the Google News sitemap, when the build clock is known.
  const publishing = input.now ? await publishingFiles({ plan: input.plan, lookup: input.lookup, changes: input.changes, config: input.config, now: input.now, kept: input.kept }) : null;
  for (const f of publishing?.files ?? []) await w.write(f.path, f.contents, f.id);
  const extraSitemaps = publishing?.newsSitemap ? [publishing.newsSitemap] : [];
  for (const f of await renderSitemaps(input.plan.sitemap, { url: site.url }, input.sitemapLimit ?? SITEMAP_SHARD_LIMIT, extraSitemaps, input.kept)) {
    await w.write(f.path, f.contents, f.id);
  }
  await w.write('robots.txt', robotsTxt(site.url, site.basePath));
  const bundle = [...input.bundleFiles].map((f) => ({ path: f.path.replace(/^\/+/, ''), contents: f.contents })).sort((a, b) => (a.path < b.path ? -1 : 1));
  // Folders holding esbuild's content-hashed files ('name-HASH.js'): those files are cached forever (docs/deploying.md, "Cache headers").
  const immutablePrefixes = [...new Set(bundle.filter((f) => HASHED.test(f.path)).map((f) => `/${f.path.slice(0, f.path.lastIndexOf('/') + 1)}`))].sort();
  let pageFiles: Set<string> | undefined;
  const redirectFiles = renderRedirects({
    redirects: input.plan.redirects,
    rewrites: input.plan.rewrites,
    hosts: input.config.hosts as HostName[],
    immutablePrefixes,
    siteUrl: site.url,
    basePath: site.basePath,
    urls: { trailingSlash: site.trailingSlash, pageFiles: input.config.output?.pageFiles ?? 'folder' },
    // Read by the GitHub Pages and S3 writers only: not made for the other hosts.
    get pageFiles() {
      return (pageFiles ??= new Set(input.plan.routes.map((r) => r.file)));
    },
    warn: input.warn,
  });
  for (const f of redirectFiles) if (!f.beside) await w.write(f.path, f.contents);
  for (const f of bundle) await w.write(f.path, typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents));
  if (stop.failed) return halted();
  return prepareHostSnippets(input.out, redirectFiles.filter((f) => f.beside));
}
