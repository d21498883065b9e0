// Render on every core (docs/scale.md, "Render threads"): a piscina pool running ./worker.ts. Routes go
// out in fixed-size batches with exactly the entries they read, and pages come back in route order, so
// output does not depend on the threads. A bounded window of batches keeps memory flat.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { pressroomError, type ErrorCode } from '../errors/errors.ts';
import { COMPILED, entryFile } from '../runtime/package.ts';
import { PAGE_KINDS } from '../site/kinds/index.ts';
import type { PageKindName, RouteSpec, SnapshotView } from '../site/types.ts';
import { createRenderer, renderedPage, type RenderedPage, type Renderer, type RendererOptions } from './index.ts';
import type { PoolInit, RenderTask, RenderTaskResult, WireEntry } from './pool-types.ts';
import { storedText } from '../snapshot/snapshot-files.ts';

/** Renders routes in order; the one interface of the inline renderer and the pool. */
export interface PageRenderer {
  /** Threads rendering (0: this thread). */
  readonly threads: number;
  stream(routes: readonly RouteSpec[]): AsyncGenerator<RenderedPage>;
  /** Milliseconds spent inside renderToString and serialisation, summed over threads. */
  cpuMs(): number;
  /** Ends the threads; once closed, closing again does nothing. */
  close(): Promise<void>;
}

/** Routes per task: large enough that a message's fixed cost (and the shell data every page shares) is amortised. */
export const BATCH = 48;
/** Below this many routes a pool costs more to start (a second or so per thread) than it saves. */
export const POOL_MIN_ROUTES = 2000;

/** Old-generation cap per render thread (a thread peaks well below it; see docs/scale.md, "Memory"). */
export const RENDER_THREAD_HEAP_MB = 512;

/**
 * Young-generation size per render thread: 16 MB took about 70 MB off a 50,000-post build's peak for
 * about 3 % more render time (docs/decisions/0069-build-memory.md).
 */
export const RENDER_THREAD_YOUNG_MB = 16;

export const defaultWorkers = (): number => availableParallelism();

/**
 * The thread's module: from the sources, a bootstrap registering tsx (./worker.mjs); in the package,
 * the compiled worker. NODE_ENV reaches the threads through the inherited environment.
 */
const WORKER_MODULE = COMPILED ? entryFile('src/render/worker.ts') : entryFile('src/render/worker.mjs');
/** What piscina starts: a CommonJS file that import()s WORKER_MODULE (./thread.cjs says why a thread must not require() it). */
export const THREAD_FILE = entryFile('src/render/thread.cjs');

/**
 * `workers` 0 renders on this thread; N >= 1 starts N threads; `auto` the cores available, or this
 * thread for few routes. No routes start no threads.
 */
export function resolveWorkers(requested: number | 'auto' | undefined, routes: number): number {
  if (routes === 0) return 0;
  if (requested === undefined || requested === 'auto') return routes < POOL_MIN_ROUTES ? 0 : defaultWorkers();
  return requested;
}

/** A pool of render threads, started before the build knows what they will render (./worker.ts loads the page modules as a thread starts). */
export interface RenderPool {
  readonly threads: number;
  /** Renders one batch on a free thread. */
  run(task: RenderTask): Promise<RenderTaskResult>;
  /** Ends the threads (a pool the build did not use, or after the last page). */
  destroy(): Promise<void>;
}

/** Starts `workers` (>= 1) render threads; the build hands the pool to createPageRenderer once it knows its routes. */
export function startRenderPool(workers: number): RenderPool {
  const piscina = new Piscina<RenderTask, RenderTaskResult>({
    filename: THREAD_FILE,
    workerData: { pressroomRenderEntry: pathToFileURL(WORKER_MODULE).href },
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Number.POSITIVE_INFINITY,
    // The bootstrap registers tsx itself (an inherited `--import tsx` would register it twice).
    execArgv: [],
    // Without a cap V8 lets each thread's heap grow to hundreds of MB before collecting.
    resourceLimits: { maxOldGenerationSizeMb: RENDER_THREAD_HEAP_MB, maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_MB },
  });
  return { threads: workers, run: (task) => piscina.run(task), destroy: () => piscina.destroy() };
}

