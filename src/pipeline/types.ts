// The build's inputs, events and report: the contract between pipeline, CLI and tests (docs/cli.md).
import type { Quarantined } from '../api/quarantine.ts';
import type { BuildSource } from '../emit/index.ts';
import type { DecisionReason } from '../incremental/decide.ts';
import type { Ref } from '../webhook/refs.ts';
import type { DroppedRef } from '../crawl/dropped-refs.ts';
import type { Warning } from '../errors/warnings.ts';

export type StageName = 'config' | 'crawl' | 'snapshot' | 'plan' | 'bundle' | 'render' | 'emit' | 'release';

export type BuildEvent =
  | { type: 'stage-start'; stage: StageName; total?: number }
  /** `growing`: the total is what was found so far and grows while the stage runs (the crawl's rounds). */
  | { type: 'progress'; stage: StageName; done: number; total: number; growing?: boolean }
  | { type: 'stage-end'; stage: StageName; ms: number }
  | { type: 'info'; message: string };

export interface BuildOptions {
  /** Configuration file (default: config/site.json of the working directory, else the sample's; see configFileFor). */
  configFile?: string;
  env?: Record<string, string | undefined>;
  /** Content API base URL; overrides config.api.base. */
  api?: string;
  /** Output folder (default 'out'). */
  out?: string;
  /** Overrides config.crawl.concurrency. A string is a flag's text, validated (and blamed on the flag) by the configuration. */
  concurrency?: number | string;
  /** Static hosts to write redirect/header files for; overrides config.hosts (`--hosts`; a string is the flag's comma list). */
  hosts?: string[] | string;
  /** The build clock, ISO-8601 (else config.today, else the real clock). */
  now?: string;
  /** Render from a saved snapshot instead of crawling. */
  fromSnapshot?: string;
  /** Where the crawled snapshot is saved (default `.pressroom/snapshot` beside out/). */
  snapshotDir?: string;
  /** Crawl the embedded sample API (like --sample), optionally with its corpus size (bench: posts 10000). */
  sample?: boolean | { seed?: number; posts?: number };
  /** The publication's name; overrides config.site.name (`--site-name`). */
  siteName?: string;
  /** The site's public address; overrides config.site.url (`--site-url`). */
  siteUrl?: string;
  /** The path prefix the site is served under; overrides config.site.basePath (`--base-path`). */
  basePath?: string;
  onEvent?: (e: BuildEvent) => void;
  /** Render every route and crawl without conditional requests (`--full`). */
  full?: boolean;
  /** Publish even when the route count dropped by more than config.shrinkGate (`--allow-shrink`). */
  allowShrink?: boolean;
  /** Render threads: 0 renders on the main thread; default 'auto' (the cores available, or the main thread for a few hundred routes). */
  workers?: number | 'auto';
  /** Pages from these shard folders instead of rendering (`pressroom merge`); needs fromSnapshot, implies full. */
  mergeShards?: string[];
  /** Fail (exit 5) instead of leaving out records that fail their check. */
  strict?: boolean;
  /** A change-driven build (docs/operations.md, "Publishing on change"). */
  changed?: readonly Ref[];
  /**
   * What a long-running caller keeps between builds (./session.ts). With a session a first publish
   * also makes the spare, so the next publishes by the diff.
   */
  session?: import('./session.ts').PublishSession;
  /** Build `changed` up to staging, then drop it: nothing published or saved. Use rehearse(). */
  rehearse?: boolean;
  /** Release the run lock on SIGINT/SIGTERM (default true; tests running several builds in one process pass false). */
  handleSignals?: boolean;
  /** What the run lock says holds it (default `build`): `watch` for pressroom watch's builds, so a PR_LOCKED names the watcher. */
  lockCommand?: string;
}

/** What a change-driven build did with its REFs (BuildReport.changed). */
export interface ChangedSummary {
  refs: string[];
  /** The responses re-read for them. */
  refetched: number;
  /** Why it crawled everything instead, or null. */
  fallback: string | null;
  /** The REFs left out because what they name cannot be fetched (src/crawl/dropped-refs.ts): the rest was published. */
  dropped: DroppedRef[];
}

/** What a publish changed, as its release record says (a deploy of the same process reads it from here). */
export interface ReleaseChange {
  release: string;
  /** The manifest sha256 of the release, and of the site it replaced (null: none). */
  manifest: string;
  parent: string | null;
  /** The paths that differ from the parent, deleted ones included (null: not known). */
  changed: string[] | null;
  /** Whether its files have precompressed siblings. */
  precompress: boolean;
}

export interface BuildReport {
  ok: true;
  out: string;
  source: BuildSource;
  /** The build clock, ISO-8601. */
  now: string;
  routes: number;
  pages: number;
  files: number;
  bytes: number;
  redirects: number;
  /** Milliseconds per stage; render is the time spent in renderToString, emit the rest of the streaming write. */
  timings: Record<StageName, number> & { total: number };
  requests: number;
  retries: number;
  notModified: number;
  snapshotEntries: number;
  /** A change-driven build (--changed): the REFs, the responses re-read for them, and why it crawled everything instead (null when it did not). */
  changed?: ChangedSummary;
  /** What changed (docs/operations.md, "The build report"): pages rendered, reused from the previous release, deleted (routes gone). */
  incremental: {
    mode: DecisionReason;
    rendered: number;
    reused: number;
    deleted: number;
    /** All files (pages, mirror, sitemaps, ...) carried over with their bytes and mtime. */
    unchangedFiles: number;
    /** Files whose bytes differ from the previous release's (written or removed); every file on a first build. */
    changedFiles: number;
    /** How the new site was put in place (src/publish/index.ts PublishMode): 'diff2' is an incremental publish's usual way. */
    publish: 'complete' | 'unchanged' | 'diff' | 'diff2' | 'manifest' | 'rebuilt' | 'rehearsed';
    previousRelease: string | null;
    /** What a session build started from instead of walking: kept readers (`decision`), kept files. */
    kept: { decision: boolean; files: boolean };
  };
  /** The static search index, when built (src/emit/search-parts.ts): its parts, and how many this build made again (the others were left as they were). */
  searchIndex?: { parts: number; built: number };
  /** The release this build published (.pressroom/<out>/releases/<id>). */
  release: string;
  /**
   * What the release changed (not in --json or the written report: its paths are the size of the
   * change): `build --deploy` hands it to the deploy, which then reads no record back.
   */
  releaseChange?: ReleaseChange;
  /** Render threads used (0: the main thread). */
  workers: number;
  /**
   * Time in renderToString and serialisation, summed over threads (wall time per batch: Node 20 has
   * no per-thread CPU clock, so waits for a core count too).
   */
  renderCpuMs: number;
  warnings: Warning[];
  /** Records left out because they failed their check (src/api/quarantine.ts), sorted by endpoint and id. */
  quarantined: Quarantined[];
  pagesPerSecond: number;
  /** A scheduled run that found nothing changed (src/pipeline/unchanged.ts): out/ stays the release it names, true until `validUntil`. */
  unchanged?: { validUntil: string };
  /** The process's peak resident memory so far, every thread included (the kernel's high-water mark: process.resourceUsage().maxRSS). */
  peakRssBytes: number;
}
