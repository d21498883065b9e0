// `pressroom check` (src/check/index.ts) against the sample API behind a proxy
// that breaks one category's topic listing: the category is chosen so that it
// is not the one of the newest post, which a check sampling one category reads.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATEGORY_SLUGS } from '../../../src/api/types.ts';
import { checkApi } from '../../../src/check/index.ts';
import { startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';
import { startPaginationStripper } from '../../helpers/shape-proxy.ts';

// Real HTTP on shared CI machines: allow for load rather than fail on a busy core.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: SampleApi;
let proxy: Awaited<ReturnType<typeof startPaginationStripper>>;
let broken: string;

beforeAll(async () => {
  api = await startSampleApi({ posts: 60, seed: 3 });
  const newest = ((await (await fetch(`${api.url}/api/post/homelatest`)).json()) as { cat_slug: string }[])[0].cat_slug;
  broken = CATEGORY_SLUGS.find((c) => c !== newest)!;
  proxy = await startPaginationStripper(api.url, (path) => path.startsWith(`/api/post/topic/${broken}?`));
});
afterAll(async () => {
  await proxy?.close();
  await api?.close();
});

const crawl = { timeoutMs: 10_000, retries: 0, maxResponseBytes: 10_000_000 };

describe('pressroom check', () => {
  it('reads the first page of every category\'s topic listing and aside, and each other listing kind once', async () => {
    const results = await checkApi({ base: api.url, crawl });
    const paths = results.map((r) => r.path.split('?')[0]);
    for (const cat of CATEGORY_SLUGS) {
      expect(paths).toContain(`/api/post/topic/${cat}`);
      expect(paths).toContain(`/api/post/asidetopic/${cat}`);
    }
    for (const re of [/^\/api\/post\/topic\/[^/]+\/[^/]+$/, /^\/api\/post\/tag\//, /^\/api\/author\/posts\//, /^\/api\/post\/search\//, /^\/api\/event\/totalevents$/, /^\/api\/event\/upcoming_events$/, /^\/api\/event\/past_events$/]) {
      expect(paths.filter((p) => re.test(p)), String(re)).toHaveLength(1);
    }
    expect(new Set(results.map((r) => r.path)).size).toBe(results.length);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });

  it('fails the topic listing of a category that is not the newest post\'s when it lacks its pagination', async () => {
    const results = await checkApi({ base: proxy.url, crawl });
    const failed = results.filter((r) => !r.ok);
    expect(failed).toEqual([expect.objectContaining({ path: `/api/post/topic/${broken}?limit=10&page=1`, status: 200, problems: ['posts.pagination: Invalid input: expected object, received undefined'] })]);
  });
});
