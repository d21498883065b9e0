// The benchmarks' shared record (bench/HISTORY.md; docs/decisions/0083-benchmark-method.md): each
// benchmark, when it ends, appends the figures it printed under a dated heading naming the commit,
// so the docs can keep only the current figure and the history stays complete without anyone
// copying rows by hand.
//
// Importing this module starts keeping what the process writes to stdout (the figures, as printed;
// children that inherit the terminal write past it, which is why each benchmark prints its own
// summary), and takes `--no-history` out of process.argv before the benchmark's strict parseArgs
// reads it. A run with `--no-history`, or with PRESSROOM_BENCH_HISTORY=off (what `npm run bench --
// NAME --no-history` passes on), appends nothing.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
export const HISTORY_FILE = resolve(ROOT, 'bench', 'HISTORY.md');
/** What the benchmark printed is its figures; a runaway progress log is cut at this many characters. */
const KEEP_CHARS = 200_000;

const flag = process.argv.indexOf('--no-history');
if (flag !== -1) process.argv.splice(flag, 1);
const skip = flag !== -1 || process.env.PRESSROOM_BENCH_HISTORY === 'off';
/** The arguments the benchmark was given, for the heading (the command that reproduces the rows). */
const args = process.argv.slice(2);

let printed = '';
const write = process.stdout.write.bind(process.stdout) as (...a: unknown[]) => boolean;
process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
  if (printed.length < KEEP_CHARS) printed += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return write(chunk, ...rest);
}) as typeof process.stdout.write;

/** The commit measured: `git rev-parse --short HEAD`, with "+" when the work tree differs from it. */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${head}+` : head;
  } catch {
    return 'no git';
  }
}

/** The section a run appends: a dated heading with the commit and the command, then its rows. */
export function historyEntry(name: string, rows: readonly string[], when: Date, code: string, argv: readonly string[]): string {
  const command = ['node --import tsx', `bench/${basename(name, '.ts')}.ts`, ...argv].join(' ');
  const table = rows.length > 0 && rows.every((r) => r.startsWith('|'));
  const body = table ? rows.join('\n') : ['```text', ...rows, '```'].join('\n');
  return `\n### ${when.toISOString().slice(0, 10)}, ${code}: \`${command}\`\n\n${body}\n`;
}

/**
 * Appends a run's figures to bench/HISTORY.md: `markdownRows` (table rows, or lines shown as text)
 * or, without them, every line the benchmark printed to stdout. Nothing with `--no-history`.
 */
export function appendHistory(name: string, markdownRows?: readonly string[]): void {
  if (skip) return;
  const rows = (markdownRows ?? printed.split('\n')).map((r) => r.trimEnd());
  while (rows.length && rows[0] === '') rows.shift();
  while (rows.length && rows.at(-1) === '') rows.pop();
  if (!rows.length) return;
  appendFileSync(HISTORY_FILE, historyEntry(name, rows, new Date(), commit(), args));
  process.stderr.write(`appended to ${HISTORY_FILE} (--no-history to skip)\n`);
}
