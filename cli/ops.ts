// Operations commands (issue 7): `diff`, `rollback`, `releases`. Flags ->
// library call -> output and exit code, no logic (architecture, "Layout").
import type { Command } from 'commander';
import { diffBuilds, formatDiff } from '../src/diff/index.ts';
import type { BuildReport } from '../src/pipeline/index.ts';
import { readLock } from '../src/emit/lock.ts';
import { rollback } from '../src/releases/rollback.ts';
import { listReleases } from '../src/releases/store.ts';

/** `setExit` records a command's own exit code (diff: 0 equal, 1 different); `fail` prints an error and gives its code. */
export function registerOpsCommands(program: Command, setExit: (code: number) => void, fail: (e: unknown) => number): void {
  program
    .command('diff')
    .description('Compare two builds: output folders, release ids or snapshot folders. Exit 0 equal, 1 different, 2 trouble (like diff)')
    .argument('<old>', 'output folder, release id, or snapshot folder (with snapshot.ndjson)')
    .argument('<new>', 'the same kind as <old>')
    .option('--out <dir>', 'the output folder whose releases the ids name', 'out')
    .option('--json', 'print the result as JSON')
    .option('--context <n>', 'lines of context in page diffs', (v) => Number(v), 3)
    .action(async (oldArg: string, newArg: string, o) => {
      try {
        const r = await diffBuilds(oldArg, newArg, { out: o.out, context: o.context });
        process.stdout.write(o.json ? `${JSON.stringify(r, null, 2)}\n` : formatDiff(r));
        setExit(r.equal ? 0 : 1);
      } catch (e) {
        fail(e);
        setExit(2); // diff(1): trouble is 2, whatever the error class
      }
    });

  program
    .command('rollback')
    .description('Republish a kept release atomically (default: the one before the current)')
    .option('--out <dir>', 'output folder', 'out')
    .option('--to <id>', 'release id (see `pressroom releases`)')
    .action(async (o) => {
      const r = await rollback({ out: o.out, to: o.to });
      process.stderr.write(`rolled back ${o.out} from ${r.from ?? '(none)'} to ${r.to} (${r.files} files)\n`);
    });

  program
    .command('releases')
    .description('List the kept releases of an output folder, oldest first; * marks the published one')
    .option('--out <dir>', 'output folder', 'out')
    .option('--json', 'print the list as JSON')
    .action(async (o) => {
      const list = await listReleases(o.out);
      const lock = await readLock(o.out);
      if (o.json) {
        process.stdout.write(`${JSON.stringify({ releases: list, lock: lock ?? null }, null, 2)}\n`);
        return;
      }
      for (const r of list) process.stdout.write(`${r.current ? '*' : ' '} ${r.id}${r.routes !== undefined ? `  ${r.routes} routes, ${r.files} files` : ''}\n`);
      if (list.length === 0) process.stdout.write(`no releases beside ${o.out}\n`);
      if (lock) process.stdout.write(`locked by pid ${lock.pid} on ${lock.host} (${lock.command}) since ${lock.startedAt}\n`);
    });
}

/** The build's second summary line: what changed (issue 7, "The build report"). */
export function changeLine(r: BuildReport): string {
  const i = r.incremental;
  return `${i.mode}: ${i.rendered} pages rendered, ${i.reused} reused, ${i.deleted} deleted, ${i.unchangedFiles} files unchanged; ${r.requests} requests, ${r.notModified} not modified (304), ${r.retries} retries; release ${r.release}\n`;
}
