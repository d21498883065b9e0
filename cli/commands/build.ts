// `pressroom build`: flags -> build() -> feedback on stderr (text or JSON lines),
// the report on stdout with --json.
import { build, type BuildReport } from '../../src/pipeline/index.ts';
import { createReporter, sourceWords, summaryLine } from '../progress.ts';
import { changeLine } from './ops.ts';
import { jsonLog } from './log.ts';
import { printWarnings } from '../output.ts';
import { runShard } from './scale.ts';
import { deployAfterBuild } from './deploy.ts';
import { readFile } from 'node:fs/promises';
import { pressroomError } from '../../src/errors/errors.ts';
import { parseRefList, type Ref } from '../../src/webhook/refs.ts';

/** The flags of cli/main.js configFlags(), which `build` and `watch` share. */
export interface ConfigurationFlags {
  config?: string;
  api?: string;
  sample?: boolean;
  siteName?: string;
  siteUrl?: string;
  basePath?: string;
  concurrency?: string;
  hosts?: string;
}

/** Configuration flags go in as given: the configuration validates them and names the flag in its errors. */
export const configurationOptions = (o: ConfigurationFlags) => ({ configFile: o.config, api: o.api, sample: o.sample, siteName: o.siteName, siteUrl: o.siteUrl, basePath: o.basePath, concurrency: o.concurrency, hosts: o.hosts });

export interface BuildFlags extends ConfigurationFlags {
  out: string;
  now?: string;
  fromSnapshot?: string;
  full?: boolean;
  allowShrink?: boolean;
  strict?: boolean;
  workers?: number;
  shard?: string;
  changed?: string[];
  changedFrom?: string;
  json?: boolean;
  quiet?: boolean;
  logFormat: 'text' | 'json';
  deploy?: boolean;
  strictDeploy?: boolean;
}

export async function runBuild(_ctx: unknown, o: BuildFlags): Promise<void> {
  if (o.shard !== undefined) {
    return runShard({ ...o, shard: o.shard }, { configFile: o.config, api: o.api, sample: o.sample, siteName: o.siteName, siteUrl: o.siteUrl, basePath: o.basePath, out: o.out, now: o.now, fromSnapshot: o.fromSnapshot, workers: o.workers, strict: o.strict });
  }
  const changed = await changedRefs(o);
  const log = o.logFormat === 'json' ? jsonLog(process.stderr, { quiet: o.quiet }) : null;
  const reporter = log ? { onEvent: log.onEvent, stop: log.stop } : createReporter({ stream: process.stderr, quiet: o.quiet });
  let report;
  try {
    report = await build({
      ...configurationOptions(o),
      out: o.out,
      now: o.now,
      fromSnapshot: o.fromSnapshot,
      full: o.full,
      allowShrink: o.allowShrink,
      strict: o.strict,
      workers: o.workers,
      changed,
      onEvent: (e) => reporter.onEvent(e),
    });
  } finally {
    reporter.stop();
  }
  // The time the operator waited: from the process's start (loading the command's code included), not the build's.
  const wallMs = Math.round(performance.now());
  if (log) {
    log.warnings(report);
    log.summary(report, wallMs);
  } else {
    printWarnings(process.stderr, report.warnings, { quiet: o.quiet });
    if (report.unchanged) process.stderr.write(unchangedLine(report, wallMs, o.out));
    else {
      process.stderr.write(`${summaryLine(report, { wallMs, out: o.out, from: sourceWords(report.source, o.fromSnapshot) })}\n`);
      if (!o.quiet) process.stderr.write(changeLine(report));
    }
  }
  // After the build's own lines: the site is in out/ whatever the deploy does.
  const deployed = o.deploy ? await deployAfterBuild(report, { out: o.out, config: o.config, strictDeploy: o.strictDeploy, quiet: o.quiet, flags: configurationOptions(o) }) : undefined;
  if (o.json) process.stdout.write(`${JSON.stringify(deployed ? { ...report, deploy: deployed } : report, null, 2)}\n`);
}

/** A scheduled run that found nothing changed (src/pipeline/unchanged.ts): what it asked and what stays. */
export function unchangedLine(r: BuildReport, wallMs: number, out: string): string {
  const per = r.requests > 0 ? ` (${(r.timings.crawl / r.requests).toFixed(2)} ms each)` : '';
  return `unchanged: ${sourceWords(r.source)} answered all ${r.requests} conditional requests 304 in ${(r.timings.crawl / 1000).toFixed(1)} s${per}; ${out} stays release ${r.release}, true until ${r.unchanged!.validUntil} (${(wallMs / 1000).toFixed(1)} s in all)\n`;
}

/** The REFs of --changed and --changed-from (a file, or - for stdin; one REF a line, # comments), or undefined for a whole build. */
async function changedRefs(o: BuildFlags): Promise<Ref[] | undefined> {
  if (o.changed === undefined && o.changedFrom === undefined) return undefined;
  if (o.full) throw pressroomError('PR_USAGE', { detail: '--full and --changed contradict each other: a full build re-reads everything' });
  if (o.fromSnapshot) throw pressroomError('PR_USAGE', { detail: '--changed re-reads the API; it cannot be combined with --from-snapshot' });
  const lines = [...(o.changed ?? [])];
  if (o.changedFrom !== undefined) {
    const file = o.changedFrom;
    let text: string;
    try {
      text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
    } catch (e) {
      throw pressroomError('PR_USAGE', { detail: `Cannot read --changed-from ${file}: ${(e as Error).message}` });
    }
    lines.push(...text.split(/\r?\n/));
  }
  const refs = parseRefList(lines);
  if (refs.length === 0) throw pressroomError('PR_USAGE', { detail: '--changed / --changed-from named no REF' });
  return refs;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
