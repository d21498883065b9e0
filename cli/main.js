// @ts-check
// The CLI (flags -> config -> library call -> exit code; no logic). This is
// the ONE place that prints errors and sets the exit code (src/errors/errors.ts
// EXIT). It is plain JavaScript that imports only commander: each command's
// code is loaded when the command runs (./load.js: the TypeScript sources in a
// clone, their compiled form in the package), so `--help`, `--version` and
// flag errors start about as fast as node itself.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { load } from './load.js';

const VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const HOSTS = 'netlify, cloudflare, gitlab, vercel, nginx, apache, caddy, s3, github-pages';
// No commander default: the loader falls back from config/site.json to the
// sample configuration in Pressroom's package, which it can only do when it
// can tell that no file was named (src/config/load.ts configFileFor).
const CONFIG_HELP = 'configuration file (default: config/site.json in the working directory, else the sample configuration that ships with Pressroom)';
const API_DESCRIPTION = 'Serve the sample content API (generated corpus) on 127.0.0.1 until interrupted';

/** @param {string} name @param {number} min @param {number} max */
const int = (name, min, max) => (/** @type {string} */ v) => {
  const n = Number(v);
  if (!/^\s*[+-]?\d+\s*$/.test(v) || n < min || n > max) throw new InvalidArgumentError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
};
/** @param {string} name */
const httpUrl = (name) => (/** @type {string} */ v) => {
  if (!URL.canParse(v) || !/^https?:$/.test(new URL(v).protocol)) throw new InvalidArgumentError(`--${name} must be an http(s) URL`);
  return v;
};

/** @param {string} name */
const basePath = (name) => (/** @type {string} */ v) => {
  // The rule of src/site/paths.ts BASE_PATH_PATTERN (this file loads no TypeScript before a command runs).
  if (!/^(\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)*$/.test(v)) throw new InvalidArgumentError(`--${name} must be "" or a path such as /project: starting with /, no trailing slash, segments of letters, digits and - . _ ~`);
  return v;
};

const DURATION_UNITS = /** @type {const} */ ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 });
/**
 * `300ms`, `30s`, `15m`, `1h` -> milliseconds, from `min` ms to a day (timers hold at most about 24.8 days);
 * with `off`, the word `off` gives false (commander turns a parsed null into "").
 * @param {string} name @param {{ min?: number, off?: boolean }} opts
 */
const duration = (name, { min = 0, off = false } = {}) => (/** @type {string} */ v) => {
  if (off && v.trim() === 'off') return false;
  const m = /^\s*(\d+(?:\.\d+)?)(ms|s|m|h)\s*$/.exec(v);
  const ms = m ? Math.round(Number(m[1]) * DURATION_UNITS[/** @type {keyof typeof DURATION_UNITS} */ (m[2])]) : NaN;
  if (!(ms >= min && ms <= 86_400_000)) throw new InvalidArgumentError(`--${name} must be a duration such as 300ms, 30s, 15m or 1h, from ${min >= 1000 ? `${min / 1000}s` : `${min}ms`} to 24h${off ? ', or off' : ''}`);
  return ms;
};
/**
 * `65536`, `64KiB`, `1MiB` -> bytes, 1 byte to 64 MiB.
 * @param {string} name
 */
const bytes = (name) => (/** @type {string} */ v) => {
  const m = /^\s*(\d+)\s*(KiB|MiB)?\s*$/i.exec(v);
  const n = m ? Number(m[1]) * (m[2] ? (m[2].toLowerCase() === 'kib' ? 1024 : 1024 * 1024) : 1) : NaN;
  if (!(n >= 1 && n <= 64 * 1024 * 1024)) throw new InvalidArgumentError(`--${name} must be a byte count such as 65536, 64KiB or 1MiB, from 1 byte to 64MiB`);
  return n;
};

/**
 * Flags that set configuration keys (src/config/inputs.ts). Their values are
 * validated with the configuration, so a bad one is reported with every other
 * configuration problem, blamed on the flag (exit 3).
 * @param {Command} cmd @param {{ sample?: boolean }} opts sample: false hides --sample (the command refuses it with its own error)
 */
