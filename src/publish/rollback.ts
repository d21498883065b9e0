// `pressroom rollback [--to ID]` (docs/operations.md, "Releases and rollback"): the spare is made the
// release (differing files linked from the object store) and swapped in like a build (./swap.ts), so
// a killed rollback leaves out/ as it was or as the release, never touching the release. (An older
// release's `site/` folder is linked into staging whole.) Holds the run lock.
import { readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { acquireLock } from './lock.ts';
import { readReleaseFiles, siblingsOf } from './manifest.ts';
import { partsIn, readSiteFiles } from '../emit/manifest-read.ts';
import { objectFile, outPaths } from './paths.ts';
import { updateSpare } from './spare.ts';
import { recover, stagingDirFor, swapIn } from './swap.ts';
import { carryTree, listTree } from '../files/links.ts';
import { currentReleaseId, listReleases, readRecord, releasePaths, setCurrentRelease, type ReleaseInfo, type ReleaseRecord } from './releases.ts';
import { MANIFEST_FILE as MANIFEST } from '../emit/manifest-text.ts';

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
    const record = await readRecord(opts.out, target.id);
    if (record) {
      const live = current === undefined ? undefined : await readRecord(opts.out, current);
      const files = await fromObjects(opts.out, record, live);
      await setCurrentRelease(opts.out, target.id);
      return { from: current, to: target.id, files };
    }
    const staging = stagingDirFor(opts.out);
    await rm(staging, { recursive: true, force: true });
    try {
      const files = await carryTree(releasePaths(opts.out, target.id).site, staging);
      await swapIn(staging, opts.out);
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

/** Makes the spare the site of the manifest `sha` from the object store and swaps it in; returns its file count. */
async function fromObjects(out: string, record: ReleaseRecord, liveRecord: ReleaseRecord | undefined): Promise<number> {
  const sha = record.manifest;
  const target = await readReleaseFiles(out, sha);
  const liveText = await readFile(join(outPaths(out).out, MANIFEST), 'utf8').catch(() => null);
  // out/'s files by its manifest; when that cannot be read whole, by a listing of out/ itself.
  const live: Iterable<string> = liveText === null ? [] : await readSiteFiles(liveText, partsIn(outPaths(out).out)).then((f) => f.keys(), () => listTree(outPaths(out).out));
  const liveSha = liveText === null ? '' : createHash('sha256').update(liveText).digest('hex');
  // Every path of both sites: rollbacks are rare, and must also repair a file edited in place.
  const every = [...new Set([...live, ...target.keys()])].sort();
  await updateSpare({
    out,
    live: liveSha,
    precompress: record.precompress,
    paths: every,
    // A spare holding another site also loses that site's files.
    differing: async (spareText, root) => [...new Set([...every, ...(await readSiteFiles(spareText, partsIn(root))).keys()])].sort(),
    siblings: siblingsOf(record, target),
    source: (p) => {
      const s = target.get(p);
      return s === undefined ? null : objectFile(out, s.sha256);
    },
  });
  // The old out/ is the current release's site only if out/ still holds it.
  await swapIn(outPaths(out).spare, out, liveRecord && liveRecord.manifest === liveSha ? { manifest: liveSha, precompress: liveRecord.precompress } : undefined);
  return target.size;
}
