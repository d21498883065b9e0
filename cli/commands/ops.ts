// Operations commands: `diff`, `rollback`, `releases` (defined in cli/main.js).
// Flags -> library call -> output and exit code, no logic.
import { diffBuilds, formatDiff } from '../../src/diff/index.ts';
import type { BuildReport } from '../../src/pipeline/index.ts';
import { readLock } from '../../src/publish/lock.ts';
import { rollback } from '../../src/publish/rollback.ts';
import { listReleases } from '../../src/publish/releases.ts';
import { recover } from '../../src/publish/swap.ts';

export interface CommandContext {
  /** Prints an error as cli/main.js does and gives its exit code. */
  report(e: unknown): Promise<number>;
}

/** diff(1)'s exit codes: 0 equal, 1 different, 2 trouble (whatever the error class). */
export async function runDiff(ctx: CommandContext, oldArg: string, newArg: string, o: { out: string; json?: boolean; context: number }): Promise<number> {
  try {
    // An output folder a killed publish left as <name>.old-<pid> is itself again first (docs/decisions/0103-publish-kill-recovery.md).
    for (const folder of new Set([o.out, oldArg, newArg])) await recover(folder);
    const r = await diffBuilds(oldArg, newArg, { out: o.out, context: o.context });
    process.stdout.write(o.json ? `${JSON.stringify(r, null, 2)}\n` : formatDiff(r));
    return r.equal ? 0 : 1;
  } catch (e) {
    await ctx.report(e);
    return 2;
  }
}

export async function runRollback(_ctx: CommandContext, o: { out: string; to?: string }): Promise<void> {
  const r = await rollback({ out: o.out, to: o.to });
  process.stderr.write(`rolled back ${o.out} from ${r.from ?? '(none)'} to ${r.to} (${r.files} files)\n`);
}

export async function runReleases(_ctx: CommandContext, o: { out: string; json?: boolean }): Promise<void> {
  await recover(o.out);
  const list = await listReleases(o.out);
  const lock = await readLock(o.out);
  if (o.json) {
    process.stdout.write(`${JSON.stringify({ releases: list, lock: lock ?? null }, null, 2)}\n`);
    return;
  }
  for (const r of list) process.stdout.write(`${r.current ? '*' : ' '} ${r.id}${r.routes !== undefined ? `  ${r.routes} routes, ${r.files} files` : ''}\n`);
  if (list.length === 0) process.stdout.write(`no releases beside ${o.out}\n`);
  if (lock) process.stdout.write(`locked by pid ${lock.pid} on ${lock.host} (${lock.command}) since ${lock.startedAt}\n`);
}

/** The build's second summary line: what changed (docs/operations.md, "The build report"). */
export function changeLine(r: BuildReport): string {
  const i = r.incremental;
  const c = r.changed;
  const mode = c ? (c.fallback ? `changed (${c.refs.length} REFs, crawled everything: ${c.fallback})` : `changed (${c.refs.length} REFs, ${c.refetched} responses re-read)`) : i.mode;
  return `${mode}: ${i.rendered} pages rendered, ${i.reused} reused, ${i.deleted} deleted, ${i.unchangedFiles} files unchanged; ${r.requests} requests, ${r.notModified} not modified (304), ${r.retries} retries; release ${r.release}\n`;
}
