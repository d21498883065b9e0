// Redirect objects (S3's `x-amz-website-redirect-location`): the build lists them beside out/ in
// `hosts/s3/redirect-objects.json` (src/emit/redirects/s3.ts) when the bucket's routing rules cannot
// hold the site's redirects. They are not files of the manifest, so their change is told here: the
// local record keeps the ones a target received, and a deploy sends those that are new or point
// elsewhere, and deletes those that went (every one on a full deploy).
import { hostSnippetsDirFor } from '../emit/host-snippets.ts';
import { s3Redirects } from './targets/s3-hosts.ts';
import type { DeployRedirect } from './types.ts';

/**
 * The redirect objects of the latest build (none when the routing rules hold them, or S3 is not
 * among the hosts), keyed relative to out/: the s3 target puts its prefix before each key, so a
 * key that kept the site's base path would land at `project/project/old`.
 */
export async function redirectObjects(out: string, basePath: string): Promise<DeployRedirect[]> {
  return s3Redirects(hostSnippetsDirFor(out), basePath);
}

/** What to send and what to delete, given what the target received before (undefined: not known, send all). */
export function redirectChange(all: readonly DeployRedirect[], sent: Readonly<Record<string, string>> | undefined, full: boolean): { send: DeployRedirect[]; stale: string[] } {
  if (!sent || full) return { send: [...all], stale: [] };
  const now = new Map(all.map((r) => [r.path, r.location]));
  return {
    send: all.filter((r) => sent[r.path] !== r.location),
    stale: Object.keys(sent).filter((k) => !now.has(k)).sort(),
  };
}

export const redirectRecord = (all: readonly DeployRedirect[]): Record<string, string> => Object.fromEntries(all.map((r) => [r.path, r.location]));
