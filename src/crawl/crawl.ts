// crawl: API -> snapshot (docs/architecture.md, "crawl"). A fixed point over the page-kind catalogue:
// the kinds say which responses the site needs; the crawl fetches the missing ones concurrently,
// checks and normalises each, and repeats until nothing new is wanted. A request budget stops an API
// that keeps announcing pages with a clear error.
import pLimit from 'p-limit';
import { checkShape } from '../api/schemas.ts';
import { DEFAULT_MAX_INVALID_SHARE, type Quarantined } from '../api/quarantine.ts';
import { normaliseResponse } from './normalise.ts';
import { pressroomError } from '../errors/errors.ts';
import { canonicalJson } from '../encoding/json.ts';
import { PAGE_KINDS } from '../site/kinds/index.ts';
import type { PageKind, SiteContextForKinds, SnapshotView } from '../site/types.ts';
import { missingPaths, SAMPLE_REDIRECTS_PATH } from './discover.ts';
import { isFinalAnswer, type ApiClient } from './http.ts';
import { snapshotBodies, type CrawlKept } from './kept.ts';
import { SanitisedCache, SANITISED_MAX_ONE_OFF } from './sanitise.ts';
import { ShapeFailures } from './shape-failures.ts';
import { Snapshot } from '../snapshot/snapshot-store.ts';
import type { Warn } from '../errors/warnings.ts';

export const DEFAULT_MAX_REQUESTS = 500_000;

export interface CrawlProgress {
  round: number;
  done: number;
  /** Grows as rounds discover more. */
  total: number;
}

export interface CrawlOptions {
  client: Pick<ApiClient, 'get' | 'stats'>;
  ctx: SiteContextForKinds;
  warn: Warn;
  onProgress?: (p: CrawlProgress) => void;
  concurrency: number;
  /** Also fetch the embedded sample API's redirect records (not part of the real contract). */
  sampleRedirects?: boolean;
  /** A previous snapshot: its validators make conditional GETs; a 304 reuses its entry. */
  previous?: SnapshotView;
  maxRequests?: number;
  kinds?: readonly PageKind[];
  /** Share of a list that may be quarantined before the response fails as a whole (config crawl.maxInvalidShare). */
  maxInvalidShare?: number;
  /** The publish session's crawl part (./kept.ts); a one-off build gives none and keeps nothing past it. */
  kept?: CrawlKept;
  /** The bodies sanitised so far: the session's, else the crawl's own (sanitising). */
  sanitised?: SanitisedCache;
  /** Paths whose previous entry the API just confirmed unchanged (./probe.ts): reused without asking again. */
  confirmed?: ReadonlySet<string>;
}

/** `opts` with the sanitiser's cache the crawl shares across its responses: the session's, else a small one of its own. */
export function sanitising<T extends CrawlOptions>(opts: T): T {
  return opts.sanitised ? opts : { ...opts, sanitised: opts.kept?.sanitised ?? new SanitisedCache(SANITISED_MAX_ONE_OFF) };
}

export interface CrawlStats {
  requests: number;
  retries: number;
  notModified: number;
  rounds: number;
  entries: number;
  ms: number;
}

export async function crawl(given: CrawlOptions): Promise<{ snapshot: Snapshot; stats: CrawlStats }> {
  const started = performance.now();
  const opts = sanitising(given);
  const snap = new Snapshot(snapshotBodies(opts.kept));
  if (opts.sampleRedirects) await fetchSampleRedirects(opts, snap);
  const rounds = await fillMissing(opts, snap);
  return { snapshot: snap, stats: crawlStats(opts, snap, rounds, started) };
}

export function crawlStats(opts: Pick<CrawlOptions, 'client'>, snap: Snapshot, rounds: number, started: number): CrawlStats {
  const s = opts.client.stats;
  return { requests: s.requests, retries: s.retries, notModified: s.notModified, rounds, entries: snap.size, ms: Math.round(performance.now() - started) };
}

/**
 * The fixed point: fetch what is wanted and missing until nothing new is; returns the rounds. A
 * change-driven crawl runs it over the previous snapshot. A wrongly shaped response is set aside and
 * the crawl goes on, so its one error names every broken endpoint (./shape-failures.ts).
 */
