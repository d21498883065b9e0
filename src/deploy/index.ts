// The deploy stage (docs/deploying.md, "Deploy targets"): after a publish, each configured target
// receives the change since the release it last received, then each configured CDN is told which
// URLs changed. Per target: read its marker (the target's own, else the local record beside out/),
// compute the change (./changes.ts), check the gates (./gates.ts), apply it (the target writes its
// marker last), write the local record. Targets are independent: one failing does not stop the
// others, and its error is in the report. `verify` compares the target's listing with the manifest
// and repairs the drift: the only path that costs the site, not the change.
import { resolve } from 'node:path';
import { isPressroomError, pressroomError, type PressroomError } from '../errors/errors.ts';
import { warningSink, type Warning } from '../errors/warnings.ts';
import { acquireLock } from '../publish/lock.ts';
import { changeSize, computeChange, type ComputedChange } from './changes.ts';
import { checkDeployGates } from './gates.ts';
import type { DeployKept } from './kept.ts';
import { readLocalRecord, writeLocalRecord } from './marker.ts';
import { purgePaths, purgerFor } from './purge/index.ts';
import { redirectChange, redirectObjects, redirectRecord } from './redirects.ts';
import { targetFor } from './targets/index.ts';
import type { DeployChange, DeployPhase, DeployTarget, PurgeConfig, TargetConfig } from './types.ts';
import { verifyChange } from './verify.ts';

export type { DeployKept } from './kept.ts';

/** The parts of the configuration a deploy reads. */
export interface DeployConfig {
  deploy: readonly TargetConfig[];
  purge: readonly PurgeConfig[];
  shrinkGate: number;
  site: { url: string; basePath: string };
}

export interface DeployOptions {
  /** Only these targets (`--target`); default every configured one. */
  targets?: readonly string[];
  dryRun?: boolean;
  /** Send every file and open the gates (`--force`). */
  force?: boolean;
  /** Compare each target's listing with the manifest and repair it (`--verify`). */
  verify?: boolean;
  /** Throw the first target's error after every target and purge ran (`build --strict-deploy`). */
  strict?: boolean;
  /** A watcher's publish session part: the change list without reading the records back. */
  session?: DeployKept;
  env?: Record<string, string | undefined>;
  onEvent?: (e: DeployEvent) => void;
  now?: Date;
  /** Test seam: the target a configuration makes (default ./targets/index.ts). */
  makeTarget?: (config: TargetConfig) => DeployTarget;
}

export interface ErrorInfo {
  code: string;
  message: string;
  hint: string;
}

export interface TargetReport {
  name: string;
  type: TargetConfig['type'];
  /** The release the target holds after this deploy (the one it held, when it failed; a dry run: the one it would get). */
  release: string | null;
  from: string | null;
  full: boolean;
  /** How the change was found (./changes.ts ComputedChange.source, or 'verify'). */
  source: ComputedChange['source'] | 'verify';
  uploaded: number;
  bytes: number;
  deleted: number;
  redirects: number;
  requests: number;
  ms: number;
  error?: ErrorInfo;
}

export interface PurgeReport {
  name: string;
  type: PurgeConfig['type'];
  paths: number;
  urls: number;
  requests: number;
  ms: number;
  skipped?: string;
  error?: ErrorInfo;
}

export interface DeployReport {
  out: string;
  dryRun: boolean;
  targets: TargetReport[];
  purges: PurgeReport[];
  warnings: Warning[];
  ok: boolean;
}

export type DeployEvent = { type: 'target-start'; target: string } | { type: 'target-end'; report: TargetReport } | { type: 'purge-end'; report: PurgeReport };

const info = (e: unknown): ErrorInfo => {
  const err = isPressroomError(e) ? e : pressroomError('PR_INTERNAL', { detail: (e as Error)?.stack ?? String(e) });
  return { code: err.code, message: err.message, hint: err.hint };
};

