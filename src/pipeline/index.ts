// The orchestrator (architecture, "The pipeline"): the only module that knows
// the order of the stages. It reads like a table of contents:
//   config -> crawl (or load a snapshot) -> save snapshot -> plan -> bundle -> render+emit -> report
import { dirname, join, resolve } from 'node:path';
import { bundleClient } from '../bundle/index.ts';
import { buildClock, loadConfig, publicConfig } from '../config/load.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { Snapshot } from '../crawl/snapshot-store.ts';
import { emit } from '../emit/index.ts';
import { plan } from '../plan/index.ts';
import { createRenderer } from '../render/index.ts';
import type { SiteContextForKinds } from '../site/types.ts';
import { acquireSnapshot, saveSnapshot } from './snapshot.ts';
import { renderStream } from './render-stream.ts';
import type { BuildEvent, BuildOptions, BuildReport, StageName } from './types.ts';

export type { BuildEvent, BuildOptions, BuildReport, StageName } from './types.ts';

export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  const started = performance.now();
  const emitEvent = options.onEvent ?? (() => {});
  const timings = {} as Record<StageName, number>;
  const warnings: string[] = [];
  const warn = (code: string, message: string) => void warnings.push(`${code}: ${message}`);
  async function stage<T>(name: StageName, run: () => Promise<T> | T, total?: number): Promise<T> {
    emitEvent({ type: 'stage-start', stage: name, total });
    const t = performance.now();
    const result = await run();
    timings[name] = Math.round(performance.now() - t);
    emitEvent({ type: 'stage-end', stage: name, ms: timings[name] });
    return result;
  }

  const { config, clock } = await stage('config', () => configure(options));
  const out = resolve(options.out ?? 'out');
  const ctx: SiteContextForKinds = { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn };

  const acquired = await stage('crawl', () => acquireSnapshot({ options, config, clock, ctx, warn, emitEvent }));
  const snapshot: Snapshot = acquired.snapshot;
  await stage('snapshot', () =>
    options.fromSnapshot ? undefined : saveSnapshot(snapshot, options.snapshotDir ?? join(dirname(out), '.pressroom', 'snapshot'), clock, acquired.source),
  );
  const buildPlan = await stage('plan', () => plan(snapshot, ctx, config));
  const bundle = await stage('bundle', () => bundleClient({ minify: true }));
  const renderer = await createRenderer({ config, publicConfig: publicConfig(config, clock), bundle, snapshot });

  // render and emit overlap: pages stream from the renderer into emit's bounded writes.
  const rendered = renderStream(renderer, buildPlan.routes, warn);
  const emitted = await stage(
    'emit',
    () =>
      emit({
        out,
        plan: buildPlan,
        pages: rendered.pages(
          () => emitEvent({ type: 'stage-start', stage: 'render', total: buildPlan.routes.length }),
          (ms) => emitEvent({ type: 'stage-end', stage: 'render', ms }),
        ),
        entries: snapshot.entries(),
        bundleFiles: bundle.files,
        config,
        source: acquired.source,
        onProgress: (p) => emitEvent({ type: 'progress', stage: 'render', done: p.done, total: p.total }),
      }),
  );
  timings.render = Math.round(rendered.ms());
  timings.emit = Math.max(0, timings.emit - timings.render);

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
    snapshotEntries: snapshot.size,
    warnings,
    pagesPerSecond: total > 0 ? Math.round((emitted.pages / total) * 1000) : 0,
  };
}

/** file < environment < flags, then the one build clock (src/config/load.ts). */
function configure(options: BuildOptions): { config: Readonly<SiteConfig>; clock: Date } {
  const config = loadConfig({
    file: options.configFile,
    env: options.env,
    overrides: (raw) => {
      if (options.api !== undefined) raw.api.base = options.api;
      if (options.concurrency !== undefined) raw.crawl.concurrency = options.concurrency;
    },
  });
  return { config, clock: buildClock(config, options.now) };
}

