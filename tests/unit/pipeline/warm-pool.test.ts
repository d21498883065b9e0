// Render threads started while the crawl runs (src/pipeline/warm-pool.ts): only
// for a build that renders a whole site, on the evidence of the previous build
// or of the crawl's count, once, and ended when nobody takes them.
import { describe, expect, it } from 'vitest';
import { POOL_MIN_ROUTES, type RenderPool } from '../../../src/render/pool.ts';
import { WARM_AFTER_RESPONSES, warmPool } from '../../../src/pipeline/warm-pool.ts';

function starter() {
  const started: { threads: number; destroyed: boolean }[] = [];
  const start = (threads: number): RenderPool => {
    const p = { threads, destroyed: false };
    started.push(p);
    return { threads, run: () => Promise.reject(new Error('not used here')), destroy: async () => void (p.destroyed = true) };
  };
  return { started, start };
}

describe('warmPool', () => {
  it('starts at once when the previous build had a pool-sized site', () => {
    const s = starter();
    const warm = warmPool({ workers: 3, previousRoutes: POOL_MIN_ROUTES, renders: 'site', start: s.start });
    expect(s.started).toEqual([{ threads: 3, destroyed: false }]);
    expect(warm.take()?.threads).toBe(3);
  });

  it('starts once, when the crawl has fetched enough responses', () => {
    const s = starter();
    const warm = warmPool({ workers: 2, previousRoutes: 10, renders: 'site', start: s.start });
    warm.crawled(WARM_AFTER_RESPONSES - 1);
    expect(s.started).toHaveLength(0);
    warm.crawled(WARM_AFTER_RESPONSES);
    warm.crawled(WARM_AFTER_RESPONSES + 1);
    expect(s.started).toHaveLength(1);
  });

  it('never starts for a change-driven build, or when render runs on the main thread', () => {
    const s = starter();
    warmPool({ workers: 2, previousRoutes: 50_000, renders: 'change', start: s.start }).crawled(50_000);
    warmPool({ workers: 0, previousRoutes: 50_000, renders: 'site', start: s.start }).crawled(50_000);
    expect(s.started).toHaveLength(0);
  });

  it('ends a pool nobody took, and leaves a taken one to its taker', async () => {
    const s = starter();
    const unused = warmPool({ workers: 2, previousRoutes: POOL_MIN_ROUTES, renders: 'site', start: s.start });
    await unused.discard();
    expect(s.started[0]!.destroyed).toBe(true);
    const used = warmPool({ workers: 2, previousRoutes: POOL_MIN_ROUTES, renders: 'site', start: s.start });
    used.take();
    used.crawled(WARM_AFTER_RESPONSES); // taken: no second pool
    await used.discard();
    expect(s.started.map((p) => p.destroyed)).toEqual([true, false]);
  });
});
