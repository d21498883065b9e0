// Getting the snapshot: crawl the API, or the embedded sample API (on a free port, the build clock as
// its "today"), or load a saved one (--from-snapshot). source.json keeps where its content came from.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiSource } from '../config/load.ts';
import type { SiteConfig } from '../config/schema.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { crawl, type CrawlStats } from '../crawl/crawl.ts';
import { createApiClient } from '../crawl/http.ts';
import { snapshotBodies, type CrawlKept } from '../crawl/kept.ts';
import type { Dispatcher } from 'undici';
import { Snapshot, SNAPSHOT_VERSION, type SnapshotMeta } from '../snapshot/snapshot-store.ts';
import { pressroomError } from '../errors/errors.ts';
import { crawlChanged } from '../crawl/changed.ts';
import { formatRef } from '../webhook/refs.ts';
import { PAGE_KINDS, routesOf } from '../site/kinds/index.ts';
import type { BuildSource } from '../emit/index.ts';
import { DEFAULT_POSTS, DEFAULT_SEED } from '../sample-api/index.ts';
import { startSampleApiProcess } from '../sample-api/process.ts';
import type { SiteContextForKinds } from '../site/types.ts';
import type { BuildEvent, BuildOptions, ChangedSummary } from './types.ts';
import { stableStringify } from '../encoding/json.ts';
import { MANIFEST_FILE } from '../emit/index.ts';
import type { CurrentRelease } from '../publish/releases.ts';
import { snapshotId } from './shard.ts';
import type { Warn } from '../errors/warnings.ts';

export const SOURCE_FILE = 'source.json';

export interface Acquired {
  snapshot: Snapshot;
  source: BuildSource;
  stats: Pick<CrawlStats, 'requests' | 'retries' | 'notModified'>;
  /** A change-driven crawl (--changed): what it re-read, or why it crawled everything instead. */
  changed?: ChangedSummary;
}

/** The snapshot the last build saved, with when and from where. */
export interface Previous {
  snapshot: Snapshot;
  meta: SnapshotMeta;
  source?: BuildSource;
  /** Its id (./shard.ts snapshotId), computed once when first asked. */
  id(): string;
}

interface AcquireInput {
  options: BuildOptions;
  config: Readonly<SiteConfig>;
  /** Where the API address was set (src/pipeline/index.ts configure): the crawl's error hints name it. */
  apiFrom?: string;
  clock: Date;
  ctx: SiteContextForKinds;
  warn: Warn;
  emitEvent: (e: BuildEvent) => void;
  /** The previous crawl's snapshot: its validators make conditional GETs, a 304 reuses its entry (docs/operations.md, "Conditional crawls"). */
  previous?: Previous;
  /** Why the saved snapshot cannot be the base of a change-driven crawl (./snapshot.ts unpublishedChange), or null. */
  changeBase?: string | null;
  /** A scheduled run's probe (./unchanged.ts) that found a change: the paths it confirmed, and its requests. */
  probed?: { confirmed?: ReadonlySet<string>; requests?: number; notModified?: number };
}

export async function acquireSnapshot(input: AcquireInput): Promise<Acquired> {
  const { options, config, clock } = input;
  if (options.fromSnapshot) {
    const { snapshot, meta } = await Snapshot.load(options.fromSnapshot, snapshotBodies(options.session?.crawl));
    const source = (await readSource(options.fromSnapshot)) ?? { kind: 'api' as const, base: meta.apiBase };
    input.emitEvent({ type: 'info', message: `loaded ${snapshot.size} responses from ${options.fromSnapshot}` });
    return { snapshot, source, stats: { requests: 0, retries: 0, notModified: 0 } };
  }
  const api = apiSource(config); // throws PR_CONFIG_NO_API when neither an API nor --sample is given
  if (api.kind === 'api') return crawlFrom(input, api.base, { kind: 'api', base: api.base }, false);

  const corpus = typeof options.sample === 'object' ? options.sample : {};
  const seed = corpus.seed ?? DEFAULT_SEED;
  const posts = corpus.posts ?? DEFAULT_POSTS;
  const today = clock.toISOString();
  // In its own process: the build and the API each get a core (src/sample-api/process.ts).
  const sample = await startSampleApiProcess({ seed, posts, today });
  input.emitEvent({ type: 'info', message: `crawling the embedded sample API at ${sample.url} (${posts} posts, seed ${seed})` });
  try {
    return await crawlFrom(input, sample.url, { kind: 'embedded-sample', seed, posts, today, corpus: 'normal' }, true);
  } finally {
    await sample.close();
  }
}