/** The targets a deploy names, or PR_DEPLOY_NO_TARGET. */
export function selectTargets(config: Pick<DeployConfig, 'deploy'>, names?: readonly string[]): TargetConfig[] {
  if (config.deploy.length === 0) throw pressroomError('PR_DEPLOY_NO_TARGET', { detail: 'the configuration has no deploy targets (`deploy: [...]`)' });
  if (!names?.length) return [...config.deploy];
  const known = new Map(config.deploy.map((t) => [t.name, t]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) throw pressroomError('PR_DEPLOY_NO_TARGET', { detail: `--target ${unknown[0]} names no deploy target; the configuration has ${[...known.keys()].join(', ')}` });
  return names.map((n) => known.get(n)!);
}

export async function deploy(out: string, config: DeployConfig, opts: DeployOptions = {}): Promise<DeployReport> {
  out = resolve(out);
  const selected = selectTargets(config, opts.targets);
  const { warnings, warn } = warningSink();
  const report: DeployReport = { out, dryRun: opts.dryRun ?? false, targets: [], purges: [], warnings, ok: true };
  const failures: PressroomError[] = [];
  const changes = new Map<string, DeployChange>();
  const purged = new Map<PurgeConfig, PurgeReport>();
  // What each purge told its cache as soon as its target had the pages (ApplyContext.onPhase).
  const early = new Map<PurgeConfig, EarlyPurge>();
  const redirects = selected.some((t) => t.type === 's3') ? await redirectObjects(out, config.site.basePath) : [];

  for (const tc of selected) {
    opts.onEvent?.({ type: 'target-start', target: tc.name });
    const started = performance.now();
    const r: TargetReport = { name: tc.name, type: tc.type, release: null, from: null, full: false, source: 'none', uploaded: 0, bytes: 0, deleted: 0, redirects: 0, requests: 0, ms: 0 };
    let target: DeployTarget | undefined;
    try {
      target = opts.makeTarget ? opts.makeTarget(tc) : targetFor(tc, { out, env: opts.env });
      const local = await readLocalRecord(out, tc.name);
      const from = (await target.readMarker()) ?? local;
      r.from = r.release = from?.release ?? null;
      const sent = local && from && local.manifest === from.manifest ? local.redirects : undefined;
      const red = tc.type === 's3' ? redirectChange(redirects, sent, opts.force === true || !from) : { send: [], stale: [] };
      const input = { out, from, full: opts.force, kept: opts.session, redirects: red.send, staleRedirects: red.stale, warn, now: opts.now };
      const computed = opts.verify && target.list ? await verifyChange(target, input, tc.type === 's3' ? redirects : []) : await computeChange(input);
      const change = computed.change;
      r.full = change.full;
      r.source = opts.verify && target.list ? 'verify' : computed.source;
      checkDeployGates({ target: tc.name, change, siteFiles: computed.siteFiles, maxDeletes: tc.maxDeletes, shrinkGate: config.shrinkGate, force: opts.force });
      const size = changeSize(change);
      r.redirects = change.redirects.length;
      const nothing = size.files === 0 && change.deletions.length === 0 && change.redirects.length === 0 && from?.manifest === change.to.manifest;
      // A dry run reports what the deploy would send, and the release it would bring the target to.
      if (opts.dryRun) Object.assign(r, { release: change.to.release, uploaded: size.files, bytes: size.bytes, deleted: change.deletions.length });
      else if (!nothing) {
        // A cache in front of this target is told of the changed pages once the target has them (with their
        // assets, which come first): a reader gets the story without waiting for the host files, the
        // deletions and the marker (0.3-0.4 s of an rsync deploy). What those change is purged after them.
        const following = config.purge.filter((pc) => pc.after === tc.name);
        const onPhase = async (phase: DeployPhase) => {
          if (phase === 'pages') for (const pc of following) early.set(pc, await purgeEarly(pc, config, change, opts, failures));
        };
        const applied = await target.apply(change, { dryRun: false, ...(following.length ? { onPhase } : {}) });
        Object.assign(r, { uploaded: applied.uploaded, bytes: applied.bytes, deleted: applied.deleted, requests: applied.requests });
      }
      if (!opts.dryRun) {
        await writeLocalRecord(out, tc.name, { ...change.to, ...(tc.type === 's3' ? { redirects: redirectRecord(redirects) } : {}) });
        r.release = change.to.release;
        changes.set(tc.name, change);
      }
    } catch (e) {
      failures.push(isPressroomError(e) ? e : pressroomError('PR_INTERNAL', { detail: (e as Error)?.stack ?? String(e) }));
      r.error = info(e);
      report.ok = false;
    } finally {
      await target?.close?.().catch(() => undefined);
    }
    r.ms = Math.round(performance.now() - started);
    report.targets.push(r);
    opts.onEvent?.({ type: 'target-end', report: r });
    // A purge that follows this target runs now, not after the others: the cache in front of this
    // target's host need not wait for another target's upload (or its retries).
    if (!opts.dryRun) for (const pc of config.purge) if (pc.after === tc.name) purged.set(pc, await purgeOne(pc, config, changes, opts, failures, early.get(pc)));
  }

  if (!opts.dryRun) {
    for (const pc of config.purge) if (!purged.has(pc)) purged.set(pc, await purgeOne(pc, config, changes, opts, failures, early.get(pc)));
    report.purges = config.purge.map((pc) => purged.get(pc)!);
  }
  if (report.purges.some((p) => p.error)) report.ok = false;
  if (opts.strict && failures.length) throw pressroomError(failures[0].code, failures[0].params as Record<string, string | number>, failures[0], { deploy: report });
  return report;
}

/** The changed files' paths a purge names (precompressed siblings are served under their file's URL). */
export function purgeFiles(changes: Iterable<DeployChange>): string[] {
  const paths = new Set<string>();
  for (const c of changes) {
    for (const p of c.phases) for (const f of p.files) if (!/\.(br|gz)$/.test(f.path)) paths.add(f.path);
    for (const d of c.deletions) if (!/\.(br|gz)$/.test(d)) paths.add(d);
    for (const r of c.redirects) paths.add(r.path);
  }
  return [...paths].sort();
}

/** A purge made while its target was still deploying: its report, and the files whose URLs it named. */
interface EarlyPurge {
  report: PurgeReport;
  files: ReadonlySet<string>;
}

/** Tells one cache of the change's uploaded files (assets and pages), once its target holds them. */
async function purgeEarly(pc: PurgeConfig, config: DeployConfig, change: DeployChange, opts: DeployOptions, failures: PressroomError[]): Promise<EarlyPurge> {
  const uploaded: DeployChange = { ...change, phases: change.phases.filter((p) => p.phase !== 'hosts'), deletions: [], redirects: [] };
  const files = purgeFiles([uploaded]);
  return { report: await purgeNow(pc, config, files, change.to.release, opts, failures), files: new Set(files) };
}

/** One purge request of the URLs of `files`. */
async function purgeNow(pc: PurgeConfig, config: DeployConfig, files: readonly string[], release: string, opts: DeployOptions, failures: PressroomError[]): Promise<PurgeReport> {
  const started = performance.now();
  const paths = purgePaths(files, { basePath: config.site.basePath });
  const r: PurgeReport = { name: pc.name, type: pc.type, paths: paths.length, urls: 0, requests: 0, ms: 0 };
  if (paths.length) {
    try {
      const res = await purgerFor(pc, opts.env ?? process.env).purge(paths, { siteUrl: config.site.url, release });
      r.urls = res.urls;
      r.requests = res.requests;
    } catch (e) {
      failures.push(isPressroomError(e) ? e : pressroomError('PR_INTERNAL', { detail: String(e) }));
      r.error = info(e);
    }
  }
  r.ms = Math.round(performance.now() - started);
  return r;
}

/**
 * One purger, once the targets it follows (`after`, default every target this deploy brought up to
 * date) are: the changed URLs it was not told of early. Its report counts the early purge too.
 */
async function purgeOne(pc: PurgeConfig, config: DeployConfig, changes: ReadonlyMap<string, DeployChange>, opts: DeployOptions, failures: PressroomError[], before?: EarlyPurge): Promise<PurgeReport> {
  const done = pc.after ? (changes.has(pc.after) ? [pc.after] : []) : [...changes.keys()];
  let r: PurgeReport;
  if (done.length === 0) {
    r = before ? before.report : { name: pc.name, type: pc.type, paths: 0, urls: 0, requests: 0, ms: 0, skipped: pc.after ? `its target ${pc.after} was not deployed` : 'no target was deployed' };
  } else {
    const files = purgeFiles(done.map((n) => changes.get(n)!)).filter((f) => !before?.files.has(f));
    const rest = await purgeNow(pc, config, files, changes.get(done[0])!.to.release, opts, failures);
    r = before ? { ...rest, paths: before.report.paths + rest.paths, urls: before.report.urls + rest.urls, requests: before.report.requests + rest.requests, ms: before.report.ms + rest.ms, ...(before.report.error || rest.error ? { error: before.report.error ?? rest.error } : {}) } : rest;
  }
  opts.onEvent?.({ type: 'purge-end', report: r });
  return r;
}

/** A deploy under the run lock of out/ (`pressroom deploy`, `build --deploy`): never beside a publish of the same folder. */
export async function deployLocked(out: string, config: DeployConfig, opts: DeployOptions & { handleSignals?: boolean } = {}): Promise<DeployReport> {
  const lock = await acquireLock(resolve(out), { command: 'deploy', handleSignals: opts.handleSignals });
  try {
    return await deploy(out, config, opts);
  } finally {
    await lock.release();
  }
}
