// A scheduled run that finds nothing changed (docs/operations.md, "Scheduled runs that find
// nothing"): it costs the API's conditional answers, not a build. Before loading the snapshot, the
// release's state or any route, a plain `pressroom build` (no --changed, --full or session) checks
// what can be checked from a few small files, then asks the API about every saved response:
// - out/ is the current release and was rendered from the snapshot on disk (its content id, from
//   the saved keys and hashes: src/snapshot/validators.ts);
// - the code and configuration hash the same (src/incremental/code-hash.ts);
// - the clock has not passed what the release holds true until (src/plan/clock-bound.ts), nor gone back;
// - every saved response is still the API's (src/crawl/probe.ts).
// Then nothing the site is made of changed and a build would publish out/ byte for byte as it is:
// the run ends with the release's report, having parsed no body and written nothing. Otherwise
// the build goes on as always, reusing the responses the probe confirmed and the bundle it made.
import { clientBundle } from '../bundle/prebuilt.ts';
import type { ClientBundle } from '../bundle/index.ts';
import { publicConfig } from '../config/load.ts';
import type { SiteConfig } from '../config/schema.ts';
import { probeUnchanged } from '../crawl/probe.ts';
import { stableStringify } from '../encoding/json.ts';
import { codeHash } from '../incremental/code-hash.ts';
import { currentHead, type CurrentHead } from '../publish/releases.ts';
import { readValidators } from '../snapshot/validators.ts';
import { crawlClient, readSource } from './snapshot.ts';
import type { BuildEvent, BuildReport } from './types.ts';

export interface UnchangedInput {
  config: Readonly<SiteConfig>;
  /** The API's address: the probe asks only a real API (the embedded sample starts anew each run). */
  base: string;
  apiFrom?: string;
  clock: Date;
  out: string;
  snapshotDir: string;
  emitEvent: (e: BuildEvent) => void;
}

export type UnchangedResult =
  | { unchanged: true; head: CurrentHead; validUntil: string; bundleMs: number; probeMs: number; requests: number; retries: number; entries: number }
  | { unchanged: false; reason: string; confirmed?: ReadonlySet<string>; requests?: number; notModified?: number; bundle?: ClientBundle };

/** Whether out/ is already what a build would publish; else why not, with what the probe confirmed. */
export async function checkUnchanged(input: UnchangedInput): Promise<UnchangedResult> {
  const { config, clock, out } = input;
  const [head, saved, source] = await Promise.all([currentHead(out), readValidators(input.snapshotDir), readSource(input.snapshotDir)]);
  if (!head) return { unchanged: false, reason: 'out/ is not a recorded release' };
  if (!saved) return { unchanged: false, reason: 'no readable snapshot of version 2' };
  if (head.state.snapshot !== saved.id) return { unchanged: false, reason: 'the current release was not rendered from the saved snapshot' };
  if (stableStringify(source ?? null) !== stableStringify({ kind: 'api', base: input.base })) return { unchanged: false, reason: 'the saved snapshot was crawled from another source' };
  const validUntil = head.state.validUntil;
  const now = clock.getTime();
  if (!validUntil || now >= Date.parse(validUntil) || now < Date.parse(saved.meta.createdAt)) return { unchanged: false, reason: 'the clock moved past what the release holds true' };
  const t = performance.now();
  const bundle = await clientBundle(config.site.basePath);
  const bundleMs = Math.round(performance.now() - t);
  if (!(await sameCode(config, bundle, head.state.codeHash))) return { unchanged: false, reason: 'the code or configuration changed', bundle };

  input.emitEvent({ type: 'info', message: `asking ${input.base} whether any of the ${saved.entries.length} saved responses changed` });
  const client = crawlClient(config, input.base, undefined, undefined, input.apiFrom);
  try {
    const probe = await probeUnchanged(client, saved.entries, config.crawl.concurrency, (done) => input.emitEvent({ type: 'progress', stage: 'crawl', done, total: saved.entries.length }));
    const { requests, notModified, retries } = client.stats;
    if (probe.unchanged) return { unchanged: true, head, validUntil, bundleMs, probeMs: probe.ms, requests, retries, entries: saved.entries.length };
    return { unchanged: false, reason: `GET ${probe.changed?.path} answered ${probe.changed?.status}`, confirmed: probe.confirmed, requests, notModified, bundle };
  } finally {
    await client.close();
  }
}

/**
 * Whether the code hash a build would compute is the release's. A search.staticIndex of "auto" is
 * resolved by the plan's article count (./search-index-mode.ts); the snapshot is the release's, so
 * its count resolved it to one of the two.
 */
async function sameCode(config: Readonly<SiteConfig>, bundle: ClientBundle, recorded: string): Promise<boolean> {
  const modes = config.search.staticIndex === 'auto' ? (['fallback', 'off'] as const) : [config.search.staticIndex];
  for (const staticIndex of modes) {
    const c = { ...config, search: { ...config.search, staticIndex } };
    if ((await codeHash({ bundleHash: bundle.hash, config: c, publicConfig: publicConfig(c) })) === recorded) return true;
  }
  return false;
}

/** The report of a run that found nothing changed: the current release's, with this run's requests and clock. */
export function unchangedReport(r: Extract<UnchangedResult, { unchanged: true }>, ctx: { out: string; base: string; clock: Date; timings: { config: number }; started: number }): BuildReport {
  const was = (r.head.report ?? {}) as Partial<BuildReport>;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const routes = num(was.routes);
  const total = Math.round(performance.now() - ctx.started);
  return {
    ok: true,
    out: ctx.out,
    source: { kind: 'api', base: ctx.base },
    now: ctx.clock.toISOString(),
    routes,
    pages: 0,
    files: num(was.files),
    bytes: num(was.bytes),
    redirects: num(was.redirects),
    timings: { ...({} as BuildReport['timings']), config: ctx.timings.config, bundle: r.bundleMs, crawl: r.probeMs, total },
    requests: r.requests,
    retries: r.retries,
    notModified: r.requests,
    snapshotEntries: r.entries,
    incremental: { mode: 'incremental', rendered: 0, reused: routes, deleted: 0, unchangedFiles: num(was.files), publish: 'unchanged', changedFiles: 0, previousRelease: r.head.id, kept: { decision: false, files: false } },
    release: r.head.id,
    workers: 0,
    renderCpuMs: 0,
    warnings: Array.isArray(was.warnings) ? was.warnings : [],
    quarantined: Array.isArray(was.quarantined) ? was.quarantined : [],
    pagesPerSecond: 0,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    unchanged: { validUntil: r.validUntil },
  };
}
