// `pressroom rollback [--to ID]` (docs/operations.md, "Releases and rollback"): republishes a kept release
// atomically. The release's files are hard-linked into a staging folder beside
// out/ and swapped in by the same publish as a build (src/emit/publish.ts), so
// a killed rollback leaves out/ as it was (or, after the swap, as the release),
// and the release itself is never touched. Holds the run lock: a rollback never
// races a build.
import { rm } from 'node:fs/promises';
import { pressroomError } from '../core/errors.ts';
import { acquireLock } from '../emit/lock.ts';
import { publish, recover, stagingDirFor } from '../emit/publish.ts';
import { carryTree } from './link.ts';
import { currentReleaseId, listReleases, releasePaths, setCurrentRelease, type ReleaseInfo } from './store.ts';

export interface RollbackResult {
  from: string | undefined;
  to: string;
  files: number;
}

/** The release to go back to: `to` if given, else the newest one older than the current. */
export function pickTarget(releases: readonly ReleaseInfo[], current: string | undefined, to?: string): ReleaseInfo {
  if (to !== undefined) {
    const r = releases.find((x) => x.id === to);
    if (!r) throw pressroomError('PR_USAGE', { detail: `No release ${to}; \`pressroom releases\` lists the kept ones (${releases.map((x) => x.id).join(', ') || 'none'})` });
    return r;
  }
  const older = current === undefined ? releases.slice(0, -1) : releases.filter((r) => r.id < current);
  const target = older.at(-1);
  if (!target) throw pressroomError('PR_USAGE', { detail: `No release older than ${current ?? 'the current one'} to roll back to` });
  return target;
}

export async function rollback(opts: { out: string; to?: string; handleSignals?: boolean }): Promise<RollbackResult> {
  const lock = await acquireLock(opts.out, { command: 'rollback', handleSignals: opts.handleSignals });
  try {
    await recover(opts.out);
    const current = await currentReleaseId(opts.out);
    const target = pickTarget(await listReleases(opts.out), current, opts.to);
    const staging = stagingDirFor(opts.out);
    await rm(staging, { recursive: true, force: true });
    try {
      const files = await carryTree(releasePaths(opts.out, target.id).site, staging);
      await publish(staging, opts.out);
      await setCurrentRelease(opts.out, target.id);
      return { from: current, to: target.id, files };
    } catch (e) {
      await rm(staging, { recursive: true, force: true }).catch(() => undefined);
      throw e;
    }
  } finally {
    await lock.release();
  }
}