async function crawlFrom(input: AcquireInput, base: string, source: BuildSource, sampleRedirects: boolean): Promise<Acquired> {
  const { crawl: c } = input.config;
  // A watcher's own connections to the API (not to a sample API, which is a new process per build).
  const client = crawlClient(input.config, base, undefined, source.kind === 'api' ? input.options.session?.agent : undefined, source.kind === 'api' ? input.apiFrom : 'the embedded sample API');
  const opts = {
    client,
    ctx: input.ctx,
    warn: input.warn,
    concurrency: c.concurrency,
    maxInvalidShare: c.maxInvalidShare,
    sampleRedirects,
    previous: input.previous?.snapshot,
    kept: input.options.session?.crawl,
    onProgress: (p: { done: number; total: number }) => input.emitEvent({ type: 'progress', stage: 'crawl', done: p.done, total: p.total, growing: true }),
  };
  try {
    const refs = input.options.changed ?? [];
    let fallback: string | null = null;
    // A rehearsal (BuildOptions.rehearse) is the change-driven crawl of no REF: it fetches only what the saved snapshot lacks.
    if (refs.length || input.options.rehearse) {
      const prev = input.previous;
      if (!prev) fallback = 'no saved snapshot of a previous build';
      else if (input.changeBase) fallback = input.changeBase;
      else if (stableStringify(prev.source ?? null) !== stableStringify(source)) fallback = 'the saved snapshot was crawled from another source';
      else {
        const r = await crawlChanged({ ...opts, refs, previous: prev.snapshot, routeDeps: routeDepsOf(prev.snapshot, input.ctx), dayChanged: prev.meta.createdAt.slice(0, 10) !== input.clock.toISOString().slice(0, 10) });
        if (!('fallback' in r)) {
          for (const d of r.dropped) input.warn('W_REF_DROPPED', { ref: d.ref, endpoint: d.endpoint, reason: d.reason });
          return { snapshot: r.snapshot, source, stats: r.stats, changed: { refs: refs.map(formatRef), refetched: r.refetched, fallback: null, dropped: r.dropped } };
        }
        fallback = r.fallback;
      }
      if (input.options.rehearse) throw pressroomError('PR_REHEARSAL_BASE', { detail: fallback });
      input.warn('W_CHANGED_FULL_CRAWL', { reason: fallback });
    }
    const { snapshot, stats: crawled } = await crawl({ ...opts, confirmed: input.probed?.confirmed });
    // The probe's requests are this crawl's too: the confirmed answers were not asked for again.
    const stats = { ...crawled, requests: crawled.requests + (input.probed?.requests ?? 0), notModified: crawled.notModified + (input.probed?.notModified ?? 0) };
    return { snapshot, source, stats, ...(refs.length ? { changed: { refs: refs.map(formatRef), refetched: stats.requests, fallback, dropped: [] } } : {}) };
  } finally {
    await client.close();
  }
}

/** The crawl's client for `base`, over `dispatcher`'s connections when given (close() leaves them open). */
export function crawlClient(config: Pick<SiteConfig, 'crawl'>, base: string, retries = config.crawl.retries, dispatcher?: Dispatcher, baseFrom?: string) {
  const c = config.crawl;
  return createApiClient({ base, timeoutMs: c.timeoutMs, retries, maxResponseBytes: c.maxResponseBytes, concurrency: c.concurrency, dispatcher, baseFrom });
}

