// The CLI (architecture, "Layout": flags -> config -> library call -> exit
// code; no logic). This is the ONE place that prints errors and sets the exit
// code (src/core/errors.ts EXIT, README "Exit codes").
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { exitCodeOf, isPressroomError, pressroomError } from '../src/core/errors.ts';
import { build } from '../src/pipeline/index.ts';
import { createReporter, summaryLine } from '../src/pipeline/progress.ts';
import { registerApiCommand } from '../src/sample-api/cli.ts';
import { startServe } from '../src/serve/index.ts';
import { changeLine, registerOpsCommands } from './ops.ts';
import { registerScaleCommands, shardAction } from './scale.ts';

/** `--hosts netlify,nginx` (or `none`): config validates the names (README "Deploying"). */
const hostList = (v: string): string[] => (v.trim() === 'none' ? [] : v.split(',').map((h) => h.trim()).filter(Boolean));

const int = (name: string, min: number, max: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
};

const MAX_WARNINGS_SHOWN = 20;

export function createProgram(): Command {
  const program = new Command('pressroom')
    .description('Turns a technology-news publication\'s content API into a fast static site.')
    .exitOverride()
    .configureOutput({ outputError: () => {} });

  program
    .command('build')
    .description('Crawl the content API (or the embedded sample API), render every page and publish out/ atomically')
    .option('--api <url>', 'content API base URL (default: config api.base; none starts the embedded sample API)')
    .option('--out <dir>', 'output folder', 'out')
    .option('--config <file>', 'configuration file', 'config/site.json')
    .option('--concurrency <n>', 'concurrent API requests', int('concurrency', 1, 256))
    .option('--now <iso>', 'the build clock, e.g. 2026-01-15T12:00:00Z (default: config today, else now)')
    .option('--from-snapshot <dir>', 'render a saved snapshot instead of crawling (e.g. .pressroom/snapshot)')
    .option('--json', 'print the build report as JSON on stdout')
    .option('--quiet', 'no progress output')
    .option('--hosts <list>', 'static hosts to write redirect and header files for, comma-separated (overrides config hosts; "none" writes none): netlify, cloudflare, gitlab, vercel, nginx, apache, caddy, s3, github-pages')
    .option('--full', 'render every page and crawl without conditional requests (default: only what changed)')
    .option('--allow-shrink', 'publish even if the route count dropped by more than config shrinkGate (exit 8 otherwise)')
    .option('--shard <i/n>', 'render only shard I of N of the routes into --out (needs --from-snapshot; assemble with `pressroom merge`)')
    .option('--workers <n>', 'render threads; 0 renders on the main thread (default: the cores available, or the main thread for a small site)', int('workers', 0, 256))
    .action(async (o) => {
      if (o.shard !== undefined) {
        return shardAction(o, { api: o.api, out: o.out, configFile: o.config, now: o.now, fromSnapshot: o.fromSnapshot, workers: o.workers });
      }
      const reporter = createReporter({ stream: process.stderr, quiet: o.quiet });
      let report;
      try {
        report = await build({ api: o.api, out: o.out, configFile: o.config, concurrency: o.concurrency, now: o.now, fromSnapshot: o.fromSnapshot, hosts: o.hosts === undefined ? undefined : hostList(o.hosts), full: o.full, allowShrink: o.allowShrink, workers: o.workers, onEvent: (e) => reporter.onEvent(e) });
      } finally {
        reporter.stop();
      }
      if (!o.quiet) {
        for (const w of report.warnings.slice(0, MAX_WARNINGS_SHOWN)) process.stderr.write(`warning ${w}\n`);
        if (report.warnings.length > MAX_WARNINGS_SHOWN) process.stderr.write(`… ${report.warnings.length - MAX_WARNINGS_SHOWN} more warnings (see --json)\n`);
      }
      process.stderr.write(`${summaryLine(report)}\n`);
      if (!o.quiet) process.stderr.write(changeLine(report));
      if (o.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    });

  program
    .command('serve')
    .description('Serve out/ as a static host does (index.html per folder, 404.html, redirects, rewrites)')
    .option('--out <dir>', 'folder to serve', 'out')
    .option('--port <n>', 'port; 0 picks a free one', int('port', 0, 65535), 4173)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--api-proxy <url>', 'live API for /api/* and /uploads/* (default: the API the site was built from)')
    .action(async (o) => {
      const s = await startServe({ out: o.out, port: o.port, host: o.host, apiProxy: o.apiProxy });
      process.stdout.write(`${s.url}\n`);
      if (s.apiProxy) process.stderr.write(`/api/* and /uploads/* -> ${s.apiProxy}\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await s.close();
    });

  registerApiCommand(program);
  registerOpsCommands(program, (code) => (commandExit = code), report);
  registerScaleCommands(program, hostList);
  return program;
}

/** A command's own exit code when success is not 0 (diff: 1 when different). */
let commandExit: number | undefined;

export async function main(argv: string[]): Promise<number> {
  commandExit = undefined;
  try {
    await createProgram().parseAsync(argv);
    return commandExit ?? 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0; // --help, --version
      return report(pressroomError('PR_USAGE', { detail: e.message.replace(/^error: /, '') }));
    }
    return report(e);
  }
}

function report(e: unknown): number {
  if (isPressroomError(e)) process.stderr.write(`error ${e.code}: ${e.message}\n  hint: ${e.hint}\n`);
  else process.stderr.write(`error PR_INTERNAL: ${(e as Error)?.stack ?? String(e)}\n  hint: This is a bug in Pressroom; please report it with the stack trace.\n`);
  return exitCodeOf(e);
}

process.exitCode = await main(process.argv);
