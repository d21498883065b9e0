// Splitting a build across machines (docs/scale.md, "Across machines"): `crawl` saves a snapshot,
// `build --shard I/N` renders 1/N of the routes, `merge` is the ordinary build with the shards' pages.
import type { Quarantined } from '../api/quarantine.ts';
import { enforceStrict, quarantinedRecords } from './quarantine.ts';
import { leftOutOf } from '../snapshot/left-out.ts';
import { publishedView } from '../snapshot/published-view.ts';
import { withSearchIndexMode } from './search-index-mode.ts';
import { join, resolve } from 'node:path';
import { clientBundle } from '../bundle/prebuilt.ts';
import { publicConfig } from '../config/load.ts';
import { pressroomError } from '../errors/errors.ts';
import { warningSink, type Warning } from '../errors/warnings.ts';
import { Snapshot } from '../snapshot/snapshot-store.ts';
import { acquireLock } from '../publish/lock.ts';
import { codeHash } from '../incremental/index.ts';
import { plan } from '../plan/index.ts';
import { createPageRenderer, resolveWorkers } from '../render/pool.ts';
import type { SiteContextForKinds } from '../site/types.ts';
import { configure } from './index.ts';
import { ownsRoute, SHARD_FILE, snapshotId, writeShard, type ShardSpec } from './shard.ts';
import { refuseForeignOut } from './out-guard.ts';
import { acquireSnapshot, loadPrevious, saveSnapshot } from './snapshot.ts';
import type { BuildEvent, BuildOptions } from './types.ts';

export interface ShardReport {
  ok: true;
  shard: string;
  out: string;
  pages: number;
  routes: number;
  workers: number;
  ms: number;
  warnings: Warning[];
}

export interface CrawlReport {
  ok: true;
  snapshot: string;
  entries: number;
  requests: number;
  notModified: number;
  ms: number;
  warnings: Warning[];
}

export async function buildShard(options: BuildOptions & { shard: ShardSpec }): Promise<ShardReport> {
  const started = performance.now();
  if (!options.fromSnapshot) throw pressroomError('PR_USAGE', { detail: '--shard needs --from-snapshot: every shard must render the same snapshot' });
  const out = resolve(options.out ?? 'shard');
  // A shard's folder is replaced whole: only a shard folder (or nothing) may be there.
  await refuseForeignOut(out, SHARD_FILE);
  const lock = await acquireLock(out, { command: 'build --shard', handleSignals: options.handleSignals });
  try {
    const { warnings, warn } = warningSink();
    const { snapshot: whole, meta } = await Snapshot.load(options.fromSnapshot);
    const { config: configured, clock } = configure({ ...options, now: options.now ?? meta.createdAt });
    // Twins are left out exactly as the merge leaves them out, so every shard plans the merge's routes.
    const planQuarantine: Quarantined[] = [];
    const ctx: SiteContextForKinds = { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn, quarantine: (q) => void planQuarantine.push(q) };
    // The records the merge leaves out, left out of the same published view (src/snapshot/published-view.ts).
    const leftOut = leftOutOf(whole);
    const snapshot = publishedView(whole, leftOut);
    for (const q of leftOut.records) warn('W_QUARANTINE', { endpoint: q.endpoint, id: q.id, reason: q.reason });
    const routes = plan(snapshot, ctx, configured).routes;
    // The merge resolves "auto" from the same routes, so the shards' pages carry the same search mode.
    const config = withSearchIndexMode(configured, routes, warn);
    enforceStrict(quarantinedRecords(whole, [...leftOut.records, ...planQuarantine]), options.strict);
    const bundle = await clientBundle(config.site.basePath);
    const code = await codeHash({ bundleHash: bundle.hash, config, publicConfig: publicConfig(config) });
    const mine = routes.filter((_, i) => ownsRoute(i, options.shard));
    const emitEvent = options.onEvent ?? (() => {});
    emitEvent({ type: 'stage-start', stage: 'render', total: mine.length });
    const renderer = await createPageRenderer({ config, publicConfig: publicConfig(config), bundle, snapshot, workers: resolveWorkers(config.render.workers, mine.length) });
    let done = 0;
    try {
      const record = await writeShard(
        out,
        { version: 1, shard: options.shard.index, of: options.shard.count, snapshot: snapshotId(whole), code },
        (async function* () {
          for await (const page of renderer.stream(mine)) {
            for (const w of page.warnings) warn('W_RENDER', { detail: w }, page.path);
            emitEvent({ type: 'progress', stage: 'render', done: ++done, total: mine.length });
            yield page;
          }
        })(),
      );
      const ms = Math.round(performance.now() - started);
      emitEvent({ type: 'stage-end', stage: 'render', ms });
      return { ok: true, shard: `${options.shard.index}/${options.shard.count}`, out, pages: record.pages.length, routes: routes.length, workers: renderer.threads, ms, warnings };
    } finally {
      await renderer.close();
    }
  } finally {
    await lock.release();
  }
}

/** Crawls the API (conditionally against the snapshot already in `dir`) and saves the snapshot there; renders nothing. */
export async function crawlSnapshot(options: BuildOptions & { snapshotDir: string }): Promise<CrawlReport> {
  const started = performance.now();
  const dir = resolve(options.snapshotDir);
  const { warnings, warn } = warningSink();
  const { config, clock } = configure(options);
  const ctx: SiteContextForKinds = { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn, quarantine: () => {} };
  const previous = options.full ? undefined : await loadPrevious(dir);
  const emitEvent: (e: BuildEvent) => void = options.onEvent ?? (() => {});
  const acquired = await acquireSnapshot({ options: { ...options, fromSnapshot: undefined }, config, clock, ctx, warn, emitEvent, previous });
  await saveSnapshot(acquired.snapshot, dir, clock, acquired.source);
  return {
    ok: true,
    snapshot: join(dir),
    entries: acquired.snapshot.size,
    requests: acquired.stats.requests,
    notModified: acquired.stats.notModified,
    ms: Math.round(performance.now() - started),
    warnings,
  };
}
