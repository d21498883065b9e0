// Crash points for the kill -9 tests (tests/integration/changed-kill.test.ts): with
// PRESSROOM_KILL_AT=<point> a build SIGKILLs itself on reaching that point, deterministically.
// Unset, a point costs one environment lookup.

/** The points, in the order a build passes them. */
export const KILL_POINTS = ['crawl', 'plan', 'bundle', 'emit', 'staged', 'spare', 'swap', 'release', 'snapshot'] as const;
/** In a snapshot save: after the journal append, before meta.json; after a compaction's base rename. */
export const SNAPSHOT_KILL_POINTS = ['snapshot-append', 'snapshot-fold'] as const;
/**
 * Inside a deploy (src/deploy/targets): after each phase of uploads has reached the target, after
 * the deletions, before the marker (tests/integration/deploy-kill.test.ts).
 */
export const DEPLOY_KILL_POINTS = ['deploy-assets', 'deploy-pages', 'deploy-hosts', 'deploy-deletions'] as const;
export type KillPoint = (typeof KILL_POINTS)[number] | (typeof SNAPSHOT_KILL_POINTS)[number] | (typeof DEPLOY_KILL_POINTS)[number];

export function killPoint(point: KillPoint): void {
  if (process.env.PRESSROOM_KILL_AT === point) process.kill(process.pid, 'SIGKILL');
}
