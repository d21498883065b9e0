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
  /**
   * An entry's API path and mirror file, kept with the entry: a snapshot shares unchanged entries
   * with the copy a change-driven crawl makes, so a session decodes only the new entries' paths.
   * A one-off build keeps none: it asks once per entry.
   */
  readonly mirrorFiles: WeakMap<SnapshotEntry, { path: string; file: string }>;
  /**
   * The last build's manifest order, patched when few entries are new (src/lists/sorted.ts): a
   * carried file keeps its previous entry object (OutputWriter.carry), so a publish that changed
   * a few files sorts those, not the site's.
   */
  readonly byPath: SortedCache<ManifestEntry>;
  /**
   * Each build's layout with its entries by path (OutputWriter.entries, the next build's
   * PreviousFiles.files): with it the next build's writer starts from the previous release's
   * files (OutputWriter.startFromPrevious) instead of carrying them one by one.
   */
  readonly layouts: WeakMap<ReadonlyMap<string, ManifestEntry>, KeptLayout>;
  /** The manifest's parts as printed last (./manifest-text.ts): a publish prints the parts of the files it changed. */
  readonly manifestRuns: PrintedRuns<ManifestEntry>;
  /** The static search index's parts and their files, by the files of the build that wrote them (./search-emit.ts). */
  readonly searchParts: KeptSearchIndexes;
  /**
   * The XML of each sitemap entry's <url> element, kept with the entry object (for the site it
   * was rendered for). Entries are kept per route between builds (src/plan/index.ts), so a
   * session renders only the changed entries through the sitemap package and joins the kept
   * elements for the rest (a changed shard then costs its joining and hashing, not the package's
   * rendering of every entry).
   */
  readonly sitemapElements: WeakMap<SitemapEntry, { site: string; xml: string }>;
  /**
   * The last sitemaps' whole list and their shards by position: a shard whose range holds the
   * same entries (by reference) keeps its text, id and lastmod. When the list was patched from
   * the last one (src/lists/list-change.ts notes: a story's publish replaces its route's entry),
   * the shards to render again are read from the noted places; otherwise each shard's range is
   * compared. Either way only a changed shard is sliced out, so an unchanged sitemap of 50,000
   * entries costs no copy and no walk on a publish (both were about 2 ms a story at 50,000
   * posts; docs/decisions/0068-kept-state.md).
   */
  readonly sitemapShards: Slot<KeptShards>;
  /**
   * A lastmod's instant, by its text: a changed shard compares every entry's lastmod, and
   * parsing its dates again on each publish of a story was most of rendering that shard.
   */
  readonly lastmods: Map<string, string>;
  /**
   * The entries that carry news, in their order, with the list they came from and each one's
   * place there (./sitemap-news.ts). The sitemap's entries of a story's publish are the last
   * ones with a few places replaced, noted by their maker (src/lists/list-change.ts): those
   * places are looked at instead of 50,000 entries, of which a handful are two days old.
   */
  readonly news: Slot<KeptNews>;
  readonly feeds: FeedsKept;
}

/** What the feeds (./feeds) keep between the builds of a session. */
export interface FeedsKept {
  /**
   * Each article's item, kept with the records it was made from. Snapshot entries are never
   * changed in place, and a change-driven build shares the unchanged ones with the one before
   * (Snapshot.copyOf), so a session derives only the items of posts or authors that changed: the
   * excerpt strips the whole body, about 100 ms over 10,000 articles. A one-off build keeps none:
   * kept with the snapshot's entries, the items of 50,000 articles (about 70 MB) stayed to the
   * build's end, where its memory peaks.
   */
  readonly items: WeakMap<object, KeptItem>;
  /** A route's details path, kept with the (kept) route object: not built again per article per publish. */
  readonly details: WeakMap<PlannedRoute, string>;
  /** The calls of the article list so far: `sections` is patched only from the list of the call before. */
  generation: number;
  /**
   * The article list's last answer, aligned with its routes: each route's item (null: not an
   * article, or no item), the two API paths it was made from, and which routes read each path.
   * A change-driven build whose plan has the same number of routes re-makes only the items of
   * routes that are new objects at their place or that read a path the snapshot changed since
   * (Snapshot.changesSince): at 50,000 posts a walk that looks each route's item up in a cache
   * still cost 30-60 ms, most of it waiting for memory, where comparing two arrays of references
   * position by position costs well under a millisecond.
   */
  readonly articles: Slot<KeptArticles>;
  /**
   * The sections' articles (every article of each, newest first) and the pages that give a
   * section without articles its feed, with the generation of the article list and the routes
   * they came from: a publish that changed a few articles (./feeds/model.ts
   * FeedArticleIndex.change) moves those in their sections' lists instead of sorting 50,000
   * articles into sections again.
   */
  readonly sections: Slot<KeptSections>;
  /**
   * The last text of each feed, by its RSS file, with the inputs it came from. A feed is a pure
   * function of its metadata and items, and a publish changes few of them, so a session
   * re-renders only the feeds whose inputs changed: items are kept per post between publishes
   * (`items`), so comparing them is comparing references, and the metadata's JSON is a few
   * hundred bytes. Rendering three formats through the feed library is what this saves. Entries
   * of feeds that no longer exist are dropped on each call.
   */
  readonly rendered: Map<string, RenderedFeed>;
  /**
   * Each article's element in each format, kept with the article (whose item object is kept
   * while its post, author and route are: `items`). A feed an edit touches is then its frame and
   * its items' kept elements, with only the new items rendered: rendering every item of three
   * formats again was most of an edit's work in the feeds, about 17 ms a publish. An element
   * depends on the article, the site's URL and its language only.
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
