// The site model: the contract between crawl, plan, render and the app
// (docs/decisions/0004-shared-site-model.md). A page kind (src/site/kinds) says which routes exist,
// which responses each route's HTML depends on (`deps`) and which the client reads at run time
// (`fetches`). The crawl fetches to a fixed point, plan turns routes into files, render seeds each
// route's QueryClient with exactly its deps.
import type { Quarantined, QuarantineSink } from '../api/quarantine.ts';
import type { SiteKept } from './kept.ts';
import type { Warn } from '../errors/warnings.ts';

/** One crawled response, after the shape check and normalisation. */
export interface SnapshotEntry {
  /** `GET /api/...` */
  key: string;
  status: number;
  body: unknown;
  /** sha256 of the stable JSON of {status, body}; incremental builds compare these. */
  hash: string;
  etag?: string;
  lastModified?: string;
  /** Records of this response left out of the build (src/api/quarantine.ts); kept so a 304 still reports them. */
  quarantined?: Quarantined[];
}

/** Read access to a snapshot by API path (not key). */
export interface SnapshotView {
  get(path: string): SnapshotEntry | undefined;
  /** The body when the response was 2xx, else undefined. */
  ok<T>(path: string): T | undefined;
  paths(): Iterable<string>;
  /** Changes with every change of the entries, when the view counts them (src/site/memo.ts). */
  readonly version?: number;
  /** Names the entries the view holds now, when it can tell (src/snapshot/snapshot-store.ts Snapshot.state). */
  readonly state?: string;
  /** The paths whose entries may differ from those of the named state, when the view knows (Snapshot.changesSince). */
  changesSince?(state: string): ReadonlySet<string> | undefined;
}

export type PageKindName =
  | 'home'
  | 'article'
  | 'topic'
  | 'tag'
  | 'author'
  | 'author-index'
  | 'no-posts'
  | 'search'
  | 'preview'
  | 'events'
  | 'past-events'
  | 'event-detail'
  | 'past-event-detail'
  | 'about'
  | 'privacy-policy'
  | 'opt-out-form'
  | 'contact'
  | 'sitemap-page'
  | 'not-found';

export interface SitemapInfo {
  lastmod?: string;
  changefreq?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  priority?: number;
  /** absolute or image-host paths of images on the page (image sitemap) */
  images?: string[];
  /** Google News entry when the page is a recent article */
  news?: { title: string; publicationDate: string };
}

export interface RouteSpec {
  kind: PageKindName;
  /** URL path without trailing slash ('/' for home): used for links, canonical and sitemap alike. */
  path: string;
  params: Readonly<Record<string, string>>;
  /** API paths whose responses this route's HTML depends on (seeded into its QueryClient). */
  deps: readonly string[];
  /** null: not in the sitemap (404, shells, /no-posts, previews). */
  sitemap: SitemapInfo | null;
  /** Names the source record in errors, e.g. `post 42 (news/foo)`. */
  record: string;
  /** Output file relative to out/, when not the default `{path}/index.html`. */
  file?: string;
}

export interface SiteContextForKinds {
  /** The build clock's day, YYYY-MM-DD. */
  today: string;
  /** The build clock, ISO-8601 (one clock for the whole build). */
  now: string;
  warn: Warn;
  /** Where a record left out goes; without it, plan fails on what it would quarantine. */
  quarantine?: QuarantineSink;
  /** The publish session's site part (./kept.ts): what the kinds keep for the next build. None in a one-off build. */
  kept?: SiteKept;
}

export interface PageKind {
  kind: PageKindName;
  /** React Router pattern(s) matched on the client. */
  patterns: readonly string[];
  /** Routes of this kind that the snapshot (possibly partial, during the crawl) supports. */
  routes(snap: SnapshotView, ctx: SiteContextForKinds): RouteSpec[];
  /** The kind keeps its own route objects and notes its patched lists, so routesOf returns it as is. */
  keepsOwnRoutes?: true;
  /** API paths the crawl must fetch beyond the routes' deps (discovery, later pages). */
  fetches?(snap: SnapshotView, ctx: SiteContextForKinds): string[];
  /** Host redirects this kind implies (e.g. empty listings to /no-posts). */
  redirects?(snap: SnapshotView, ctx: SiteContextForKinds): RedirectRule[];
  /**
   * For a kind whose routes read the clock finer than its day: the first instant (ms) after ctx.now
   * at which they would differ for the same snapshot (src/plan/clock-bound.ts).
   */
  clockBound?(snap: SnapshotView, ctx: SiteContextForKinds): number;
}

export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
  /** Where the rule came from, for error messages. */
  source: string;
}
