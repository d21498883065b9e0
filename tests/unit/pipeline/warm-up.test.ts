import { describe, expect, it } from 'vitest';
import { article } from '../../../src/site/kinds/article.ts';
import { home } from '../../../src/site/kinds/home.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { warmPaths } from '../../../src/pipeline/warm-up.ts';
import { SMALL_NOW, SMALL_SNAPSHOT } from '../../helpers/make-snapshot-small.ts';

describe('warmPaths (what pressroom watch fetches and drops at start)', () => {
  it('names the inputs of one article, listing, tag, author and home page of the saved snapshot, each once, all of them saved responses', async () => {
    const { snapshot } = await Snapshot.load(SMALL_SNAPSHOT);
    const ctx = { now: SMALL_NOW, today: SMALL_NOW.slice(0, 10), warn: () => {} };
    const paths = warmPaths(snapshot, ctx);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((p) => snapshot.has(p))).toBe(true);
    for (const kind of [article, home]) for (const dep of kind.routes(snapshot, ctx)[0].deps) expect(paths).toContain(dep);
    expect(paths.some((p) => p.startsWith('/api/post/postdetails/'))).toBe(true);
    // A handful of requests, not a crawl.
    expect(paths.length).toBeLessThan(40);
  });
});
