// Running a deploy tool (rsync, git, a command target's shell) as a child process: arguments as a
// list (never a shell line built from paths), its output collected, and a failure turned into a
// PR_DEPLOY_TARGET error that names the target, the tool and its exit code with the end of its stderr.
import { spawn } from 'node:child_process';
import { pressroomError, type PressroomError } from '../errors/errors.ts';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ExecOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  input?: string;
  signal?: AbortSignal;
}

/** Runs `cmd args`; resolves whatever the exit code (a missing binary is code 127). */
export function exec(cmd: string, args: readonly string[], opts: ExecOptions = {}): Promise<ExecResult> {
  return new Promise((ok) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env as NodeJS.ProcessEnv | undefined, stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', (e: NodeJS.ErrnoException) => ok({ code: e.code === 'ENOENT' ? 127 : 1, stdout, stderr: stderr + e.message }));
    child.on('close', (code, signal) => ok({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}

/** The error of a tool that failed for a target. */
export function toolFailed(target: { name: string; type: string }, tool: string, r: ExecResult): PressroomError {
  const tail = r.stderr.trim().split('\n').slice(-3).join(' / ').slice(0, 500);
  const what = r.code === 127 ? `${tool} was not found (install it, or put it on PATH)` : `${tool} exited with code ${r.code}${tail ? `: ${tail}` : ''}`;
  return pressroomError('PR_DEPLOY_TARGET', { target: target.name, type: target.type, detail: what });
}

/** Runs the tool and throws PR_DEPLOY_TARGET unless it exits 0 (or with one of `okCodes`). */
export async function run(target: { name: string; type: string }, cmd: string, args: readonly string[], opts: ExecOptions & { okCodes?: number[] } = {}): Promise<ExecResult> {
  const r = await exec(cmd, args, opts);
  if (r.code !== 0 && !opts.okCodes?.includes(r.code)) throw toolFailed(target, cmd, r);
  return r;
}
