// `pressroom watch` as a library (docs/operations.md, "Publishing on change"): the scheduler
// (./queue.ts) fed by the webhook server (./server.ts), building a batch's REFs as a change-driven
// build and the poll as a full conditional one. build() takes the run lock (saying `watch`), so a
// cron build or rollback is never overlapped: its PR_LOCKED is one more failure to retry.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { prepareSpare } from '../publish/index.ts';
import { apiSource } from '../config/load.ts';
import { pressroomError } from '../errors/errors.ts';
import { build, configure, rehearse, snapshotDirFor } from '../pipeline/index.ts';
import { warmCrawl } from '../pipeline/warm-up.ts';
import { loadPrevious } from '../pipeline/snapshot.ts';
import { PublishSession } from '../pipeline/session.ts';
import { growHeapFor } from '../runtime/heap-growth.ts';
import { collectGarbageNow, collectIfGrown } from '../runtime/collect.ts';
import type { BuildOptions, BuildReport } from '../pipeline/types.ts';
import { watchLog, type WatchLog } from './log.ts';
import { type BuildScope, realTimers, type Timers, WatchQueue, type WatchStatus } from './queue.ts';
import { startWatchServer } from './server.ts';
import { RejectionLog } from './rejections.ts';
import { MemoryWatch, type MemoryStatus } from './memory.ts';
import { apiAgent } from '../crawl/http.ts';
import { CATEGORY_SLUGS } from '../api/types.ts';
import { listedPosts } from '../site/common.ts';
import { warmStoryListings } from '../crawl/changed.ts';
import { WatchDeploys, type TargetStatus } from './deploys.ts';

export const WATCH_DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  // Leading edge (docs/decisions/0064-watch-debounce-zero.md): an idle watcher builds on the first webhook; a burst coalesces behind the build it started.
  debounceMs: 0,
  pollMs: 15 * 60_000,
  maxBody: 1024 * 1024,
  // Stripe's and Slack's default (docs/decisions/0104-signed-webhook-timestamps.md): room for clock drift and a sender's retries, short for a replay.
  signatureToleranceMs: 5 * 60_000,
  backoff: { initialMs: 1000, maxMs: 5 * 60_000 },
} as const;

export interface WatchOptions {
  /** What every build gets: the configuration flags, out, workers... (not `changed`, `now` or `sample`). */
  build: Omit<BuildOptions, 'changed' | 'now' | 'sample' | 'fromSnapshot' | 'mergeShards' | 'handleSignals'>;
  secret: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  debounceMs?: number;
  /** null: no poll. */
  pollMs?: number | null;
  maxBody?: number;
  /** How far a signed timestamp may be from the watcher's clock, and how long a delivery is remembered (docs/decisions/0104-signed-webhook-timestamps.md). */
  signatureToleranceMs?: number;
  /** Refuse body-only signatures (they can be replayed). */
  requireTimestamp?: boolean;
  backoff?: { initialMs: number; maxMs: number };
  log?: WatchLog;
  timers?: Timers;
  /** Replaces build() (tests of the wiring). */
  runBuild?: (options: BuildOptions) => Promise<BuildReport>;
}

/** What GET /status answers (besides the webhooks refused, which the server counts). */
export type WatcherStatus = WatchStatus & { memory: MemoryStatus; /** Per deploy target (only when the configuration has some). */ deploy?: Record<string, TargetStatus> };

export interface Watcher {
  /** The server's origin, e.g. http://127.0.0.1:8787. */
  url: string;
  status(): WatcherStatus;
  /** Stops accepting webhooks, cancels the timers, and resolves once the running build (if any) has finished. */
  close(): Promise<void>;
}

