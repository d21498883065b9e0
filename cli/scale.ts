// `crawl`, `merge` and the `build --shard` action (README "Building at scale").
import type { Command } from 'commander';
import { build } from '../src/pipeline/index.ts';
import { createReporter, summaryLine } from '../src/pipeline/progress.ts';
import { buildShard, crawlSnapshot } from '../src/pipeline/scale.ts';
import { parseShard } from '../src/pipeline/shard.ts';
import type { BuildOptions } from '../src/pipeline/types.ts';

const MAX_WARNINGS_SHOWN = 20;

function printWarnings(warnings: readonly string[], quiet: boolean): void {
  if (quiet) return;
  for (const w of warnings.slice(0, MAX_WARNINGS_SHOWN)) process.stderr.write(`warning ${w}\n`);
  if (warnings.length > MAX_WARNINGS_SHOWN) process.stderr.write(`… ${warnings.length - MAX_WARNINGS_SHOWN} more warnings (see --json)\n`);
}

/** `pressroom build --shard I/N --from-snapshot DIR --out SHARD`. */
export async function shardAction(o: { shard: string; quiet?: boolean; json?: boolean }, options: BuildOptions): Promise<void> {
  const shard = parseShard(o.shard);
  const reporter = createReporter({ stream: process.stderr, quiet: o.quiet });
  let report;
  try {
    report = await buildShard({ ...options, shard, onEvent: (e) => reporter.onEvent(e) });
  } finally {
    reporter.stop();
  }
  printWarnings(report.warnings, Boolean(o.quiet));
  process.stderr.write(`shard ${report.shard}: ${report.pages} of ${report.routes} pages into ${report.out} in ${(report.ms / 1000).toFixed(1)} s\n`);
  if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

export function registerScaleCommands(program: Command, hostList: (v: string) => string[]): void {
  program
    .command('crawl')
    .description('Crawl the content API into a snapshot folder and render nothing (the first job of a sharded build)')
    .requiredOption('--snapshot <dir>', 'snapshot folder to write (conditional against the snapshot already there)')
    .option('--api <url>', 'content API base URL (default: config api.base; none starts the embedded sample API)')
    .option('--config <file>', 'configuration file', 'config/site.json')
    .option('--now <iso>', 'the build clock, saved with the snapshot (default: config today, else now)')
    .option('--full', 'crawl without conditional requests')
    .option('--json', 'print the crawl report as JSON on stdout')
    .option('--quiet', 'no progress output')
    .action(async (o) => {
      const reporter = createReporter({ stream: process.stderr, quiet: o.quiet });
      let report;
      try {
        report = await crawlSnapshot({ snapshotDir: o.snapshot, api: o.api, configFile: o.config, now: o.now, full: o.full, onEvent: (e) => reporter.onEvent(e) });
      } finally {
        reporter.stop();
      }
      printWarnings(report.warnings, Boolean(o.quiet));
      process.stderr.write(`crawled ${report.entries} responses (${report.requests} requests, ${report.notModified} not modified) into ${report.snapshot} in ${(report.ms / 1000).toFixed(1)} s\n`);
      if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    });

  program
    .command('merge')
    .description('Assemble shard folders into out/ with every site-wide output, published like a build')
    .argument('<shards...>', 'shard folders written by `build --shard I/N` (all N of them)')
    .requiredOption('--from-snapshot <dir>', 'the snapshot the shards were rendered from')
    .option('--out <dir>', 'output folder', 'out')
    .option('--config <file>', 'configuration file', 'config/site.json')
    .option('--now <iso>', 'the build clock (default: the snapshot\'s)')
    .option('--hosts <list>', 'static hosts to write redirect and header files for (as for build)')
    .option('--allow-shrink', 'publish even if the route count dropped by more than config shrinkGate')
    .option('--json', 'print the build report as JSON on stdout')
    .option('--quiet', 'no progress output')
    .action(async (shards: string[], o) => {
      const reporter = createReporter({ stream: process.stderr, quiet: o.quiet });
      let report;
      try {
        report = await build({ mergeShards: shards, fromSnapshot: o.fromSnapshot, out: o.out, configFile: o.config, now: o.now, hosts: o.hosts === undefined ? undefined : hostList(o.hosts), allowShrink: o.allowShrink, onEvent: (e) => reporter.onEvent(e) });
      } finally {
        reporter.stop();
      }
      printWarnings(report.warnings, Boolean(o.quiet));
      process.stderr.write(`${summaryLine(report)}\n`);
      if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    });
}
