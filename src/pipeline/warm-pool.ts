// Render threads started while the crawl runs (docs/scale.md, "Render threads"): a thread's start
// (React and every page module) is a second or more of CPU. Whether a pool is wanted is known after
// the plan, so it starts on evidence (the previous release's or this crawl's size); an unwanted pool
// is ended unused.
import { POOL_MIN_ROUTES, resolveWorkers, startRenderPool, type RenderPool } from '../render/pool.ts';

/** Responses a crawl has fetched before it starts the threads: a site answers at least one per route (details, listings, shell). */
export const WARM_AFTER_RESPONSES = POOL_MIN_ROUTES;

export interface WarmPool {
  /** The crawl's count of responses fetched so far. */
  crawled(done: number): void;
  /** The pool, if one was started; the caller owns it from then on. */
  take(): RenderPool | undefined;
  /** Ends a pool nobody took. */
  discard(): Promise<void>;
}

export function warmPool(opts: {
  workers: number | 'auto' | undefined;
  previousRoutes: number;
  /** 'change': a change-driven build, a rehearsal or a merge, which render few pages or none. */
  renders: 'site' | 'change';
  /** Starts the threads (tests count the starts). */
  start?: (workers: number) => RenderPool;
}): WarmPool {
  const startPool = opts.start ?? startRenderPool;
  let pool: RenderPool | undefined;
  let taken = false;
  const start = () => {
    if (pool || taken || opts.renders !== 'site') return;
    const workers = resolveWorkers(opts.workers, POOL_MIN_ROUTES);
    if (workers > 0) pool = startPool(workers);
  };
  if (opts.previousRoutes >= POOL_MIN_ROUTES) start();
  return {
    crawled: (done) => void (done >= WARM_AFTER_RESPONSES && start()),
    take() {
      taken = true;
      const p = pool;
      pool = undefined;
      return p;
    },
    async discard() {
      const p = pool;
      pool = undefined;
      await p?.destroy();
    },
  };
}
