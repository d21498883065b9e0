// The messages between the render pool and its threads: plain data, as structured cloning requires.
import type { PublicConfig, SiteConfig } from '../config/schema.ts';
import type { ErrorCode } from '../errors/errors.ts';
import type { PageKindName, RouteSpec, SnapshotEntry } from '../site/types.ts';

export interface PoolInit {
  config: SiteConfig;
  publicConfig: PublicConfig;
  /** The bundle's URLs and its per-kind preload table (a function cannot cross threads). */
  bundle: { entryUrl: string; islandsUrl: string; cssUrl: string; preloads: Partial<Record<PageKindName, string[]>> };
  templateFile?: string;
  strict?: boolean;
}

export interface RenderTask {
  /** What every page shares, sent with each batch (a few KB): a pool can start before the build knows it. */
  init: PoolInit;
  routes: RouteSpec[];
  /** The snapshot entries the routes depend on, by API path. */
  entries: [string, WireEntry][];
}

/**
 * An entry crossing to a thread: its body, or for entries kept as text (storesBody) the JSON text,
 * which crosses at a fraction of an object's cost.
 */
export type WireEntry = Pick<SnapshotEntry, 'key' | 'status' | 'hash'> & ({ body: unknown } | { text: string });

/** A rendered page as it crosses the thread boundary (bytes, no lazy getters). */
export interface WirePage {
  path: string;
  file: string;
  bytes: Uint8Array;
  warnings: string[];
}

export type RenderTaskResult =
  | { ok: true; pages: WirePage[]; ms: number }
  | { ok: false; error: { code: ErrorCode | null; params: Record<string, string | number>; route: string; detail?: string } };
