// What the crawl stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.

/** The crawl stage's memory between the builds of one session. */
export interface CrawlKept {}

/** An empty one, for a new session. */
export function newCrawlKept(): CrawlKept {
  return {};
}
