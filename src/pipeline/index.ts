// The orchestrator (docs/architecture.md, "The pipeline"): the only module that knows the order of the
// stages:
//   config -> lock -> crawl (conditional, or load a snapshot) -> plan -> gate -> bundle
//   -> incremental decision -> render (changed routes) + emit (into staging) -> publish (swap)
//   -> release -> save snapshot -> report
// After emit everything is src/publish's: publishStaged swaps in, recordRelease records.
import { dirname, join, resolve } from 'node:path';
import { clientBundle } from '../bundle/prebuilt.ts';
import { apiBaseFrom, buildClock, publicConfig, resolveConfig } from '../config/load.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { Snapshot } from '../snapshot/snapshot-store.ts';
import { growHeapFor } from '../runtime/heap-growth.ts';
import { emit } from '../emit/index.ts';
import { plan } from '../plan/index.ts';
import { createPageRenderer, resolveWorkers } from '../render/pool.ts';
import { acquireLock } from '../publish/lock.ts';
import { codeHash, configHash, incrementalStep, keepAlignmentOfCurrent, nextState, reusedPages } from '../incremental/index.ts';
import { currentState, keepRelease } from '../publish/releases.ts';
import { checkShrinkGate } from '../publish/gate.ts';
import { writeBuildReport } from '../publish/report.ts';
import { discardStaged, manifestShaOf, publishStaged, recordRelease, recover, type PublishMode } from '../publish/index.ts';
import { rememberPublish } from '../deploy/kept.ts';
import { outPaths } from '../publish/paths.ts';
import { precompressEnabled } from '../emit/precompress.ts';
import type { SiteContextForKinds, SnapshotView } from '../site/types.ts';
import { checkSource } from './sample-guard.ts';
import { refuseForeignOut } from './out-guard.ts';
import { acquireSnapshot, loadPrevious, prepareSnapshotSave, residentPrevious, unpublishedChange, type PreparedSnapshot } from './snapshot.ts';
import { shardPages, snapshotClock, snapshotId } from './shard.ts';
import { pressroomError } from '../errors/errors.ts';
import { warningSink } from '../errors/warnings.ts';
import { killPoint } from '../runtime/kill-point.ts';
import { settleBoth } from '../runtime/settle.ts';
import { renderStream } from './render-stream.ts';
import { warmRender } from './warm-up.ts';
import { warmPool } from './warm-pool.ts';
import { enforceStrict, quarantinedRecords } from './quarantine.ts';
import { leftOutOf } from '../snapshot/left-out.ts';
import { publishedView } from '../snapshot/published-view.ts';
import { withSearchIndexMode } from './search-index-mode.ts';
import { checkUnchanged, unchangedReport } from './unchanged.ts';
import type { Quarantined } from '../api/quarantine.ts';
import type { BuildEvent, BuildOptions, BuildReport, ReleaseChange, StageName } from './types.ts';

export type { BuildEvent, BuildOptions, BuildReport, ReleaseChange, StageName } from './types.ts';

/** Two builds on one output never overlap (docs/operations.md, "The run lock and exit codes"): the run lock is held from start to report. */
export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  await refuseForeignOut(resolve(options.out ?? 'out'));
  const lock = await acquireLock(resolve(options.out ?? 'out'), { command: options.lockCommand ?? 'build', handleSignals: options.handleSignals });
  // What a build started that must end however it ends (render threads started early, ./warm-pool.ts).
  const cleanup: (() => Promise<void>)[] = [];
  try {
    return await lockedBuild(options, cleanup);
  } finally {
    for (const end of cleanup) await end().catch(() => undefined);
    await lock.release();
  }
}

