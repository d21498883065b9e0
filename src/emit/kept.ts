// What the emit stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import { Slot } from '../runtime/kept.ts';
import type { PrintedRuns } from '../lists/printed-runs.ts';
import { SortedCache } from '../lists/sorted.ts';
import type { PlannedRoute, SitemapEntry } from '../plan/types.ts';
import type { SnapshotEntry } from '../site/types.ts';
import { newManifestRuns } from './manifest-text.ts';
import type { KeptSections, RenderedFeed } from './feeds/index.ts';
import type { FeedArticle, KeptArticles, KeptItem } from './feeds/model.ts';
import type { FeedFragment } from './feeds/render.ts';
import type { KeptSearchIndexes } from './search-parts.ts';
import type { KeptNews } from './sitemap-news.ts';
import type { KeptShards } from './sitemap.ts';
import { byPath, type KeptLayout, type ManifestEntry } from './writer.ts';

/** The emit stage's memory between the builds of one session. */
export interface EmitKept {
  /** An entry's API path and mirror file, kept with the (shared) entry: a session decodes only new ones. */
  readonly mirrorFiles: WeakMap<SnapshotEntry, { path: string; file: string }>;
  /**
   * The last manifest order, patched when few entries are new (src/lists/sorted.ts): a carried file
   * keeps its entry object (OutputWriter.carry), so a publish sorts only what changed.
   */
  readonly byPath: SortedCache<ManifestEntry>;
  /** Each build's layout by its entries map, for the next writer's OutputWriter.startFromPrevious. */
  readonly layouts: WeakMap<ReadonlyMap<string, ManifestEntry>, KeptLayout>;
  /** The manifest's parts as printed last (./manifest-text.ts): a publish prints the parts of the files it changed. */
  readonly manifestRuns: PrintedRuns<ManifestEntry>;
  /** The static search index's parts and their files, by the files of the build that wrote them (./search-emit.ts). */
  readonly searchParts: KeptSearchIndexes;
  /**
   * The XML of each sitemap entry's <url>, kept with the entry (for its site). Entries are kept per
   * route (src/plan/index.ts), so a session renders only changed entries through the package.
   */
  readonly sitemapElements: WeakMap<SitemapEntry, { site: string; xml: string }>;
  /**
   * The last sitemaps' list and shards by position: a shard holding the same entries (by reference)
   * keeps its text, id and lastmod. A noted list (src/lists/list-change.ts) names the shards to redo;
   * otherwise each range is compared. An unchanged sitemap costs no copy and no walk (2 ms a story at
   * 50,000 posts; docs/decisions/0068-kept-state.md).
   */
  readonly sitemapShards: Slot<KeptShards>;
  /** A lastmod's instant by its text: parsing the dates again was most of rendering a changed shard. */
  readonly lastmods: Map<string, string>;
  /**
   * The entries that carry news, in order, with their list and places (./sitemap-news.ts). A story's
   * entries are noted as the last with a few places replaced: only those are looked at.
   */
  readonly news: Slot<KeptNews>;
  readonly feeds: FeedsKept;
}

/** What the feeds (./feeds) keep between the builds of a session. */
export interface FeedsKept {
  /**
   * Each article's item, kept with its records. Unchanged entries are shared by a change-driven
   * build (Snapshot.copyOf), so a session derives only changed items (the excerpt strips the whole
   * body: 100 ms over 10,000 articles). A one-off build keeps none: 70 MB at 50,000 articles would
   * stay to its memory peak.
   */
  readonly items: WeakMap<object, KeptItem>;
  /** A route's details path, kept with the (kept) route object: not built again per article per publish. */
  readonly details: WeakMap<PlannedRoute, string>;
  /** The calls of the article list so far: `sections` is patched only from the list of the call before. */
  generation: number;
  /**
   * The article list's last answer, aligned with its routes: each route's item (or null), the two
   * API paths it came from, and which routes read each path. With the same route count, only items
   * of new route objects or of changed paths (Snapshot.changesSince) are remade: comparing arrays
   * by position costs well under a millisecond, a cache lookup per route 30-60 ms at 50,000 posts.
   */
  readonly articles: Slot<KeptArticles>;
  /**
   * The sections' articles (newest first) and the pages giving an empty section its feed, with the
   * generation they came from: a publish moves the few changed articles (FeedArticleIndex.change)
   * instead of sorting 50,000 into sections again.
   */
  readonly sections: Slot<KeptSections>;
  /**
   * The last text of each feed by its RSS file, with its inputs. A feed is a pure function of its
   * metadata and items (kept per post, so compared by reference): only feeds whose inputs changed
   * are rendered again. Feeds that no longer exist are dropped on each call.
   */
  readonly rendered: Map<string, RenderedFeed>;
  /**
   * Each article's element in each format, kept with the article item: a touched feed is its frame
   * and kept elements, only new items rendered (rendering all was about 17 ms a publish). An element
   * depends only on the article, the site's URL and its language.
   */
  readonly fragments: WeakMap<FeedArticle, FeedFragment>;
}

/** An empty one, for a new session. */
export function newEmitKept(): EmitKept {
  return {
    mirrorFiles: new WeakMap(),
    byPath: new SortedCache<ManifestEntry>(byPath),
    layouts: new WeakMap(),
    manifestRuns: newManifestRuns(),
    searchParts: new WeakMap(),
    sitemapElements: new WeakMap(),
    sitemapShards: new Slot(),
    lastmods: new Map(),
    news: new Slot(),
    feeds: { items: new WeakMap(), details: new WeakMap(), generation: 0, articles: new Slot(), sections: new Slot(), rendered: new Map(), fragments: new WeakMap() },
  };
}
