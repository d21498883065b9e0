// The spare tree (./paths.ts, ./swap.ts): the site one publish ago, beside out/, so a publish of a few
// files writes those into it and swaps it in instead of linking every file. spare.json records what
// it holds (manifest sha256, and whether it has siblings) only while intact: removed before the spare
// changes, written after, so a kill leaves no record and the next publish rebuilds it (once, O(files)).
import { readFile, rm, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { killPoint } from '../runtime/kill-point.ts';
import { SIBLINGS } from '../emit/precompress.ts';
import { MANIFEST_FILE } from '../emit/manifest-text.ts';
import { carryFile, carryTree } from '../files/links.ts';
import { outPaths } from './paths.ts';

export const forgetSpare = (out: string): Promise<void> => rm(outPaths(out).spareState, { force: true });

/** A site as the spare records it: its manifest's sha256 and whether its text files have siblings. */
export interface SiteId {
  manifest: string;
  precompress: boolean;
}

export const spareHolds = (out: string, site: SiteId): Promise<void> =>
  writeFileAtomic(outPaths(out).spareState, `${JSON.stringify({ manifest: site.manifest, precompress: site.precompress })}\n`);

/** The sha256 of the manifest the spare holds, when it is intact and its siblings follow `precompress`. */
export async function spareManifest(out: string, precompress: boolean): Promise<string | undefined> {
  try {
    const v = JSON.parse(await readFile(outPaths(out).spareState, 'utf8')) as { manifest?: unknown; precompress?: unknown };
    return typeof v.manifest === 'string' && v.precompress === precompress ? v.manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Where each path of the new site comes from: a file to link, or null when the new site does not have it. */
export type Source = (path: string) => string | null;

/**
 * Makes `root/path` (and siblings) what `source` says, for each path. Siblings come along unless
 * `siblings(path)` says none (another path may share an object). `rootSiblings`: whether `root`
 * may hold siblings to remove.
 */
export async function placeFiles(
  root: string,
  paths: Iterable<string>,
  source: Source,
  { siblings = () => true, rootSiblings = true, concurrency = 32 }: { siblings?: (path: string) => boolean; rootSiblings?: boolean; concurrency?: number } = {},
): Promise<number> {
  const dirs = new Map<string, Promise<unknown>>();
  const limit = pLimit(concurrency);
  const jobs: Promise<void>[] = [];
  const removed: string[] = [];
  for (const path of paths) {
    jobs.push(
      limit(async () => {
        const to = join(root, path);
        const from = source(path);
        // Siblings are removed only where they may be: the missing-file errors cost 13 ms a publish.
        await Promise.all((rootSiblings ? [to, ...SIBLINGS.map((ext) => to + ext)] : [to]).map((f) => unlink(f).catch(ignoreMissing)));
        if (from === null) return void removed.push(path);
        await carryFile(from, to, dirs);
        if (!siblings(path)) return;
        // A file too small to compress has none.
        await Promise.all(SIBLINGS.map((ext) => carryFile(from + ext, to + ext, dirs).catch(ignoreMissingSource)));
      }),
    );
  }
  await Promise.all(jobs);
  // After every placement, so no folder a new file is being linked into is removed under it.
  for (const path of removed) await removeEmptyParents(root, path);
  return jobs.length;
}

/**
 * Removes the folders a removed page left empty, upwards (rmdir refuses non-empty ones): a full build
 * would not have them, and some hosts answer an empty folder with 403.
 */
async function removeEmptyParents(root: string, path: string): Promise<void> {
  const parts = path.split('/').slice(0, -1);
  for (let n = parts.length; n > 0; n--) {
    try {
      await rmdir(join(root, ...parts.slice(0, n)));
    } catch {
      return;
    }
  }
}

function ignoreMissing(e: NodeJS.ErrnoException): void {
  if (e.code !== 'ENOENT') throw e;
}

function ignoreMissingSource(e: { cause?: NodeJS.ErrnoException; code?: string }): void {
  if ((e.cause as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT') throw e;
}

export interface SpareUpdate {
  out: string;
  /** The manifest sha256 out/ holds now (the parent release's). */
  live: string;
  /** Whether the new site's text files have siblings (a spare that differs is not used as it is). */
  precompress: boolean;
  /** The parent release's own change: the manifest it was made from and the paths it changed. */
  parentChange?: { from: string; paths: readonly string[] };
  /** The paths this publish changes (written or deleted). */
  paths: readonly string[];
  /** The new site's paths that differ from a spare that is none of the above (from its manifest's index, its parts read in `spareRoot`). */
  differing?: (spareManifestText: string, spareRoot: string) => Promise<Iterable<string>>;
  source: Source;
  /** Whether a path may have siblings (default: whenever its source has them). */
  siblings?: (path: string) => boolean;
}

/** Brings the spare to the new site: by this change, by the parent's too, by manifests, or rebuilt. */
export async function updateSpare(u: SpareUpdate): Promise<'diff' | 'diff2' | 'manifest' | 'rebuilt'> {
  const p = outPaths(u.out);
  const holds = await spareManifest(u.out, u.precompress);
  await forgetSpare(u.out);
  let how: 'diff' | 'diff2' | 'manifest' | 'rebuilt';
  let paths: Iterable<string>;
  if (holds === u.live) {
    how = 'diff';
    paths = u.paths;
  } else if (holds !== undefined && u.parentChange && holds === u.parentChange.from) {
    how = 'diff2';
    paths = new Set([...u.parentChange.paths, ...u.paths]);
  } else {
    const text = holds !== undefined && u.differing ? await readFile(join(p.spare, MANIFEST_FILE), 'utf8').catch(() => null) : null;
    // A spare whose manifest cannot be read whole (a part missing or damaged) is rebuilt from out/.
    const differing = text !== null ? await u.differing!(text, p.spare).catch(() => null) : null;
    if (differing !== null) {
      how = 'manifest';
      paths = differing;
    } else {
      how = 'rebuilt';
      await rm(p.spare, { recursive: true, force: true });
      await carryTree(p.out, p.spare);
      paths = u.paths;
    }
  }
  // A spare used as it is has siblings as the new site does (spareManifest); one rebuilt from out/, as out/ does.
  await placeFiles(p.spare, paths, u.source, { siblings: u.siblings, rootSiblings: u.precompress || how === 'rebuilt' });
  // Changed and not yet recorded: a kill here must leave a spare the next publish does not trust.
  killPoint('spare');
  return how;
}
