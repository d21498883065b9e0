// What the site stage (the page kinds and the answers they share) keeps for the next build of a
// publish session (src/pipeline/session.ts). It travels in the kinds' context
// (SiteContextForKinds.kept), which the crawl and the plan both pass on. A one-off build has no
// session: the kinds are given no `kept` and hold nothing past the build.
import { Slot } from '../runtime/kept.ts';
import type { AuthorSlugs } from './kinds/author.ts';
import type { FetchesAnswer, RoutesAnswer } from './kinds/article.ts';
import type { TopicFetches } from './kinds/topic.ts';
import type { Listed } from './listed.ts';
import type { PageKind, RouteSpec } from './types.ts';

/** The site stage's memory between the builds of one session. */
export interface SiteKept {
  /**
   * The last few listed-post answers (./listed.ts), newest first: the last one of the previous
   * build (a change-driven build's snapshot is a copy of its snapshot) and the first of this
   * build's crawl.
   */
  readonly listed: Listed[];
  /**
   * The last answer of each kind (./kinds/index.ts). The kinds other than the article kind make
   * new route objects on each call (a listing, a tag, an author, an event: a few hundred routes);
   * an answer alike route by route to the last is that last array, the very objects. The plan, the
   * crawl's wanted paths and the incremental decision then see this kind unchanged by reference,
   * and copy none of their lists of every route of the site for it; a page whose route is kept is
   * still rendered again when a response it reads changed (its inputs' hash).
   */
  readonly kindAnswers: WeakMap<PageKind, readonly RouteSpec[]>;
  /** The author names by listed slot (./kinds/author.ts). */
  readonly authorSlugs: Slot<AuthorSlugs>;
  /** The topic listings' pages to fetch (./kinds/topic.ts). */
  readonly topicFetches: Slot<TopicFetches>;
  /** The article routes by listed slot (./kinds/article.ts). */
  readonly articleRoutes: Slot<RoutesAnswer>;
  /** The article fetches by listed slot (./kinds/article.ts). */
  readonly articleFetches: Slot<FetchesAnswer>;
}

/** An empty one, for a new session. */
export function newSiteKept(): SiteKept {
  return { listed: [], kindAnswers: new WeakMap(), authorSlugs: new Slot(), topicFetches: new Slot(), articleRoutes: new Slot(), articleFetches: new Slot() };
}
