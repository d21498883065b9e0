// Cloudflare's own Pages emulator, `wrangler pages dev <out>` (the `wrangler` devDependency, whose
// workerd binary npm installs as an optional package), serving a built site the way Cloudflare Pages
// reads it: `_redirects`, `_headers`, `404.html`, and its rules for `.html` and `index.html` files.
// It runs offline and logged out: no login is asked for a local server, the home, config, cache and
// temporary folders are the test's (so nothing of the user's account is read), metrics, error
// reports, the update check and the `Request.cf` download are off, and it binds 127.0.0.1 only.
// It is ready when it prints its "Ready on http://127.0.0.1:<port>" line.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort, stopGroup } from './server-process.ts';

export interface Wrangler {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** What it printed so far, for failure messages. */
  log(): string;
  /** From the spawn to the "Ready on" line, in milliseconds. */
  startupMs: number;
  close(): Promise<void>;
}

/**
 * How the installed wrangler runs: its `bin/wrangler.js` only checks the Node version and starts
 * `wrangler-dist/cli.js` with these flags as a child, which would put a process between the test and
 * the server; the test starts that child itself.
 */
export function wranglerCommand(): string[] {
  const require = createRequire(import.meta.url);
  return ['--no-warnings', '--experimental-vm-modules', join(dirname(require.resolve('wrangler/package.json')), 'wrangler-dist', 'cli.js')];
}

// A date the pinned workerd supports: wrangler would otherwise take today's, warn that workerd is
// older, and ask the registry for a newer wrangler.
const COMPATIBILITY_DATE = '2026-04-01';

/** What keeps wrangler from the network and from the user's files; `dir` holds its home and state. */
function offlineEnv(dir: string): Record<string, string> {
  return {
    HOME: join(dir, 'home'),
    XDG_CONFIG_HOME: join(dir, 'home', '.config'),
    XDG_CACHE_HOME: join(dir, 'home', '.cache'),
    XDG_DATA_HOME: join(dir, 'home', '.local', 'share'),
    // The update check caches in the OS temp folder.
    TMPDIR: join(dir, 'tmp'),
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    // The banner is where the update check runs.
    WRANGLER_HIDE_BANNER: 'true',
    // Miniflare would download the `Request.cf` object from workers.cloudflare.com.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_LOG_PATH: join(dir, 'logs'),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
}

/**
 * SIGTERM to the group, then its end: wrangler stops its workerd processes as it exits; any of them
 * still there after wrangler has gone is killed, so that none outlives the test.
 */
async function stopWrangler(child: ChildProcess, exited: Promise<void>): Promise<void> {
  await stopGroup(child, exited);
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // The group is gone.
  }
}

/** Resolves with the origin once `text()` holds the ready line; rejects if the process ends first. */
function readyLine(text: () => string, onData: (cb: () => void) => void, exited: Promise<void>): Promise<string> {
  return new Promise((ok, fail) => {
    const check = () => {
      const m = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(text());
      if (m) ok(m[1]);
    };
    onData(check);
    void exited.then(() => fail(new Error('exited')));
    check();
  });
}

/**
 * Starts `wrangler pages dev out` on a free port of 127.0.0.1, its state in a new folder under
 * `work`. A port taken between the probe and wrangler's bind is retried with another.
 */
export async function startWrangler(out: string, work: string): Promise<Wrangler> {
  const command = wranglerCommand();
  for (let attempt = 1; ; attempt++) {
    const dir = join(work, `wrangler-${attempt}`);
    for (const sub of ['home', 'tmp', 'logs', 'state']) await mkdir(join(dir, sub), { recursive: true });
    const port = await freePort();
    const args = [...command, 'pages', 'dev', out, '--port', String(port), '--ip', '127.0.0.1', '--compatibility-date', COMPATIBILITY_DATE, '--persist-to', join(dir, 'state')];
    const started = performance.now();
    // cwd is the work folder: wrangler writes `.wrangler/` there and would read a git checkout's branch and commit.
    const child = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, ...offlineEnv(dir) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const listeners: (() => void)[] = [];
    const take = (d: Buffer) => {
      output += d;
      for (const l of listeners) l();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    const origin = await readyLine(() => output, (cb) => listeners.push(cb), exited).catch(() => null);
    if (origin) {
      return { origin, log: () => output, startupMs: performance.now() - started, close: () => stopWrangler(child, exited) };
    }
    if (attempt < 5 && /EADDRINUSE|address already in use/i.test(output)) continue;
    throw new Error(`wrangler pages dev did not start (${process.execPath} ${args.join(' ')}):\n${output}`);
  }
}
