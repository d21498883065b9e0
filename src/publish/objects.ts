// The object store of releases (./paths.ts): every file of every kept release once, named by its
// sha256, with its `.br`/`.gz` siblings. A release is its manifest (an object) plus a small record
// (./releases.ts), so recording costs the changed files and rollback can rebuild any kept release.
// Objects are hard links of published files, which are never edited in place.
// Unnamed objects are swept now and then (gc below): marking reads every kept manifest, so it runs
// once enough new objects came in (amortised O(change) a publish).
import { readdir, readFile, rename, rm, stat, copyFile, utimes } from 'node:fs/promises';
import { linkFast, mkdirFast } from '../files/fs-calls.ts';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import { pressroomError } from '../errors/errors.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { SIBLINGS } from '../emit/precompress.ts';
import { objectFile, outPaths } from './paths.ts';

const FALLBACK: ReadonlySet<string> = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK', 'EOPNOTSUPP']);
const GC_FILE = 'gc.json';
/** Sweep once this many objects came in since the last sweep, and at least a quarter of the site's files. */
export const GC_MIN_NEW_OBJECTS = 1000;

/** Links `from` to `to` unless `to` exists; true when it made a new one. A missing `from` is false when `optional`. */
async function linkOnce(from: string, to: string, dirs: Map<string, Promise<unknown>>, optional = false): Promise<boolean> {
  const dir = dirname(to);
  let made = dirs.get(dir);
  if (!made) dirs.set(dir, (made = mkdirFast(dir)));
  try {
    await made;
    await linkFast(from, to);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT' && optional) return false;
    if (!FALLBACK.has(code)) throw pressroomError('PR_OUTPUT_WRITE', { file: to, detail: `cannot keep ${from} as a release object: ${(e as Error).message}` }, e);
    // Copied under a private name and renamed: a copy cut short must never stand under a content name.
    const tmp = `${to}.tmp-${process.pid}`;
    try {
      await copyFile(from, tmp);
      const s = await stat(from);
      await utimes(tmp, s.atime, s.mtime);
      await rename(tmp, to);
    } catch (e2) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw pressroomError('PR_OUTPUT_WRITE', { file: to, detail: `cannot keep ${from} as a release object: ${(e2 as Error).message}` }, e2);
    }
    return true;
  }
}

/** Keeps the files `root/path` (and, when `siblings`, their precompressed siblings) as objects; returns how many were new. */
export async function storeObjects(out: string, root: string, files: Iterable<{ path: string; sha256: string }>, siblings: boolean, concurrency = 32): Promise<number> {
  const dirs = new Map<string, Promise<unknown>>();
  const limit = pLimit(concurrency);
  const jobs: Promise<number>[] = [];
  for (const f of files) {
    jobs.push(
      limit(async () => {
        const to = objectFile(out, f.sha256);
        const from = join(root, f.path);
        const made = await linkOnce(from, to, dirs);
        // Also for an object kept before: it may have come from a release without siblings.
        if (siblings) await Promise.all(SIBLINGS.map((ext) => linkOnce(from + ext, to + ext, dirs, true)));
        return made ? 1 : 0;
      }),
    );
  }
  const added = (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
  if (added) await countNew(out, added);
  return added;
}

/**
 * Stores texts a release names by hash that are no published file (state parts) as objects (tmp +
 * rename), unless `known` names them or they exist. Returns how many were new.
 */
export async function storeTexts(out: string, texts: Iterable<{ sha256: string; bytes: Buffer }>, known: ReadonlySet<string>, concurrency = 16): Promise<number> {
  const limit = pLimit(concurrency);
  const jobs: Promise<number>[] = [];
  // A first build writes every part (hundreds at 50,000 posts): a few at a time, as storeObjects links files.
  for (const t of texts) {
    if (known.has(t.sha256)) continue;
    jobs.push(
      limit(async () => {
        const file = objectFile(out, t.sha256);
        if (await stat(file).then(() => true, () => false)) return 0;
        await writeFileAtomic(file, t.bytes);
        return 1;
      }),
    );
  }
  const added = (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
  if (added) await countNew(out, added);
  return added;
}

async function readGc(out: string): Promise<{ sinceSweep: number }> {
  try {
    const v = JSON.parse(await readFile(join(outPaths(out).objects, GC_FILE), 'utf8')) as { sinceSweep?: unknown };
    return { sinceSweep: typeof v.sinceSweep === 'number' ? v.sinceSweep : 0 };
  } catch {
    return { sinceSweep: 0 };
  }
}

async function countNew(out: string, n: number): Promise<void> {
  const g = await readGc(out);
  await writeFileAtomic(join(outPaths(out).objects, GC_FILE), `${JSON.stringify({ sinceSweep: g.sinceSweep + n })}\n`);
}

/**
 * Removes objects no kept release names, when enough new ones came in since the last sweep.
 * `kept()` gives the sha256 of every file of every kept release.
 */
export async function collectGarbage(out: string, siteFiles: number, kept: () => Promise<Set<string>>, force = false): Promise<number> {
  const g = await readGc(out);
  if (!force && g.sinceSweep < Math.max(GC_MIN_NEW_OBJECTS, Math.ceil(siteFiles / 4))) return 0;
  const keep = await kept();
  const root = outPaths(out).objects;
  let removed = 0;
  for (const shard of (await readdir(root).catch(() => [] as string[])).sort()) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const name of await readdir(join(root, shard))) {
      const sha = name.replace(/\.(br|gz)$/, '');
      if (keep.has(sha)) continue;
      await rm(join(root, shard, name), { force: true });
      if (name === sha) removed += 1;
    }
  }
  await writeFileAtomic(join(root, GC_FILE), `${JSON.stringify({ sinceSweep: 0 })}\n`);
  return removed;
}
