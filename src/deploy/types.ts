// The deploy stage's contracts (docs/deploying.md, "Deploy targets"): after a publish,
// each configured target receives the files that changed since the release it last
// received, in an order that never leaves a reader on a page whose assets are missing,
// and each configured CDN is told exactly which URLs changed. The change list comes
// from the publish session (a watcher) or from the release records beside out/ (a cold
// process); a deploy never lists a target or walks out/, except `--verify`.

/** The order of a deploy (issue: new assets before the pages that use them; deletions last). */
export type DeployPhase = 'assets' | 'pages' | 'hosts';

/** One file to send, read from the release object store (immutable while the deploy runs). */
export interface DeployFile {
  /** Relative to out/, '/'-separated, decoded ('topic/news/index.html'). */
  path: string;
  /** The absolute file whose bytes to send (src/publish/paths.ts objectFile). */
  source: string;
  sha256: string;
  size: number;
  contentType: string;
  cacheControl: string;
}

/** A redirect a target serves as an object of its own (S3 `x-amz-website-redirect-location`). */
export interface DeployRedirect {
  /** Relative key ('category/security/index.html'). */
  path: string;
  /** Where it sends readers (a path under the site, or an absolute URL). */
  location: string;
}

/** What a target holds: written on the target (under `.pressroom/`) and beside out/ after each deploy. */
export interface TargetMarker {
  /** The release id (src/publish/releases.ts). */
  release: string;
  /** The sha256 of that release's manifest: what the change list is computed from. */
  manifest: string;
  /** ISO time of the deploy (not part of any output). */
  at: string;
}

/** The change one deploy sends to one target. */
export interface DeployChange {
  /** What the target held before (undefined: nothing, a first deploy). */
  from?: TargetMarker;
  to: TargetMarker;
  /** Every file of the release (a first deploy, --force, or a target whose release is no longer known). */
  full: boolean;
  /** Uploads in this order, each phase complete before the next starts. */
  phases: { phase: DeployPhase; files: DeployFile[] }[];
  /** S3-style redirect objects (sent with the 'hosts' phase by targets that use them). */
  redirects: DeployRedirect[];
  /** Paths to remove, after every upload. */
  deletions: string[];
  /**
   * Folders the deletions leave with no file of the release, deepest first (targets with folders remove
   * them). Undefined: not known, so every folder of a deleted path may be.
   */
  emptied?: string[];
}

export interface ApplyReport {
  uploaded: number;
  bytes: number;
  deleted: number;
  /** Requests made to the target (objects put, commands run...), for the benchmark. */
  requests: number;
}

export interface ApplyContext {
  dryRun: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /**
   * A phase's files are all on the target, where readers get them. Targets that send phase by phase
   * (rsync, s3) call it before the next phase; the deploy purges the pages' URLs then, before the
   * host files, the deletions and the marker (../deploy/index.ts). It never throws.
   */
  onPhase?: (phase: DeployPhase) => Promise<void>;
}

/**
 * A deploy target. `apply` sends the change in its order and writes the marker LAST (after
 * the deletions), so a deploy killed at any point leaves the old marker and the next deploy
 * sends the union again; a dry run sends nothing.
 */
export interface DeployTarget {
  readonly name: string;
  readonly type: TargetConfig['type'];
  readMarker(): Promise<TargetMarker | undefined>;
  apply(change: DeployChange, ctx: ApplyContext): Promise<ApplyReport>;
  /** Every path the target holds with its sha256 or md5 where it can tell (`deploy --verify`, the only O(site) path). */
  list?(): Promise<Map<string, { sha256?: string; md5?: string; size?: number }>>;
  close?(): Promise<void>;
}

/** `deploy: [...]` in config/site.json. Credentials come from the environment, never from here. */
export type TargetConfig =
  | { name: string; type: 's3'; bucket: string; prefix?: string; region?: string; endpoint?: string; forcePathStyle?: boolean; maxDeletes?: number; concurrency?: number; website?: boolean }
  | { name: string; type: 'rsync'; dest: string; ssh?: string; maxDeletes?: number }
  | { name: string; type: 'git'; remote: string; branch: string; message?: string; maxDeletes?: number }
  | { name: string; type: 'command'; run: string; maxDeletes?: number };

/**
 * `purge: [...]`: a CDN or cache told which URLs changed after the deploy to `after` (default: every target).
 * Tokens come from the environment (src/deploy/purge/index.ts): `header` names the header a `http` purge
 * sends PRESSROOM_PURGE_TOKEN_<NAME> in (Fastly: `Fastly-Key`); `host` overrides the Host header (default:
 * the site URL's host); `batchSize`: URLs per Cloudflare call (default 30); `maxPaths`: CloudFront paths
 * above which one wildcard under the base path is invalidated instead (default 3,000).
 */
export type PurgeConfig =
  | { name: string; type: 'http'; url: string; method?: string; header?: string; host?: string; after?: string }
  | { name: string; type: 'cloudflare'; zone: string; endpoint?: string; batchSize?: number; after?: string }
  | { name: string; type: 'cloudfront'; distribution: string; endpoint?: string; region?: string; maxPaths?: number; after?: string };

/** A purge request's unit: one URL path as a reader requests it ('/topic/news', '/topic/news/'...). */
export interface Purger {
  readonly name: string;
  readonly type: PurgeConfig['type'];
  /**
   * `paths`: URL paths under the site (base path included; src/deploy/purge/urls.ts purgePaths); the purger
   * makes absolute URLs where its API needs them. `release`: the deployed release's id (CloudFront's
   * CallerReference is made from it, so a retried purge is not made twice and a later one is not skipped).
   */
  purge(paths: string[], ctx: { siteUrl: string; release: string; signal?: AbortSignal }): Promise<{ requests: number; urls: number }>;
}
