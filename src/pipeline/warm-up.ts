// pressroom watch's start-up warm-up (docs/decisions/0065-watch-rehearses-at-start.md): the rehearsal
// renders and requests nothing new, so the page modules and the crawl's checks would first run in
// the first story. They run here once on one page of each kind an edit touches, and the results are
// dropped; a failure only leaves that work to the first story (docs/decisions/0068-kept-state.md).
import type { Dispatcher } from 'undici';
import type { SiteConfig } from '../config/schema.ts';
import { fetchAll } from '../crawl/crawl.ts';
import { snapshotBodies, type CrawlKept } from '../crawl/kept.ts';
import { Snapshot } from '../snapshot/snapshot-store.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { PageRenderer } from '../render/pool.ts';
import { PAGE_KINDS, routesOf } from '../site/kinds/index.ts';
import type { SiteContextForKinds, SnapshotView } from '../site/types.ts';
import { crawlClient } from './snapshot.ts';

/** The page kinds a story's edit re-renders (its article, the listings that show it, the home page). */
const EDITED_KINDS: ReadonlySet<string> = new Set(['article', 'topic', 'tag', 'author', 'home']);

/** Renders the first route of each edited kind and drops the pages (a rehearsal, src/pipeline/index.ts rehearse). */
export async function warmRender(renderer: PageRenderer, routes: readonly PlannedRoute[]): Promise<void> {
  const left = new Set(EDITED_KINDS);
  const sample: PlannedRoute[] = [];
  for (const r of routes) {
    if (!left.delete(r.kind)) continue;
    sample.push(r);
    if (left.size === 0) break;
  }
  for await (const page of renderer.stream(sample)) void page;
}

/**
 * Fetches warmPaths into a dropped snapshot, checking each as a crawl does, over the watcher's own
 * connections and with the session's crawl part (whose sanitiser then knows those bodies).
 */
export async function warmCrawl(config: Readonly<SiteConfig>, base: string, clock: Date, saved: SnapshotView, dispatcher?: Dispatcher, kept?: CrawlKept): Promise<void> {
  const now = clock.toISOString();
  const ctx: SiteContextForKinds = { today: now.slice(0, 10), now, warn: () => {} };
  const client = crawlClient(config, base, 0, dispatcher);
  try {
    await fetchAll({ client, ctx, warn: () => {}, concurrency: config.crawl.concurrency, maxInvalidShare: config.crawl.maxInvalidShare, kept }, new Snapshot(snapshotBodies(kept)), warmPaths(saved, ctx));
  } finally {
    await client.close();
  }
}

/** The deps of the first route of each edited kind in the saved snapshot, unique. */
export function warmPaths(saved: SnapshotView, ctx: SiteContextForKinds): string[] {
  const paths = new Set<string>();
  for (const kind of PAGE_KINDS) {
    if (!EDITED_KINDS.has(kind.kind)) continue;
    for (const dep of routesOf(kind, saved, ctx)[0]?.deps ?? []) paths.add(dep);
  }
  return [...paths];
}
