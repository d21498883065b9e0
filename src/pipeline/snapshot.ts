// Getting the snapshot: crawl the configured API, or the embedded sample API
// when asked for (--sample or api.base "sample"; started on a free port with the build clock as its
// "today", stopped after the crawl), or load a saved snapshot
// (--from-snapshot). The snapshot folder also keeps where its content came
// from (source.json), so a re-render and `pressroom serve` know it.
import { readFile, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { apiSource } from '../config/load.ts';
import type { SiteConfig } from '../config/schema.ts';
import { pressroomError } from '../core/errors.ts';
import { crawl, type CrawlStats } from '../crawl/crawl.ts';
import { createApiClient } from '../crawl/http.ts';
import { Snapshot } from '../crawl/snapshot-store.ts';
import type { BuildSource } from '../emit/index.ts';
import { DEFAULT_POSTS, DEFAULT_SEED } from '../sample-api/index.ts';
import { startSampleApiProcess } from '../sample-api/process.ts';
import type { SiteContextForKinds } from '../site/types.ts';
import type { BuildEvent, BuildOptions } from './types.ts';

export const SOURCE_FILE = 'source.json';

export interface Acquired {
  snapshot: Snapshot;
  source: BuildSource;
  stats: Pick<CrawlStats, 'requests' | 'retries' | 'notModified'>;
}

interface AcquireInput {
  options: BuildOptions;
  config: Readonly<SiteConfig>;
  clock: Date;
  ctx: SiteContextForKinds;
  warn: (code: string, message: string) => void;
  emitEvent: (e: BuildEvent) => void;
  /** The previous crawl's snapshot: its validators make conditional GETs, a 304 reuses its entry (docs/operations.md, "Conditional crawls"). */
  previous?: Snapshot;
}

export async function acquireSnapshot(input: AcquireInput): Promise<Acquired> {
  const { options, config, clock } = input;
  if (options.fromSnapshot) {
    const { snapshot, meta } = await Snapshot.load(options.fromSnapshot);
    const source = (await readSource(options.fromSnapshot)) ?? { kind: 'api' as const, base: meta.apiBase };
    input.emitEvent({ type: 'info', message: `loaded ${snapshot.size} responses from ${options.fromSnapshot}` });
    return { snapshot, source, stats: { requests: 0, retries: 0, notModified: 0 } };
  }
  const api = apiSource(config); // throws PR_CONFIG_NO_API when neither an API nor --sample is given
  if (api.kind === 'api') return crawlFrom(input, api.base, { kind: 'api', base: api.base }, false);

  const corpus = typeof options.sample === 'object' ? options.sample : {};
  const seed = corpus.seed ?? DEFAULT_SEED;
  const posts = corpus.posts ?? DEFAULT_POSTS;
  const today = clock.toISOString();
  // In its own process: the build and the API each get a core (src/sample-api/process.ts).
  const sample = await startSampleApiProcess({ seed, posts, today });
  input.emitEvent({ type: 'info', message: `crawling the embedded sample API at ${sample.url} (${posts} posts, seed ${seed})` });
  try {
    return await crawlFrom(input, sample.url, { kind: 'embedded-sample', seed, posts, today, corpus: 'normal' }, true);
  } finally {
    await sample.close();
  }
}

async function crawlFrom(input: AcquireInput, base: string, source: BuildSource, sampleRedirects: boolean): Promise<Acquired> {
  const { crawl: c } = input.config;
  const client = createApiClient({ base, timeoutMs: c.timeoutMs, retries: c.retries, maxResponseBytes: c.maxResponseBytes, concurrency: c.concurrency });
  try {
    const { snapshot, stats } = await crawl({
      client,
      ctx: input.ctx,
      warn: input.warn,
      concurrency: c.concurrency,
      maxInvalidShare: c.maxInvalidShare,
      sampleRedirects,
      previous: input.previous,
      onProgress: (p) => input.emitEvent({ type: 'progress', stage: 'crawl', done: p.done, total: p.total }),
    });
    return { snapshot, source, stats };
  } finally {
    await client.close();
  }
}

export async function saveSnapshot(snapshot: Snapshot, dir: string, clock: Date, source: BuildSource): Promise<void> {
  const apiBase = source.kind === 'api' ? source.base : 'embedded sample API';
  await snapshot.save(dir, { createdAt: clock.toISOString(), apiBase });
  const file = join(dir, SOURCE_FILE);
  try {
    await writeFile(`${file}.tmp-${process.pid}`, `${JSON.stringify(source, null, 2)}\n`);
    await rename(`${file}.tmp-${process.pid}`, file);
  } catch (e) {
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: (e as Error).message }, e);
  }
}

/** The snapshot the last crawl saved, if it is there and intact (else the crawl is unconditional). */
export async function loadPrevious(dir: string): Promise<Snapshot | undefined> {
  try {
    return (await Snapshot.load(dir)).snapshot;
  } catch {
    return undefined;
  }
}

async function readSource(dir: string): Promise<BuildSource | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, SOURCE_FILE), 'utf8')) as BuildSource;
  } catch {
    return undefined;
  }
}