/** The webhook secret: the file (trimmed), else PRESSROOM_WEBHOOK_SECRET; never a flag, which `ps` shows. */
export async function readSecret(file: string | undefined, env: Record<string, string | undefined> = process.env): Promise<string> {
  let secret: string | undefined;
  if (file !== undefined) {
    try {
      secret = (await readFile(file, 'utf8')).trim();
    } catch (e) {
      throw pressroomError('PR_WATCH_SECRET', { detail: `cannot read --secret-file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
    }
    if (!secret) throw pressroomError('PR_WATCH_SECRET', { detail: `--secret-file ${file} is empty` });
  } else secret = env.PRESSROOM_WEBHOOK_SECRET?.trim();
  if (!secret) throw pressroomError('PR_WATCH_SECRET', { detail: 'neither --secret-file nor PRESSROOM_WEBHOOK_SECRET is set' });
  return secret;
}

export async function startWatch(o: WatchOptions): Promise<Watcher> {
  // Configuration problems, a missing API and the sample stop the start (exit 2 or 3), not the first build.
  const { config, clock } = configure(o.build);
  const api = apiSource(config);
  if (api.kind === 'sample') throw pressroomError('PR_WATCH_SAMPLE');
  const log = o.log ?? watchLog(process.stderr, 'text');
  const runBuild = o.runBuild ?? build;
  // The watcher handles SIGINT/SIGTERM itself. One session for its life: each build starts from the
  // last one's snapshot in memory, over the same API connections.
  const session = new PublishSession(api.kind === 'api' ? { agent: apiAgent(config.crawl.concurrency) } : {});
  // This process publishes again: V8's own heap growth from the start (src/runtime/heap-growth.ts).
  growHeapFor(true);
  // At start, before the first build (a webhook meanwhile waits), so the first story is not slower:
  // - the spare tree, under the run lock (docs/decisions/0063-one-off-build-no-spare.md);
  // - the saved snapshot, read into the session (about 1 s at 10,000 posts);
  // - the crawl's checks, once, on a few dropped responses (src/pipeline/warm-up.ts);
  // - a rehearsal of one story (the first category's newest post), re-reading its lists as a webhook's
  //   build would: the first story took 0.55 s instead of 0.7 s at 10,000 posts;
  // - last, a rehearsal of no change up to emit (docs/decisions/0065-watch-rehearses-at-start.md),
  //   filling the caches and compiling the code (the first edit took 3.6 s against 1.6 s without).
  //   Last because it reads nothing the saved snapshot has, so what it keeps is under the name the
  //   first story starts from (docs/decisions/0068-kept-state.md);
  // - then the index of every listing a story can read (src/crawl/collections.ts warmListIndexes).
  // A failure ends the preparing quietly: the first build does the rest.
  const ready = o.runBuild
    ? Promise.resolve()
    : Promise.all([
        prepareSpare(resolve(o.build.out ?? 'out')).catch(() => false),
        loadPrevious(snapshotDirFor(o.build), session.crawl).then((p) => void (session.previous ??= p), () => undefined),
      ])
        .then(() => (session.previous && api.kind === 'api' ? warmCrawl(config, api.base, clock, session.previous.snapshot, session.agent, session.crawl) : undefined))
        .then(() => {
          const story = session.previous && listedPosts(session.previous.snapshot, CATEGORY_SLUGS)[0];
          return story ? rehearse({ ...o.build, handleSignals: false, session, lockCommand: 'watch' }, [{ kind: 'post', id: story.id }]).catch(() => undefined) : undefined;
        })
        .then(() => (session.previous ? rehearse({ ...o.build, handleSignals: false, session, lockCommand: 'watch' }) : undefined))
        // Every listing's index, which a story otherwise builds the first time it touches the listing (src/crawl/collections.ts).
        .then(() => session.previous && warmStoryListings(session.previous.snapshot, session.crawl))
        .then(() => undefined, () => undefined)
        // What the start-up left behind is collected now, while nothing waits, not in the first stories.
        .then(() => void collectGarbageNow());
  let preparing = true;
  void ready.finally(() => void (preparing = false));
  const memory = new MemoryWatch();
  memory.start();
  // Idle but still preparing reads as 'preparing' on /status (an operator, or a benchmark, waits for 'idle').
  const status = (): WatcherStatus => {
    const s = queue.status();
    return { ...s, ...(preparing && s.state === 'idle' ? { state: 'preparing' as const } : {}), memory: memory.sample(), ...(deploys ? { deploy: deploys.status() } : {}) };
  };
  const buildWith = async (scope: BuildScope) => {
    await ready;
    return runBuild({ ...o.build, handleSignals: false, session, lockCommand: 'watch', ...(scope === 'full' ? {} : { changed: scope }) });
  };
  const pollMs = o.pollMs === undefined ? WATCH_DEFAULTS.pollMs : o.pollMs;
  const debounceMs = o.debounceMs ?? WATCH_DEFAULTS.debounceMs;
  const timers = o.timers ?? realTimers;
  // Each publish is deployed beside the next builds, from the session's change list (./deploys.ts).
  const deploys = config.deploy.length
    ? new WatchDeploys({ out: resolve(o.build.out ?? 'out'), config, session: session.deploy, backoff: o.backoff ?? WATCH_DEFAULTS.backoff, timers, env: o.build.env, log: (l) => log.deploy?.(l), logPurge: (r) => log.purge?.(r) })
    : undefined;
  const queue: WatchQueue = new WatchQueue({
    runBuild: buildWith,
    debounceMs,
    pollMs,
    backoff: o.backoff ?? WATCH_DEFAULTS.backoff,
    timers,
    onPublish: (p) => {
      memory.published();
      log.publish(p);
      deploys?.published();
    },
    onFailure: (e) => log.failure(e, queue.status().queue),
    // Idle between stories: collect what publishes left before V8 marks inside a story
    // (src/runtime/collect.ts). The sample after it is the low point on /status.
    whenIdle: () => {
      if (!o.runBuild) collectIfGrown();
      memory.sample();
    },
  });
  const rejections = new RejectionLog({ rejected: (r) => log.rejected?.(r), suppressed: (reason, n, ms) => log.suppressed?.(reason, n, ms) }, timers);
  const server = await startWatchServer({
    host: o.host ?? WATCH_DEFAULTS.host,
    port: o.port ?? WATCH_DEFAULTS.port,
    secret: o.secret,
    maxBody: o.maxBody ?? WATCH_DEFAULTS.maxBody,
    toleranceMs: o.signatureToleranceMs ?? WATCH_DEFAULTS.signatureToleranceMs,
    requireTimestamp: o.requireTimestamp ?? false,
    now: () => timers.now(),
    onReject: (r) => rejections.add(r),
    accept: (refs, receivedAt) => queue.add(refs, receivedAt),
    status,
  });
  log.listening({ url: server.url, pollMs, debounceMs });
  queue.start();
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    status,
    close() {
      closing ??= (async () => {
        await ready;
        const { state, queue: pending } = queue.status();
        log.stopping(state === 'building', pending);
        // Timers first, so nothing new starts while the server drains its requests.
        const stopped = queue.stop();
        await server.close();
        // The refusals left out of the log so far are counted now, not lost with the process.
        rejections.close();
        await stopped;
        await deploys?.close();
        memory.stop();
        await session.agent?.close();
      })();
      return closing;
    },
  };
}
