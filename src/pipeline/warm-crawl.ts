// The crawl's half of pressroom watch's start-up rehearsal (decision 65). The rehearsal
// requests nothing the saved snapshot has, so the first story's crawl still ran the shape
// checks, the normalising and the sanitiser for the first time in the process (at 50,000
// posts its crawl took 1.7 s against 0.6-0.8 s for the next ones). This fetches the inputs of
// one page of each kind an edit re-reads, without conditions, checks them as a crawl does, and
// drops them: nothing is kept, published or reported, and a failure only leaves the first story
// to do that work itself.
import { apiSource, buildClock, loadConfig } from '../config/load.ts';
import { fetchAll } from '../crawl/crawl.ts';
import { createApiClient } from '../crawl/http.ts';
import { Snapshot } from '../crawl/snapshot-store.ts';
import { PAGE_KINDS, routesOf } from '../site/kinds/index.ts';
import type { SiteContextForKinds, SnapshotView } from '../site/types.ts';
import type { BuildOptions } from './types.ts';

/** The page kinds a story's edit re-renders, whose inputs an edit's crawl re-reads. */
const EDITED_KINDS = new Set(['article', 'topic', 'tag', 'author', 'home']);

export async function warmCrawl(options: BuildOptions, saved: SnapshotView): Promise<void> {
  const config = loadConfig({ file: options.configFile, env: options.env, flags: options as Record<string, unknown> });
  const api = apiSource(config);
  // The embedded sample API is a process of each build's own: nothing to warm up against.
  if (api.kind !== 'api') return;
  const clock = buildClock(config, options.now).toISOString();
  const ctx: SiteContextForKinds = { today: clock.slice(0, 10), now: clock, warn: () => {} };
  const c = config.crawl;
  const client = createApiClient({ base: api.base, timeoutMs: c.timeoutMs, retries: 0, maxResponseBytes: c.maxResponseBytes, concurrency: c.concurrency });
  try {
    await fetchAll({ client, ctx, warn: () => {}, concurrency: c.concurrency, maxInvalidShare: c.maxInvalidShare }, new Snapshot(), warmPaths(saved, ctx));
  } finally {
    await client.close();
  }
}

/** The deps of the first route of each edited kind, unique. */
export function warmPaths(saved: SnapshotView, ctx: SiteContextForKinds): string[] {
  const paths = new Set<string>();
  for (const kind of PAGE_KINDS) {
    if (!EDITED_KINDS.has(kind.kind)) continue;
    for (const dep of routesOf(kind, saved, ctx)[0]?.deps ?? []) paths.add(dep);
  }
  return [...paths];
}
