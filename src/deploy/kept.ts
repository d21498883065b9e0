// What the deploy stage keeps for the next deploy of a publish session (src/pipeline/session.ts):
// the chain of this process's recent publishes, each with its change from its parent. A watcher's
// deploy takes the change list from here instead of reading the release records back; a one-off
// deploy (pressroom deploy, build --deploy) has no session and reads the records (./changes.ts).
import type { ManifestEntry } from '../emit/index.ts';

/** One publish: the release it recorded, its manifest and its change from the site it replaced. */
export interface PublishLink {
  release: string;
  /** The sha256 of its manifest. */
  manifest: string;
  /** Its parent's manifest sha256 (null: a first publish, nothing known before it). */
  parent: string | null;
  /** The paths that differ from the parent, deleted ones included (null: not known: every file). */
  changed: readonly string[] | null;
  /** Whether its files have precompressed siblings. */
  precompress: boolean;
  /** Every file of the release by path (the entries emit wrote the manifest from): kept on the newest link only. */
  files?: ReadonlyMap<string, ManifestEntry>;
}

/** How many publishes the session remembers: a target down for longer catches up from the records on disk. */
export const KEPT_PUBLISHES = 64;

export interface DeployKept {
  /** Newest first. */
  readonly chain: PublishLink[];
}

export const newDeployKept = (): DeployKept => ({ chain: [] });

/**
 * Records a publish as the head of the chain (the pipeline calls it after recordRelease). A publish
 * that changed nothing keeps the same manifest: it replaces the head instead of adding a link.
 * Only the head keeps its files, so the session holds one site's entries, not one per publish.
 */
export function rememberPublish(kept: DeployKept, link: PublishLink): void {
  const head = kept.chain[0];
  if (head) delete head.files;
  if (head && head.manifest === link.manifest) kept.chain.shift();
  kept.chain.unshift(link);
  if (kept.chain.length > KEPT_PUBLISHES) kept.chain.length = KEPT_PUBLISHES;
}
