// Publishing outputs beyond pages, mirror and sitemap: feeds, the Google News sitemap and, once every
// other file is known, `_headers`. Pure over the plan and the snapshot.
import type { SiteConfig } from '../config/schema.ts';
import type { BuildPlan } from '../plan/types.ts';
import type { SnapshotEntry, SnapshotView } from '../site/types.ts';
import { readsHeadersFile, renderHeaders } from './headers.ts';
import { renderFeeds } from './feeds/index.ts';
import type { ContentId } from './writer.ts';
import { renderNewsSitemap } from './sitemap-news.ts';
import type { EmitKept } from './kept.ts';

export interface PublishingInput {
  plan: Pick<BuildPlan, 'routes' | 'sitemap'>;
  /** The snapshot's entry of an API path. */
  lookup: (apiPath: string) => SnapshotEntry | undefined;
  /** The snapshot's state and the paths changed since a state, when it can tell (./feeds/model.ts). */
  changes?: Pick<SnapshotView, 'state' | 'changesSince'>;
  config: Pick<SiteConfig, 'site' | 'hosts'> & Partial<Pick<SiteConfig, 'feeds' | 'api'>>;
  /** The build clock, ISO-8601. */
  now: string;
  /** The publish session's part (./kept.ts); none in a one-off build. */
  kept?: Pick<EmitKept, 'news' | 'feeds'>;
}

export const DEFAULT_FEED_ITEMS = 20;

/** Feeds and `sitemaps/news.xml`, sorted by path. */
export async function publishingFiles(input: PublishingInput): Promise<{ files: { path: string; contents: string; id?: ContentId }[]; newsSitemap: string | null }> {
  const { site } = input.config;
  const feeds = renderFeeds({
    routes: input.plan.routes,
    lookup: okBody(input),
    entryOf: input.lookup,
    changes: input.changes,
    siteUrl: site.url,
    trailingSlash: site.trailingSlash,
    imageHost: input.config.api?.imageHost ?? '',
    site,
    items: input.config.feeds?.items ?? DEFAULT_FEED_ITEMS,
  }, input.kept?.feeds);
  const news = await renderNewsSitemap(input.plan.sitemap, site, input.now, input.kept?.news);
  return { files: [...feeds, ...(news ? [news] : [])].sort((a, b) => (a.path < b.path ? -1 : 1)), newsSitemap: news?.path ?? null };
}

/** The 2xx body of an API path. */
function okBody(input: PublishingInput): (apiPath: string) => unknown {
  return (p) => {
    const e = input.lookup(p);
    return e && e.status >= 200 && e.status < 300 ? e.body : undefined;
  };
}

/** `_headers` when Netlify or Cloudflare Pages is configured, from every file of the build (listed only then), with paths under the base path. */
export function headersFile(files: () => readonly string[], hosts: readonly string[], basePath = ''): { path: string; contents: string } | null {
  return readsHeadersFile(hosts) ? renderHeaders({ files: files(), hosts, basePath }) : null;
}