async function lockedBuild(options: BuildOptions, cleanup: (() => Promise<void>)[]): Promise<BuildReport> {
  if (options.mergeShards) {
    // A merge publishes exactly the shards' pages: every route, from the snapshot they were rendered from.
    if (!options.fromSnapshot) throw pressroomError('PR_USAGE', { detail: 'merge needs --from-snapshot: the snapshot the shards were rendered from' });
    options = { ...options, full: true, now: await snapshotClock(options.fromSnapshot, options.now) };
  }
  const started = performance.now();
  const emitEvent = options.onEvent ?? (() => {});
  const timings = {} as Record<StageName, number>;
  const { warnings, warn } = warningSink();
  async function stage<T>(name: StageName, run: () => Promise<T> | T, total?: number): Promise<T> {
    if (name !== 'config' && name !== 'render') killPoint(name);
    emitEvent({ type: 'stage-start', stage: name, total });
    const t = performance.now();
    const result = await run();
    timings[name] = Math.round(performance.now() - t);
    emitEvent({ type: 'stage-end', stage: name, ms: timings[name] });
    return result;
  }

  // What a build keeps for the next one travels in options.session (./session.ts); the heap grows to suit (growHeapFor).
  growHeapFor(options.session !== undefined);
  const { config: configured, clock, apiFrom, sampleConfig } = await stage('config', () => configure(options));
  const out = resolve(options.out ?? 'out');
  // An interrupted publish is restored first, so the build compares with the site readers see.
  await recover(out);
  const planQuarantine: Quarantined[] = [];
  const ctx: SiteContextForKinds = { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn, quarantine: (q) => void planQuarantine.push(q), kept: options.session?.site };

  const snapshotDir = snapshotDirFor(options);
  // A plain scheduled run first asks the API whether anything changed, before loading anything (./unchanged.ts).
  const api = configured.api.base && configured.api.base !== 'sample' ? configured.api.base : undefined;
  const plain = api && !options.session && !options.full && !options.fromSnapshot && !options.changed && !options.rehearse && !options.mergeShards && !options.strict;
  const quick = plain ? await checkUnchanged({ config: configured, base: api, apiFrom, clock, out, snapshotDir, emitEvent }) : undefined;
  if (quick?.unchanged) return unchangedReport(quick, { out, base: api!, clock, timings, started });
  if (quick) emitEvent({ type: 'info', message: `building: ${quick.reason}` });
  // A long-running caller (pressroom watch) keeps the snapshot it last saved in memory instead of reading it back.
  const previousSnapshot = options.full || options.fromSnapshot ? undefined : (options.session?.previous ?? (await loadPrevious(snapshotDir, options.session?.crawl)));
  // The release out/ holds, read once (site-sized): the crawl and the incremental step compare with it.
  const previous = await currentState(out, options.session?.release);
  const changeBase = options.changed?.length || options.rehearse ? await unpublishedChange(out, previous, previousSnapshot) : null;
  // Render threads load their code while the crawl runs, when the build will render a whole site (./warm-pool.ts).
  const warm = warmPool({
    workers: configured.render.workers,
    previousRoutes: previous ? previous.state.routes.size : 0,
    renders: options.changed || options.rehearse || options.mergeShards ? 'change' : 'site',
  });
  cleanup.push(() => warm.discard());
  const crawlEvents = (e: BuildEvent) => {
    if (e.type === 'progress') warm.crawled(e.done);
    emitEvent(e);
  };
  const acquired = await stage('crawl', () => acquireSnapshot({ options, config: configured, apiFrom, clock, ctx, warn, emitEvent: crawlEvents, previous: previousSnapshot, changeBase, probed: quick?.unchanged === false ? quick : undefined }));
  const { replacesSample } = await checkSource(out, acquired.source, sampleConfig, (message) => emitEvent({ type: 'info', message }));
  // The crawl's snapshot, saved whole; every stage after it reads `snapshot`, the published view that
  // leaves the quarantined twins out of everything (src/snapshot/published-view.ts).
  const whole: Snapshot = acquired.snapshot;
  const leftOut = leftOutOf(whole, ctx.kept, options.session?.published);
  const snapshot = publishedView(whole, leftOut, options.session?.published);
  for (const q of leftOut.records) warn('W_QUARANTINE', { endpoint: q.endpoint, id: q.id, reason: q.reason });
  const buildPlan = await stage('plan', () => plan(snapshot, ctx, configured, undefined, options.session?.plan));
  const config = withSearchIndexMode(configured, buildPlan.routes, warn, options.session?.plan);
  const quarantined = quarantinedRecords(whole, [...leftOut.records, ...planQuarantine], options.session?.crawl);
  enforceStrict(quarantined, options.strict);
  checkShrinkGate({ count: buildPlan.routes.length, previous: previous && !replacesSample ? previous.state.routes.size : undefined, shrinkGate: config.shrinkGate, allowShrink: options.allowShrink });
  const bundle = await stage('bundle', () => (quick?.unchanged === false && quick.bundle) || clientBundle(config.site.basePath));
  const code = await codeHash({ bundleHash: bundle.hash, config, publicConfig: publicConfig(config) });
  const step = await incrementalStep({ previous, routes: buildPlan.routes, snapshot, codeHash: code, configHash: configHash({ config, publicConfig: publicConfig(config) }), full: options.full, previousSnapshot: previousSnapshot && publishedPrevious(previousSnapshot.snapshot, previousSnapshot.id()), kept: options.session?.incremental });
  const renderer = options.mergeShards
    ? await shardPages(options.mergeShards, { snapshot: snapshotId(whole), code, routes: buildPlan.routes })
    : await createPageRenderer({ config, publicConfig: publicConfig(config), bundle, snapshot, workers: resolveWorkers(config.render.workers, step.decision.render.length), pool: warm.take(), kept: options.session?.render });
  // The snapshot's save up to its commit is prepared while render threads work; a change-driven or
  // inline build needs this thread and prepares after publishing.
  let saving: Promise<PreparedSnapshot> | undefined;
  const prepareSave = () => (saving ??= prepareSnapshotSave(whole, snapshotDir));
  const saves = !options.fromSnapshot && !options.rehearse;
  if (saves && renderer.threads > 0 && !options.changed) prepareSave().catch(() => undefined); // awaited at the snapshot stage
  try {
    return await renderAndPublish();
  } catch (e) {
    await saving?.then((p) => p.discard(), () => undefined);
    throw e;
  } finally {
    await renderer.close();
  }

  async function renderAndPublish(): Promise<BuildReport> {
    // render and emit overlap; unchanged pages are carried over (docs/operations.md, "Incremental builds").
    if (options.rehearse) await warmRender(renderer, buildPlan.routes);
    const rendered = renderStream(renderer, step.decision.render, warn);
    let publishedBy: PublishMode = 'complete';
    const emitted = await stage(
      'emit',
      async () => {
        const staged = await emit({
          out,
          staging: outPaths(out).staging(),
          plan: buildPlan,
          // Read only when emit carries the unchanged pages one by one (not when it starts from the previous release's files).
          get reused() {
            return reusedPages(step);
          },
          ...(step.decision.reason === 'incremental' ? { pagesChanged: step.decision } : {}),
          pages: rendered.pages(
            () => emitEvent({ type: 'stage-start', stage: 'render', total: buildPlan.routes.length }),
            (ms) => emitEvent({ type: 'stage-end', stage: 'render', ms }),
          ),
          // Read only when emit writes the mirror file of every entry.
          get entries() {
            return snapshot.entries();
          },
          lookup: (path) => snapshot.get(path),
          changes: snapshot,
          bundleFiles: bundle.files,
          config,
          now: ctx.now,
          warn,
          source: acquired.source,
          onProgress: (p) => emitEvent({ type: 'progress', stage: 'render', done: p.done, total: p.total }),
          previous: step.previousFiles,
          kept: options.session?.emit,
        });
        if (options.rehearse) await discardStaged(staged);
        else publishedBy = await publishStaged(out, staged, previous, { precompress: precompressEnabled(config.output.precompress, config.hosts) });
        return staged;
      },
    );
    timings.render = Math.round(rendered.ms());
    timings.emit = Math.max(0, timings.emit - timings.render);
    if (options.rehearse) {
      // The release out/ holds, as the first real build will find it: kept, so that build does not read it back.
      if (options.session && previous?.record && step.previousFiles) {
        // A rehearsal that found the site exactly as published, from the session snapshot's very
        // entries, keeps what the next build starts from (the routes' readers, emit's layout), so the
        // first story does not walk the site.
        const current =
          step.decision.reason === 'incremental' &&
          step.decision.render.length === 0 &&
          step.decision.deleted.length === 0 &&
          emitted.changed.length === 0 &&
          emitted.manifestSha === previous.record.manifest &&
          step.snapshotState === options.session.previous?.snapshot.state;
        if (current) keepAlignmentOfCurrent(options.session.incremental, previous.state, buildPlan.routes, step.snapshotState);
        options.session.release = await keepRelease(out, previous.id, previous.state, current ? emitted.entries : step.previousFiles.files, previous.record.manifest);
      }
      return reportOf(emitted, step.previousRelease ?? '', 'rehearsed');
    }
    // Recorded after the swap, so readers do not wait. A kill before it leaves out/ ahead of the
    // current release, and the next change-driven build crawls everything (./snapshot.ts
    // unpublishedChange). Hashed once: the release records it, and a watcher knows its snapshot by it.
    const renderedFrom = snapshotId(whole, options.session?.crawl);
    // The snapshot is saved only once the site is published, so it always matches the published site.
    // Saved beside the release record (file links vs serialising: different resources). Either order
    // is safe to kill: until both are done, the next change-driven build crawls everything.
    const state = nextState(code, buildPlan.routes, step, emitted.entries, renderedFrom, buildPlan.validUntil);
    const [release] = await settleBoth(
      stage('release', () => recordRelease(out, emitted, state, previous, { keep: config.releases.keep, precompress: precompressEnabled(config.output.precompress, config.hosts), spare: options.session !== undefined, incremental: options.session?.incremental })),
      stage('snapshot', async () => (saves ? (await prepareSave()).commit(clock, acquired.source) : undefined)),
    );
    // What the release changed, as its record says (src/publish/index.ts recordRelease): a deploy of
    // this build (build --deploy, a watcher) takes it from here instead of reading the record back.
    const precompress = precompressEnabled(config.output.precompress, config.hosts);
    const releaseChange: ReleaseChange =
      previous?.record && emitted.changed.length === 0
        ? { release, manifest: previous.record.manifest, parent: previous.record.parent, changed: previous.record.changed, precompress: previous.record.precompress }
        : { release, manifest: emitted.manifestSha, parent: manifestShaOf(previous) ?? null, changed: previous ? emitted.changed : null, precompress };
    if (options.session) {
      rememberPublish(options.session.deploy, { ...releaseChange, files: emitted.entries });
      if (!options.fromSnapshot) options.session.previous = residentPrevious(whole, clock, acquired.source, renderedFrom, options.session.crawl);
      options.session.release = await keepRelease(out, release, state, emitted.entries, emitted.manifestSha);
    }

    const report = reportOf(emitted, release, publishedBy);
    await writeBuildReport(out, release, report);
    // Not part of the written report: the changed paths are the size of the change, for this process's deploy.
    Object.defineProperty(report, 'releaseChange', { value: releaseChange, enumerable: false });
    return report;
  }

  /** The build's report; a rehearsal's names the release it rehearsed on (it published, recorded and saved nothing). */
  function reportOf(emitted: Awaited<ReturnType<typeof emit>>, release: string, publishedBy: BuildReport['incremental']['publish']): BuildReport {
    const total = Math.round(performance.now() - started);
    return {
      ok: true,
      out,
      source: acquired.source,
      now: clock.toISOString(),
      routes: buildPlan.routes.length,
      pages: emitted.pages,
      files: emitted.files,
      bytes: emitted.bytes,
      redirects: buildPlan.redirects.length,
      timings: { ...timings, total },
      requests: acquired.stats.requests,
      retries: acquired.stats.retries,
      notModified: acquired.stats.notModified,
      ...(acquired.changed ? { changed: acquired.changed } : {}),
      snapshotEntries: whole.size,
      incremental: {
        mode: step.decision.reason,
        rendered: step.decision.render.length,
        reused: step.decision.reused,
        deleted: step.decision.deleted.length,
        unchangedFiles: emitted.carried,
        publish: publishedBy,
        changedFiles: emitted.changed.length,
        previousRelease: step.previousRelease ?? null,
        kept: { decision: step.decidedFromKept, files: emitted.fromPrevious },
      },
      ...(emitted.searchIndex ? { searchIndex: emitted.searchIndex } : {}),
      release,
      workers: renderer.threads,
      renderCpuMs: Math.round(renderer.cpuMs()),
      warnings,
      quarantined,
      pagesPerSecond: total > 0 ? Math.round((emitted.pages / total) * 1000) : 0,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    };
  }
}

