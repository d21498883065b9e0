// The build's inputs, events and report: the contract between the pipeline,
// the CLI and the tests (README, "CLI reference").
import type { BuildSource } from '../emit/index.ts';

export type StageName = 'config' | 'crawl' | 'snapshot' | 'plan' | 'bundle' | 'render' | 'emit';

export type BuildEvent =
  | { type: 'stage-start'; stage: StageName; total?: number }
  | { type: 'progress'; stage: StageName; done: number; total: number }
  | { type: 'stage-end'; stage: StageName; ms: number }
  | { type: 'info'; message: string };

export interface BuildOptions {
  /** Configuration file (default config/site.json). */
  configFile?: string;
  env?: Record<string, string | undefined>;
  /** Content API base URL; overrides config.api.base. */
  api?: string;
  /** Output folder (default 'out'). */
  out?: string;
  concurrency?: number;
  /** The build clock, ISO-8601 (else config.today, else the real clock). */
  now?: string;
  /** Render from a saved snapshot instead of crawling. */
  fromSnapshot?: string;
  /** Where the crawled snapshot is saved (default `.pressroom/snapshot` beside out/). */
  snapshotDir?: string;
  /** The embedded sample API's corpus when no API is configured (bench: posts 10000). */
  sample?: { seed?: number; posts?: number };
  onEvent?: (e: BuildEvent) => void;
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
  warnings: string[];
  pagesPerSecond: number;
}
