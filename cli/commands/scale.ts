// `crawl`, `merge` and `build --shard` (defined in cli/main.js; docs/scale.md,
// "Across machines: crawl, shards, merge"). Flags -> library call -> feedback on stderr.
import { build } from '../../src/pipeline/index.ts';
import { createReporter, sourceWords, summaryLine } from '../progress.ts';
import { buildShard, crawlSnapshot } from '../../src/pipeline/scale.ts';
import { parseShard } from '../../src/pipeline/shard.ts';
import type { BuildOptions } from '../../src/pipeline/types.ts';
import { printWarnings } from '../output.ts';
import { deployAfterBuild } from './deploy.ts';

interface Common {
  json?: boolean;
  quiet?: boolean;
}

async function withReporter<T>(quiet: boolean | undefined, run: (onEvent: BuildOptions['onEvent']) => Promise<T>): Promise<T> {
  const reporter = createReporter({ stream: process.stderr, quiet });
  try {
    return await run((e) => reporter.onEvent(e));
  } finally {
    reporter.stop();
  }
}

/** `pressroom build --shard I/N --from-snapshot DIR --out SHARD`. */
export async function runShard(o: Common & { shard: string }, options: BuildOptions): Promise<void> {
  const shard = parseShard(o.shard);
  const report = await withReporter(o.quiet, (onEvent) => buildShard({ ...options, shard, onEvent }));
  printWarnings(process.stderr, report.warnings, { quiet: o.quiet });
  process.stderr.write(`shard ${report.shard}: ${report.pages} of ${report.routes} pages into ${report.out} in ${(report.ms / 1000).toFixed(1)} s\n`);
  if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

export async function runCrawl(_ctx: unknown, o: Common & { snapshot: string; config?: string; api?: string; sample?: boolean; siteName?: string; siteUrl?: string; basePath?: string; concurrency?: string; hosts?: string; now?: string; full?: boolean }): Promise<void> {
  const report = await withReporter(o.quiet, (onEvent) =>
    crawlSnapshot({ snapshotDir: o.snapshot, configFile: o.config, api: o.api, sample: o.sample, siteName: o.siteName, siteUrl: o.siteUrl, basePath: o.basePath, concurrency: o.concurrency, hosts: o.hosts, now: o.now, full: o.full, onEvent }),
  );
  printWarnings(process.stderr, report.warnings, { quiet: o.quiet });
  process.stderr.write(`crawled ${report.entries} responses (${report.requests} requests, ${report.notModified} not modified) into ${report.snapshot} in ${(report.ms / 1000).toFixed(1)} s\n`);
  if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

export async function runMerge(_ctx: unknown, shards: string[], o: Common & { fromSnapshot: string; out: string; config?: string; now?: string; hosts?: string; allowShrink?: boolean; strict?: boolean; deploy?: boolean; strictDeploy?: boolean }): Promise<void> {
  const report = await withReporter(o.quiet, (onEvent) =>
    build({ mergeShards: shards, fromSnapshot: o.fromSnapshot, out: o.out, configFile: o.config, now: o.now, hosts: o.hosts, allowShrink: o.allowShrink, strict: o.strict, onEvent }),
  );
  printWarnings(process.stderr, report.warnings, { quiet: o.quiet });
  process.stderr.write(`${summaryLine(report, { wallMs: Math.round(performance.now()), out: o.out, from: sourceWords(report.source, o.fromSnapshot) })}\n`);
  const deployed = o.deploy ? await deployAfterBuild(report, { out: o.out, config: o.config, strictDeploy: o.strictDeploy, quiet: o.quiet, flags: { hosts: o.hosts } }) : undefined;
  if (o.json) process.stdout.write(`${JSON.stringify(deployed ? { ...report, deploy: deployed } : report, null, 2)}\n`);
}