/** `workers` 0 renders here; N >= 1 on `pool` if it has N threads (closed with the renderer), else anew. */
export async function createPageRenderer(opts: RendererOptions & { workers: number; pool?: RenderPool }): Promise<PageRenderer> {
  if (opts.pool && opts.pool.threads !== opts.workers) {
    await opts.pool.destroy();
    opts = { ...opts, pool: undefined };
  }
  if (opts.workers === 0) return inlineRenderer(opts);
  return poolRenderer(opts.pool ?? startRenderPool(opts.workers), opts);
}

async function inlineRenderer(opts: RendererOptions): Promise<PageRenderer> {
  // Made on the first route: a build that renders nothing loads no page module.
  let made: Promise<Renderer> | undefined;
  let cpu = 0;
  return {
    threads: 0,
    async *stream(routes) {
      if (!routes.length) return;
      const renderer = await (made ??= createRenderer(opts));
      for (const route of routes) {
        const t = performance.now();
        const page = renderer.renderRoute(route);
        cpu += performance.now() - t;
        yield page;
      }
    },
    cpuMs: () => cpu,
    close: async () => {},
  };
}

function poolRenderer(pool: RenderPool, opts: RendererOptions): PageRenderer {
  const preloads: Partial<Record<PageKindName, string[]>> = {};
  for (const { kind } of PAGE_KINDS) preloads[kind] = opts.bundle.preloadFor(kind);
  const init: PoolInit = {
    config: opts.config,
    publicConfig: opts.publicConfig,
    bundle: { entryUrl: opts.bundle.entryUrl, islandsUrl: opts.bundle.islandsUrl, cssUrl: opts.bundle.cssUrl, preloads },
    templateFile: opts.templateFile,
    strict: opts.strict,
  };
  let cpu = 0;
  let closed: Promise<void> | undefined;

  const run = (routes: RouteSpec[]): Promise<RenderTaskResult> => {
    let task: RenderTask;
    try {
      task = { init, routes, entries: entriesFor(routes, opts.snapshot) };
    } catch (e) {
      return Promise.reject(e);
    }
    // A dead thread rejects: a failure of the batch's first route like any other.
    return pool.run(task).catch((e: unknown) => ({
      ok: false as const,
      error: { code: null, params: {}, route: routes[0]!.path, detail: e instanceof Error ? e.message : String(e) },
    }));
  };

  return {
    threads: pool.threads,
    async *stream(routes) {
      const window = pool.threads * 3;
      const inFlight: Promise<RenderTaskResult>[] = [];
      let next = 0;
      const submit = () => {
        const batch = routes.slice(next, next + BATCH) as RouteSpec[];
        next += batch.length;
        const p = run(batch);
        p.catch(() => {}); // awaited in order below; never an unhandled rejection meanwhile
        inFlight.push(p);
      };
      while (next < routes.length && inFlight.length < window) submit();
      while (inFlight.length) {
        const result = await inFlight.shift()!;
        if (next < routes.length) submit();
        if (!result.ok) throw errorFrom(result.error);
        cpu += result.ms;
        for (const page of result.pages) yield renderedPage(page);
      }
    },
    cpuMs: () => cpu,
    close: () => (closed ??= pool.destroy()),
  };
}

/** The entries a batch reads: each route's deps, once, in first-use order. */
function entriesFor(routes: readonly RouteSpec[], snapshot: SnapshotView): [string, WireEntry][] {
  const entries = new Map<string, WireEntry>();
  for (const route of routes) {
    for (const path of route.deps) {
      if (entries.has(path)) continue;
      const e = snapshot.get(path);
      if (!e) throw pressroomError('PR_RENDER_MISSING_DATA', { route: route.path, key: path });
      const text = storedText(e);
      entries.set(path, text !== undefined ? { key: e.key, status: e.status, hash: e.hash, text } : { key: e.key, status: e.status, body: e.body, hash: e.hash });
    }
  }
  return [...entries];
}

function errorFrom(error: { code: ErrorCode | null; params: Record<string, string | number>; route: string; detail?: string }) {
  if (error.code) return pressroomError(error.code, error.params);
  return pressroomError('PR_RENDER_FAILED', { route: error.route, detail: error.detail ?? 'the render thread failed' });
}