function configFlags(cmd, { sample = true } = {}) {
  const sampleFlag = new Option('--sample', 'use the embedded sample API (like api.base "sample"); it never replaces a site built from a real API');
  return cmd
    .option('--config <file>', CONFIG_HELP)
    .addOption(new Option('--api <url>', 'content API base URL (overrides config api.base and PRESSROOM_API)').conflicts('sample'))
    .addOption(sample ? sampleFlag : sampleFlag.hideHelp())
    .option('--site-name <name>', 'the publication\'s name (overrides config site.name and PRESSROOM_SITE_NAME)')
    .option('--site-url <url>', 'the site\'s public address, e.g. https://news.example.com or https://user.github.io/project (overrides config site.url and PRESSROOM_SITE_URL)')
    .option('--base-path <path>', 'path prefix the site is served under, e.g. /project (overrides config site.basePath and PRESSROOM_BASE_PATH; default: the path of the site URL)')
    .option('--concurrency <n>', 'concurrent API requests, 1 to 256 (overrides config crawl.concurrency)')
    .option('--hosts <list>', `static hosts to write files for, comma-separated, or "none" (overrides config hosts): ${HOSTS}`);
}

const logFormat = () => new Option('--log-format <format>', 'text (progress for people) or json (one JSON line per event on stderr, for log shippers)').choices(['text', 'json']).default('text');

/** A command's own exit code when success is not 0 (diff: 1 when different). */
/** @type {number | undefined} */
let commandExit;
/** @type {string[]} */
let currentArgs = [];

/**
 * An action that loads `specifier` and calls its export `name` with a context and commander's arguments.
 * @param {string} specifier @param {string} name
 */
const lazy = (specifier, name) => async (/** @type {unknown[]} */ ...args) => {
  const mod = await load(specifier);
  const code = await mod[name]({ report: (/** @type {unknown} */ e) => report(e, currentArgs) }, ...args);
  if (typeof code === 'number') commandExit = code;
};

