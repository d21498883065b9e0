// Render threads started while the crawl runs (docs/scale.md, "Render threads").
// A thread's start is mostly loading React and every page module (a second or
// more of CPU each); started when render begins, that is time the threads sit
// idle and emit waits. Whether a build renders enough pages for a pool is known
// only after the plan, so the pool is started on evidence: the previous build
// out/ holds had that many routes, or this crawl has fetched that many
// responses. A pool the plan turns out not to want is ended unused.
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
