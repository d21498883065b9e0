// Past one machine (docs/scale.md). `build --shard I/N` renders a deterministic 1/N of a saved
// snapshot's routes into a shard folder (pages, and a record of snapshot and code). `merge` runs the
// ordinary build with pages read from the shards (shardPages), so everything site-wide is the build's
// own and N shards give exactly one machine's bytes.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { META_FILE, type Snapshot, type SnapshotMeta } from '../snapshot/snapshot-store.ts';
import { contentIdOfSnapshot } from '../snapshot/content-id.ts';
import type { CrawlKept } from '../crawl/kept.ts';
import type { PlannedRoute } from '../plan/types.ts';
import { renderedPage } from '../render/index.ts';
import type { PageRenderer } from '../render/pool.ts';

export const SHARD_FILE = 'pressroom-shard.json';
const PAGES_DIR = 'pages';

/** 1-based: shard `index` of `count`. */
export interface ShardSpec {
  index: number;
  count: number;
}

export interface ShardRecord {
  version: 1;
  shard: number;
  of: number;
  /** snapshotId() of the snapshot the pages came from. */
  snapshot: string;
  /** The code hash (bundle, configuration): a shard of another checkout cannot be merged. */
  code: string;
  pages: { path: string; file: string; sha256: string; size: number }[];
}

export function parseShard(text: string): ShardSpec {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > 1000 || index < 1 || index > count) {
    throw pressroomError('PR_USAGE', { detail: `--shard takes I/N with 1 <= I <= N <= 1000 (e.g. 2/4), not "${text}"` });
  }
  return { index, count };
}

/** Every N-th route of the plan from I-1: round-robin spreads each page kind evenly. */
export const ownsRoute = (position: number, spec: ShardSpec): boolean => position % spec.count === spec.index - 1;

/** One id for a snapshot's content, from its keys and entry hashes (src/snapshot/content-id.ts); a session (`kept`) makes it from the last one's runs. */
export function snapshotId(snapshot: Snapshot, kept?: CrawlKept): string {
  return contentIdOfSnapshot(snapshot, kept);
}

/** The build clock from a saved snapshot: --now, else its crawl's, so shards and merge agree on "today". */
export async function snapshotClock(dir: string, now?: string): Promise<string> {
  if (now) return now;
  try {
    return (JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as SnapshotMeta).createdAt;
  } catch (e) {
    throw pressroomError('PR_SNAPSHOT_READ', { dir, detail: `${META_FILE}: ${(e as Error).message}` }, e);
  }
}

/** Writes a shard folder atomically: a staging folder beside it, renamed over the old one. */
export async function writeShard(dir: string, record: Omit<ShardRecord, 'pages'>, pages: AsyncIterable<{ path: string; file: string; bytes: Buffer }>): Promise<ShardRecord> {
  const target = resolve(dir);
  const staging = `${target}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  const full: ShardRecord = { ...record, pages: [] };
  try {
    for await (const page of pages) {
      const file = join(staging, PAGES_DIR, page.file);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, page.bytes);
      full.pages.push({ path: page.path, file: page.file, sha256: createHash('sha256').update(page.bytes).digest('hex'), size: page.bytes.length });
    }
    await writeFile(join(staging, SHARD_FILE), `${JSON.stringify(full, null, 1)}\n`);
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (e) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw pressroomError('PR_OUTPUT_WRITE', { file: target, detail: (e as Error).message }, e);
  }
  return full;
}

async function readRecord(dir: string): Promise<ShardRecord> {
  let record: ShardRecord;
  try {
    record = JSON.parse(await readFile(join(dir, SHARD_FILE), 'utf8')) as ShardRecord;
  } catch (e) {
    throw pressroomError('PR_SHARD_INVALID', { detail: `${dir} is not a shard folder (${SHARD_FILE}: ${(e as Error).message})` });
  }
  if (record?.version !== 1 || !Array.isArray(record.pages)) throw pressroomError('PR_SHARD_INVALID', { detail: `${join(dir, SHARD_FILE)} is not a version 1 shard record` });
  return record;
}

/**
 * A merge's pages, read from the shards. Checks first that the shards are 1..N of one N, of this
 * snapshot and code, holding exactly the planned routes; each page is checked against its sha256.
 */
export async function shardPages(dirs: readonly string[], expected: { snapshot: string; code: string; routes: readonly PlannedRoute[] }): Promise<PageRenderer> {
  if (dirs.length === 0) throw pressroomError('PR_SHARD_INVALID', { detail: 'no shard folders given' });
  const records = await Promise.all(dirs.map(async (d) => ({ dir: resolve(d), record: await readRecord(resolve(d)) })));
  const of = records[0]!.record.of;
  const seen = new Map<number, string>();
  for (const { dir, record } of records) {
    if (record.of !== of) throw pressroomError('PR_SHARD_INVALID', { detail: `${dir} is shard ${record.shard}/${record.of}, but ${records[0]!.dir} is of ${of}` });
    if (seen.has(record.shard)) throw pressroomError('PR_SHARD_INVALID', { detail: `shard ${record.shard}/${of} given twice (${seen.get(record.shard)} and ${dir})` });
    seen.set(record.shard, dir);
    if (record.snapshot !== expected.snapshot) throw pressroomError('PR_SHARD_INVALID', { detail: `${dir} was rendered from another snapshot than the one given to merge` });
    if (record.code !== expected.code) throw pressroomError('PR_SHARD_INVALID', { detail: `${dir} was rendered by another checkout or configuration (code hash differs)` });
  }
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length) throw pressroomError('PR_SHARD_INVALID', { detail: `shard(s) ${missing.map((i) => `${i}/${of}`).join(', ')} missing` });

  const where = new Map<string, { dir: string; path: string; sha256: string; size: number }>();
  for (const { dir, record } of records) for (const p of record.pages) where.set(p.file, { dir, path: p.path, sha256: p.sha256, size: p.size });
  const absent = expected.routes.find((r) => where.get(r.file)?.path !== r.path);
  if (absent) throw pressroomError('PR_SHARD_INVALID', { detail: `no shard holds ${absent.path} (${absent.file}); were the shards built from this snapshot and configuration?` });
  if (where.size !== expected.routes.length) throw pressroomError('PR_SHARD_INVALID', { detail: `the shards hold ${where.size} pages, the plan has ${expected.routes.length} routes` });

  // The plan named each route's file (the page-file layout is its choice, not the merge's).
  const planned = new Map(expected.routes.map((r) => [r.path, r.file]));
  return {
    threads: 0,
    async *stream(routes) {
      for (const route of routes) {
        const rel = route.file ?? planned.get(route.path) ?? '';
        const at = where.get(rel);
        if (!at) throw pressroomError('PR_SHARD_INVALID', { detail: `no shard holds ${route.path} (${rel})` });
        const file = join(at.dir, PAGES_DIR, rel);
        const bytes = await readFile(file).catch((e: Error) => {
          throw pressroomError('PR_SHARD_INVALID', { detail: `cannot read ${file}: ${e.message}` });
        });
        if (bytes.length !== at.size || createHash('sha256').update(bytes).digest('hex') !== at.sha256) {
          throw pressroomError('PR_SHARD_INVALID', { detail: `${file} does not match the sha256 its shard recorded` });
        }
        yield renderedPage({ path: route.path, file: rel, bytes, warnings: [] });
      }
    },
    cpuMs: () => 0,
    close: async () => {},
  };
}
