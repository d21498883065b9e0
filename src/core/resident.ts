// Whether this process publishes again: pressroom watch runs build after build in
// one process (a build with a session, src/pipeline/index.ts), and keeps what a
// build derived so the next publish costs the change, not the site
// (docs/decisions.md, 68): kept sitemap elements, manifest blocks, state lines,
// feeds, sorted lists, the last plan's routes by content, listings parsed.
// A one-off build (pressroom build, a shard, a merge) would hold all of that to
// its end for nothing, at the point where its memory peaks, so it keeps none of
// it (decision 70). Either way a build's output is the same bytes.
let resident = false;

/** True while the running build is one of a process that publishes again. */
export const keepsForNextBuild = (): boolean => resident;

/** Set by the orchestrator at the start of each build. */
export function setKeepsForNextBuild(on: boolean): void {
  resident = on;
}