export async function fillMissing(opts: CrawlOptions, snap: Snapshot, already = 0): Promise<number> {
  const kinds = opts.kinds ?? PAGE_KINDS;
  const budget = opts.maxRequests ?? DEFAULT_MAX_REQUESTS;
  const broken = new ShapeFailures();
  let done = already;
  let total = already;
  let round = 0;
  for (;;) {
    const wanted = missingPaths(snap, opts.ctx, kinds, opts.kept);
    const missing = broken.size === 0 ? wanted : wanted.filter((p) => !broken.has(p));
    if (missing.length === 0) {
      if (broken.size > 0) throw broken.error();
      return round;
    }
    round += 1;
    if (done + missing.length > budget) {
      throw pressroomError('PR_CRAWL_BUDGET', { limit: budget, round, pending: missing.length, example: `GET ${missing[0]}` });
    }
    total += missing.length;
    opts.onProgress?.({ round, done, total });
    await fetchAll(opts, snap, missing, () => {
      done += 1;
      opts.onProgress?.({ round, done, total });
    }, broken);
  }
}

/**
 * Fetches `paths`, `concurrency` at a time. The first failure stops the rest, except a wrong shape:
 * that goes into `broken` (without it, one error naming all follows once the rest are in).
 */
export async function fetchAll(given: CrawlOptions, snap: Snapshot, paths: readonly string[], onDone?: () => void, broken?: ShapeFailures): Promise<void> {
  const opts = sanitising(given);
  const limit = pLimit(opts.concurrency);
  const shapes = broken ?? new ShapeFailures();
  try {
    await Promise.all(
      paths.map((path) =>
        limit(async () => {
          try {
            await fetchInto(opts, snap, path);
          } catch (e) {
            if (!shapes.add(path, e)) throw e;
          }
          onDone?.();
        }),
      ),
    );
  } catch (e) {
    limit.clearQueue();
    throw e;
  }
  if (!broken && shapes.size > 0) throw shapes.error();
}

async function fetchInto(opts: CrawlOptions, snap: Snapshot, path: string): Promise<void> {
  const prev = opts.previous?.get(path);
  if (prev && opts.confirmed?.has(path)) {
    snap.put(prev);
    return;
  }
  const res = await opts.client.get(path, prev ? { etag: prev.etag, lastModified: prev.lastModified } : {});
  if (res.notModified && prev) {
    snap.put(prev);
    return;
  }
  const endpoint = `GET ${path}`;
  if (res.status >= 200 && res.status <= 299) {
    // A record that fails its check is left out and kept in the entry; the response must pass.
    const quarantined: Quarantined[] = [];
    const sink = (q: Quarantined) => void quarantined.push(q);
    const checked = checkShape(path, res.status, res.body, { sink, maxShare: opts.maxInvalidShare ?? DEFAULT_MAX_INVALID_SHARE });
    for (const q of quarantined) opts.warn('W_QUARANTINE', { endpoint: q.endpoint, id: q.id, reason: q.reason });
    // Canonical key order, so a crawled build and a re-render of its saved snapshot match.
    const body = canonicalJson(normaliseResponse(path, checked, opts.warn, sink, opts.sanitised));
    snap.set(path, { status: res.status, body, etag: res.etag, lastModified: res.lastModified, quarantined, canonical: true });
    return;
  }
  // The contract's own non-2xx answers, which the site renders (docs/api-contract.md).
  if (isFinalAnswer(path, res.status)) {
    snap.set(path, { status: res.status, body: canonicalJson(res.body ?? null), canonical: true });
    return;
  }
  throw pressroomError('PR_API_STATUS', { endpoint, status: res.status });
}

export async function fetchSampleRedirects(opts: CrawlOptions, snap: Snapshot): Promise<void> {
  const res = await opts.client.get(SAMPLE_REDIRECTS_PATH);
  if (res.status < 200 || res.status > 299) throw pressroomError('PR_API_STATUS', { endpoint: `GET ${SAMPLE_REDIRECTS_PATH}`, status: res.status });
  if (!Array.isArray(res.body)) {
    throw pressroomError('PR_API_SHAPE', { endpoint: SAMPLE_REDIRECTS_PATH, field: '(body)', detail: 'expected a list of redirect records' });
  }
  // Each record is validated by plan (src/plan/redirects.ts), which drops bad ones with a warning.
  snap.set(SAMPLE_REDIRECTS_PATH, { status: res.status, body: res.body });
}

