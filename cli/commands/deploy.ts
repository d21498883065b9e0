// `pressroom deploy` and the deploy step of `build --deploy` / `merge --deploy` (docs/cli.md,
// "pressroom deploy"): flags -> deployLocked() -> one line per target and purge on stderr, the
// report on stdout with --json, and the exit code of the first failure (the others still ran).
import { resolveConfig } from '../../src/config/load.ts';
import { deployLocked, type DeployReport, type PurgeReport, type TargetReport } from '../../src/deploy/index.ts';
import type { DeployKept } from '../../src/deploy/kept.ts';
import { CATALOGUE, EXIT, warning, type ErrorCode, type Warning } from '../../src/errors/errors.ts';
import type { BuildReport } from '../../src/pipeline/types.ts';
import { printWarnings } from '../output.ts';

export interface DeployFlags {
  out: string;
  config?: string;
  target?: string[];
  dryRun?: boolean;
  force?: boolean;
  verify?: boolean;
  json?: boolean;
  quiet?: boolean;
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`);

export function targetLine(r: TargetReport, dryRun = false): string {
  if (r.error) return `deploy ${r.name} (${r.type}) failed: error ${r.error.code}: ${r.error.message}\n  hint: ${r.error.hint}\n`;
  const what = `${r.uploaded} files (${kb(r.bytes)}) ${dryRun ? 'to upload' : 'uploaded'}, ${r.deleted} ${dryRun ? 'to delete' : 'deleted'}${r.redirects ? `, ${r.redirects} redirects` : ''}`;
  const how = r.full ? 'every file' : r.source === 'none' ? 'up to date' : `the change since ${r.from}`;
  return `deploy ${r.name} (${r.type})${dryRun ? ' [dry run]' : ''}: release ${r.release}, ${what} (${how}), ${r.requests} requests in ${(r.ms / 1000).toFixed(1)} s\n`;
}

export function purgeLine(p: PurgeReport): string {
  if (p.error) return `purge ${p.name} (${p.type}) failed: error ${p.error.code}: ${p.error.message}\n  hint: ${p.error.hint}\n`;
  if (p.skipped) return `purge ${p.name} (${p.type}) skipped: ${p.skipped}\n`;
  return `purge ${p.name} (${p.type}): ${p.paths} paths, ${p.urls} URLs in ${p.requests} requests, ${(p.ms / 1000).toFixed(1)} s\n`;
}

/** The exit code of a report: 0, or the class of its first failure. */
export function deployExit(r: DeployReport): number {
  const first = [...r.targets, ...r.purges].find((x) => x.error)?.error;
  if (!first) return EXIT.ok;
  const entry = CATALOGUE[first.code as ErrorCode];
  return entry ? EXIT[entry.exit] : EXIT.internal;
}

function printReport(r: DeployReport, o: { quiet?: boolean }): void {
  printWarnings(process.stderr, r.warnings, o);
  for (const t of r.targets) if (!o.quiet || t.error) process.stderr.write(targetLine(t, r.dryRun));
  for (const p of r.purges) if (!o.quiet || p.error) process.stderr.write(purgeLine(p));
}

export async function runDeploy(_ctx: unknown, o: DeployFlags): Promise<number> {
  const { config } = resolveConfig({ file: o.config });
  const report = await deployLocked(o.out, config, { targets: o.target, dryRun: o.dryRun, force: o.force, verify: o.verify });
  printReport(report, o);
  if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return deployExit(report);
}

/**
 * `build --deploy` and `merge --deploy`: the build's release deployed from the change the build
 * reports (its release record is not read back). A failure is a warning on the build unless
 * `--strict-deploy`, which throws it (exit 9) after every target ran.
 */
export async function deployAfterBuild(build: BuildReport, o: { out: string; config?: string; strictDeploy?: boolean; quiet?: boolean; flags?: Record<string, unknown> }): Promise<DeployReport | undefined> {
  const { config } = resolveConfig({ file: o.config, flags: o.flags });
  if (config.deploy.length === 0) return undefined;
  const session: DeployKept | undefined = build.releaseChange ? { chain: [{ ...build.releaseChange }] } : undefined;
  const report = await deployLocked(o.out, config, { session, strict: o.strictDeploy });
  printReport(report, { quiet: o.quiet });
  const failed: Warning[] = [...report.targets, ...report.purges].filter((x) => x.error).map((x) => warning('W_DEPLOY_FAILED', { detail: `${x.name}: ${x.error!.code}: ${x.error!.message}` }));
  build.warnings.push(...report.warnings, ...failed);
  return report;
}