/** @param {string[]} args the arguments after `pressroom` */
export async function createProgram(args = []) {
  const program = new Command('pressroom')
    .description('Turns a technology-news publication\'s content API into a fast static site.')
    // -v, as node, npm and git take it (there is no --verbose to confuse it with); commander's -V still works.
    .version(VERSION, '-v, --version', 'print the version')
    .exitOverride()
    .configureOutput({ outputError: () => {} });
  program.addOption(new Option('-V').hideHelp());
  program.on('option:V', () => {
    process.stdout.write(`${VERSION}\n`);
    throw new CommanderError(0, 'commander.version', VERSION);
  });

  configFlags(program.command('build').description('Crawl the content API (or, with --sample, the embedded sample API), render every page and publish out/ atomically'))
    .option('--out <dir>', 'output folder', 'out')
    .option('--now <iso>', 'the build clock, e.g. 2026-01-15T12:00:00Z (default: config today, else now)')
    .option('--from-snapshot <dir>', 'render a saved snapshot instead of crawling (e.g. .pressroom/snapshot)')
    .option('--full', 'render every page and crawl without conditional requests (default: only what changed)')
    .option('--changed <refs...>', 'publish a change: re-read only what these REFs name and what can show them (a route /news/slug, an API path /api/..., post:ID, event:SLUG, author:NAME, ads, categories)')
    .option('--changed-from <file>', 'the REFs of --changed from a file, one a line (- reads stdin)')
    .option('--allow-shrink', 'publish even if the route count dropped by more than config shrinkGate (exit 8 otherwise)')
    .option('--strict', 'fail (exit 5) instead of leaving out records that fail their check (the report lists them as quarantined)')
    .option('--workers <n>', 'render threads; 0 renders on the main thread (default: the cores available, or the main thread below 2,000 routes)', int('workers', 0, 256))
    .option('--shard <i/n>', 'render only shard I of N of the routes into --out (needs --from-snapshot; assemble with `pressroom merge`)')
    .option('--json', 'print the build report (or the error) as JSON on stdout')
    .option('--quiet', 'no progress output')
    .option('--deploy', 'after publishing, deploy the release to the configured targets and purge the caches (a failed target is a warning)')
    .option('--strict-deploy', 'with --deploy: fail (exit 9) when a target or purge fails; the site in out/ is published either way')
    .addOption(logFormat())
    .action(lazy('./commands/build.ts', 'runBuild'));

  configFlags(program.command('watch').description('Build and publish whenever the CMS sends a signed webhook (POST /hooks/publish), with a full build every --poll; runs until SIGINT/SIGTERM'), { sample: false })
    .option('--out <dir>', 'output folder', 'out')
    .option('--workers <n>', 'render threads; 0 renders on the main thread (default: the cores available, or the main thread below 2,000 routes)', int('workers', 0, 256))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <n>', 'port; 0 picks a free one (the URL is printed)', int('port', 0, 65535), 8787)
    .option('--secret-file <file>', 'file holding the shared webhook secret (default: the PRESSROOM_WEBHOOK_SECRET variable; one of the two is required)')
    .addOption(new Option('--debounce <duration>', 'wait this long after the first webhook of a batch before building (0: an idle watcher builds at once; webhooks that come during a build join the next one)').argParser(duration('debounce')).default(0, '0ms'))
    .addOption(new Option('--poll <duration>', 'full conditional build at start and then every DURATION (30s, 15m, 1h), or off').argParser(duration('poll', { min: 1000, off: true })).default(900_000, '15m'))
    .addOption(new Option('--max-body <bytes>', 'largest webhook body accepted (65536, 64KiB, 1MiB)').argParser(bytes('max-body')).default(1024 * 1024, '1MiB'))
    .addOption(new Option('--signature-tolerance <duration>', 'how far a signed X-Pressroom-Timestamp may be from this clock, and how long an accepted delivery is remembered against replays').argParser(duration('signature-tolerance', { min: 1000 })).default(300_000, '5m'))
    .option('--require-timestamp', 'refuse webhooks signed over the body alone (they can be replayed): only timestamped signatures are accepted')
    .addOption(new Option('--retry-initial <duration>', 'first wait before retrying a failed build; doubles on each failure').argParser(duration('retry-initial', { min: 1 })).default(1000, '1s'))
    .addOption(new Option('--retry-max <duration>', 'longest wait between retries').argParser(duration('retry-max', { min: 1 })).default(300_000, '5m'))
    .addOption(logFormat())
    .action(lazy('./commands/watch.ts', 'runWatch'));

  configFlags(program.command('crawl').description('Crawl the content API into a snapshot folder and render nothing (the first job of a sharded build)'))
    .requiredOption('--snapshot <dir>', 'snapshot folder to write (conditional against the snapshot already there)')
    .option('--now <iso>', 'the build clock, saved with the snapshot (default: config today, else now)')
    .option('--full', 'crawl without conditional requests')
    .option('--json', 'print the crawl report as JSON on stdout')
    .option('--quiet', 'no progress output')
    .action(lazy('./commands/scale.ts', 'runCrawl'));

  program
    .command('merge')
    .description('Assemble shard folders into out/ with every site-wide output, published like a build')
    .argument('<shards...>', 'shard folders written by `build --shard I/N` (all N of them)')
    .requiredOption('--from-snapshot <dir>', 'the snapshot the shards were rendered from')
    .option('--out <dir>', 'output folder', 'out')
    .option('--config <file>', CONFIG_HELP)
    .option('--now <iso>', 'the build clock (default: the snapshot\'s)')
    .option('--hosts <list>', `static hosts to write files for, comma-separated, or "none" (overrides config hosts): ${HOSTS}`)
    .option('--allow-shrink', 'publish even if the route count dropped by more than config shrinkGate')
    .option('--strict', 'fail (exit 5) if any record was left out as quarantined')
    .option('--json', 'print the build report as JSON on stdout')
    .option('--quiet', 'no progress output')
    .option('--deploy', 'after publishing, deploy the release to the configured targets and purge the caches')
    .option('--strict-deploy', 'with --deploy: fail (exit 9) when a target or purge fails')
    .action(lazy('./commands/scale.ts', 'runMerge'));

  program
    .command('deploy')
    .description('Send the release out/ holds to the configured deploy targets (only what changed since each one\'s last release), then purge the configured caches')
    .option('--out <dir>', 'output folder whose release is deployed', 'out')
    .option('--config <file>', CONFIG_HELP)
    .option('--target <names...>', 'only these targets (names from the configuration\'s deploy list)')
    .option('--dry-run', 'compute and print what each target would receive; send nothing')
    .option('--force', 'send every file and pass the maxDeletes and shrink gates')
    .option('--verify', 'compare each target\'s listing with the release and repair what differs (lists the whole target)')
    .option('--json', 'print the deploy report as JSON on stdout')
    .option('--quiet', 'print only failures')
    .action(lazy('./commands/deploy.ts', 'runDeploy'));

  program
    .command('serve')
    .description('Serve out/ as a static host does (index.html per folder, 404.html, redirects, rewrites)')
    .option('--out <dir>', 'folder to serve', 'out')
    .option('--port <n>', 'port; 0 picks a free one', int('port', 0, 65535), 4173)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--api-proxy <url>', 'live API for /api/* and /uploads/* (default: the API the site was built from)', httpUrl('api-proxy'))
    .option('--base <path>', 'serve out/ under this path prefix, e.g. /project, and answer 404 outside it (default: the base path the site was built with)', basePath('base'))
    .action(lazy('./commands/serve.ts', 'runServe'));

  // `api` has many flags of its own, defined with its code (src/sample-api/cli.ts):
  // they are loaded only when `api` is the command (or the command asked help for).
  if (args[0] === 'api' || (args[0] === 'help' && args[1] === 'api')) (await load('../src/sample-api/cli.ts')).registerApiCommand(program);
  else program.command('api').description(API_DESCRIPTION).allowUnknownOption();

  configFlags(program.command('config').description('Print the effective configuration and where each value comes from (file, PRESSROOM_* variable, flag or default)'))
    .option('--json', 'print it as JSON')
    .action(lazy('./commands/config.ts', 'runConfig'));

  configFlags(program.command('check').description('Validate the configuration, reach the API and check a sample of every endpoint against the shapes the crawler expects'))
    .option('--json', 'print the results as JSON')
    .action(lazy('./commands/check.ts', 'runCheck'));

  program
    .command('diff')
    .description('Compare two builds: output folders, release ids or snapshot folders. Exit 0 equal, 1 different, 2 trouble (like diff)')
    .argument('<old>', 'output folder, release id, or snapshot folder (with snapshot.ndjson)')
    .argument('<new>', 'the same kind as <old>')
    .option('--out <dir>', 'the output folder whose releases the ids name', 'out')
    .option('--json', 'print the result as JSON')
    .option('--context <n>', 'lines of context in page diffs, 0 to 1000', int('context', 0, 1000), 3)
    .action(lazy('./commands/ops.ts', 'runDiff'));

  program
    .command('rollback')
    .description('Republish a kept release atomically (default: the one before the current)')
    .option('--out <dir>', 'output folder', 'out')
    .option('--to <id>', 'release id (see `pressroom releases`)')
    .action(lazy('./commands/ops.ts', 'runRollback'));

  program
    .command('releases')
    .description('List the kept releases of an output folder, oldest first; * marks the published one')
    .option('--out <dir>', 'output folder', 'out')
    .option('--json', 'print the list as JSON')
    .action(lazy('./commands/ops.ts', 'runReleases'));
  return program;
}

/** @param {string[]} argv process.argv */
export async function main(argv) {
  commandExit = undefined;
  currentArgs = argv.slice(2);
  let program;
  try {
    program = await createProgram(currentArgs);
    // A bare `pressroom` is a request for help, not a mistake.
    if (currentArgs.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv);
    return commandExit ?? 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0; // --help, --version
      const { pressroomError } = await load('../src/errors/errors.ts');
      return report(pressroomError('PR_USAGE', { detail: e.message.replace(/^error: /, '') }), currentArgs);
    }
    return report(e, currentArgs);
  }
}

/**
 * Prints an error (text on stderr; with --json also a JSON object on stdout;
 * with --log-format json a JSON line on stderr instead of the text) and gives
 * its exit code.
 * @param {unknown} e @param {string[]} args
 * @returns {Promise<number>}
 */
export async function report(e, args) {
  const { isPressroomError, pressroomError } = await load('../src/errors/errors.ts');
  const err = isPressroomError(e) ? e : pressroomError('PR_INTERNAL', { detail: /** @type {Error} */ (e)?.stack ?? String(e) });
  const info = { ok: false, code: err.code, exit: err.exitCode, message: err.message, hint: err.hint, ...(err.details ?? {}) };
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify(info)}\n`);
  const i = args.findIndex((a) => a === '--log-format' || a.startsWith('--log-format='));
  const jsonLog = i >= 0 && (args[i] === '--log-format=json' || args[i + 1] === 'json');
  if (jsonLog) process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), type: 'error', ...info })}\n`);
  else process.stderr.write(`error ${err.code}: ${err.message}\n  hint: ${err.hint}\n`);
  return err.exitCode;
}