/**
 * The saved snapshot as the release it came from published it (the same view), made only when the
 * incremental step reads it: its entry hashes are those of the mirror files that release wrote.
 */
function publishedPrevious(whole: Snapshot, id: string): { snapshot: SnapshotView; id: string } {
  let view: SnapshotView | undefined;
  return {
    get snapshot() {
      return (view ??= publishedView(whole, leftOutOf(whole)));
    },
    id,
  };
}

/**
 * A change-driven build that stops before publishing: pressroom watch runs them at start so the
 * first webhook finds caches filled and code compiled. Of no change it requests nothing the saved
 * snapshot has; of a story's REF it re-reads as a change-driven build does. Nothing is published.
 */
export function rehearse(options: Omit<BuildOptions, 'changed' | 'full' | 'rehearse'>, changed: NonNullable<BuildOptions['changed']> = []): Promise<BuildReport> {
  return build({ ...options, changed, rehearse: true });
}

/** Where a build keeps the snapshot of the site it published: --snapshot-dir, else `.pressroom/snapshot` beside out/. */
export function snapshotDirFor(options: Pick<BuildOptions, 'out' | 'snapshotDir'>): string {
  return options.snapshotDir ?? join(dirname(resolve(options.out ?? 'out')), '.pressroom', 'snapshot');
}

/**
 * file < environment < flags, then the one build clock (src/config/load.ts); with where the API
 * address was set and whether the sample's configuration stands in for a missing file.
 */
export function configure(options: BuildOptions): { config: Readonly<SiteConfig>; clock: Date; apiFrom: string; sampleConfig: boolean } {
  const r = resolveConfig({ file: options.configFile, env: options.env, flags: options as Record<string, unknown> });
  return { config: r.config, clock: buildClock(r.config, options.now), apiFrom: apiBaseFrom(r), sampleConfig: r.sampleConfig };
}