export async function saveSnapshot(snapshot: Snapshot, dir: string, clock: Date, source: BuildSource): Promise<void> {
  await (await prepareSnapshotSave(snapshot, dir)).commit(clock, source);
}

/** A snapshot save made up to its commit (Snapshot.prepareSave): a build prepares it while it renders. */
export interface PreparedSnapshot {
  commit(clock: Date, source: BuildSource): Promise<void>;
  discard(): Promise<void>;
}

export async function prepareSnapshotSave(snapshot: Snapshot, dir: string): Promise<PreparedSnapshot> {
  const prepared = await snapshot.prepareSave(dir);
  return {
    async commit(clock, source) {
      const apiBase = source.kind === 'api' ? source.base : 'embedded sample API';
      await prepared.commit({ createdAt: clock.toISOString(), apiBase });
      await writeFileAtomic(join(dir, SOURCE_FILE), `${JSON.stringify(source, null, 2)}\n`);
    },
    discard: () => prepared.discard(),
  };
}

/** The last saved snapshot if intact (else the crawl is unconditional), loaded into the session's store. */
export async function loadPrevious(dir: string, kept?: CrawlKept): Promise<Previous | undefined> {
  try {
    const { snapshot, meta } = await Snapshot.load(dir, snapshotBodies(kept));
    let id: string | undefined;
    return { snapshot, meta, source: await readSource(dir), id: () => (id ??= snapshotId(snapshot, kept)) };
  } catch (e) {
    // A snapshot another Pressroom cannot read costs a full crawl; one a newer Pressroom wrote stops the build before it is saved over.
    if ((e as { code?: string }).code === 'PR_STATE_NEWER') throw e;
    return undefined;
  }
}

/** The deps of each route of the last build by path, computed once and only if a route REF asks. */
function routeDepsOf(prev: Snapshot, ctx: SiteContextForKinds): (path: string) => readonly string[] | undefined {
  let byPath: Map<string, readonly string[]> | undefined;
  return (path) => {
    byPath ??= new Map(PAGE_KINDS.flatMap((k) => routesOf(k, prev, ctx).map((r): [string, readonly string[]] => [r.path, r.deps])));
    return byPath.get(path);
  };
}

/** Where a saved snapshot's content came from (source.json), or undefined when unreadable. */
export async function readSource(dir: string): Promise<BuildSource | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, SOURCE_FILE), 'utf8')) as BuildSource;
  } catch {
    return undefined;
  }
}

/**
 * Why the saved snapshot is not the base of out/, or null: out/ must be the current release and that
 * release rendered from this snapshot. A build killed between publish and save fails this; a
 * change-driven build then crawls everything (conditionally), which repairs it.
 */
export async function unpublishedChange(out: string, current: CurrentRelease | undefined, prev: Previous | undefined): Promise<string | null> {
  if (!prev) return null;
  // A release of the object store is returned only when out/ holds it (its manifest bytes are checked: ../publish/releases.ts currentState).
  if (!current) return 'out/ is not the current release (a build was interrupted while publishing), or there is none';
  if (!current.record) {
    const published = await readFile(join(out, MANIFEST_FILE)).catch(() => null);
    if (!published || !current.manifest || !published.equals(current.manifest)) return 'out/ is not the current release (a build was interrupted while publishing)';
  }
  if (current.state.snapshot !== prev.id()) return 'the saved snapshot is not the one the current release was rendered from (a build was interrupted after publishing)';
  return null;
}

/** The snapshot a build just saved, as the next build of the same process would load it (BuildOptions.session). */
export function residentPrevious(snapshot: Snapshot, clock: Date, source: BuildSource, knownId?: string, kept?: CrawlKept): Previous {
  const apiBase = source.kind === 'api' ? source.base : 'embedded sample API';
  // The id the build just computed for its release, so the next build does not hash the snapshot again.
  let id: string | undefined = knownId;
  return { snapshot, meta: { version: SNAPSHOT_VERSION, createdAt: clock.toISOString(), apiBase, entryCount: snapshot.size }, source, id: () => (id ??= snapshotId(snapshot, kept)) };
}
