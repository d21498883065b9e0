// What the site stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.

/** The site stage's memory between the builds of one session. */
export interface SiteKept {}

/** An empty one, for a new session. */
export function newSiteKept(): SiteKept {
  return {};
}
