// A `pressroom` process started by a benchmark (bench/publish.ts, bench/deploy.ts): production mode,
// the webhook secret in its environment, stderr kept for the error, and the first URL it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface CliChild {
  proc: ChildProcess;
  stderr: () => string;
  /** The first URL the process prints on stdout; rejects when it exits first. */
  url: Promise<string>;
}

export function startCli(bin: string, args: string[], opts: { secret: string; nodeFlags?: string[]; env?: Record<string, string> }): CliChild {
  const proc = spawn(process.execPath, [...(opts.nodeFlags ?? []), bin, ...args], { cwd: resolve(bin, '../..'), env: { ...process.env, NODE_ENV: 'production', PRESSROOM_WEBHOOK_SECRET: opts.secret, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const url = new Promise<string>((ok, fail) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /https?:\/\/[^\s]+/.exec(out);
      if (m) ok(m[0].replace(/\/$/, ''));
    });
    proc.once('exit', (code) => fail(new Error(`pressroom ${args[0]} exited ${code}: ${err.slice(-2000)}`)));
  });
  url.catch(() => undefined); // a process that prints no URL (the watcher) is waited for otherwise
  return { proc, stderr: () => err, url };
}
