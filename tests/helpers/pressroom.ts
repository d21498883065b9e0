// Shared helpers for integration and browser tests: the sample API on port 0,
// a build into a temporary folder (in-process or through the real CLI), and
// `pressroom serve` on port 0.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, type BuildOptions, type BuildReport } from '../../src/pipeline/index.ts';
import { startSampleApi, type SampleApi, type SampleApiOptions } from '../../src/sample-api/index.ts';
import { startServe, type Serving } from '../../src/serve/index.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'cli/bin.cjs');
/** The fixed build clock of the tests (the sample API's default day). */
export const TEST_NOW = '2026-01-15T12:00:00.000Z';

export function startTestApi(opts: SampleApiOptions = {}): Promise<SampleApi> {
  return startSampleApi({ port: 0, today: TEST_NOW, ...opts });
}

/**
 * The sample's configuration with a crawl deadline of 10 minutes instead of 15 s, for tests whose
 * API runs in the test's own process: a build that renders on the same thread (workers: 0) on a
 * starved machine can leave the API's answers waiting past the product's deadline, which would make
 * the test measure the machine. Only the deadline differs, so the output is the sample's.
 */
export async function patientConfig(dir: string): Promise<string> {
  const config = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')) as { $schema?: string; crawl: { timeoutMs: number } };
  delete config.$schema;
  config.crawl.timeoutMs = 600_000;
  const file = join(dir, 'site-patient.json');
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/** The temporary-folder helper (tests/helpers/temp.ts), here too for the tests that take it from here. */
export { tempDir } from './temp.ts';

/** In-process build into `${dir}/out`, snapshot in `${dir}/.pressroom/snapshot`. */
export function buildInto(dir: string, opts: BuildOptions = {}): Promise<BuildReport> {
  return build({ out: join(dir, 'out'), now: TEST_NOW, configFile: join(ROOT, 'config/site.json'), env: {}, ...opts });
}

export interface CliRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns `node cli/bin.cjs ...args` from the project root (no TTY: plain progress lines); a variable of `env` set to undefined is unset. */
export function spawnCli(args: string[], env: Record<string, string | undefined> = {}, opts: { detached?: boolean } = {}): CliRun {
  // detached: in a process group of its own, which the test can signal whole (process.kill(-pid, ...)).
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'], detached: opts.detached ?? false });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.on('close', (code, signal) => ok({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Resolves once stderr matches `re` (or rejects when the process ends first). */
export function waitForStderr(run: CliRun, re: RegExp): Promise<void> {
  return new Promise((ok, fail) => {
    const check = () => {
      if (re.test(run.stderr())) {
        run.child.stderr!.off('data', check);
        ok();
      }
    };
    run.child.stderr!.on('data', check);
    run.exit.then(() => (re.test(run.stderr()) ? ok() : fail(new Error(`process ended before ${re}:\n${run.stderr()}`))));
    check();
  });
}

/** `pressroom serve` on a free port for `out`. */
export function serveOut(out: string, apiProxy?: string): Promise<Serving> {
  return startServe({ out, port: 0, host: '127.0.0.1', apiProxy, dataDir: join(out, '..', '.pressroom', 'sample-data') });
}

/**
 * How a test runs a process for which a folder of mode 555 cannot be written: as it is, unless
 * this is root (which writes anywhere), then as nobody (65534), when nobody can read this
 * checkout and start its code; undefined where neither holds (the test is skipped).
 */
export function withoutWriteAccess(): { uid?: number; gid?: number } | undefined {
  if (process.getuid?.() !== 0) return {};
  const nobody = { uid: 65534, gid: 65534 };
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '-e', `await import(${JSON.stringify(join(ROOT, 'src/errors/errors.ts'))})`], { ...nobody, cwd: ROOT, stdio: 'ignore' });
    return nobody;
  } catch {
    return undefined;
  }
}
