// What the site stage (page kinds and shared answers) keeps for the next build of a publish session,
// carried in SiteContextForKinds.kept. A one-off build has none.
import { Slot } from '../runtime/kept.ts';
import type { AuthorSlugs } from './kinds/author.ts';
import type { FetchesAnswer, RoutesAnswer } from './kinds/article.ts';
import type { TopicFetches } from './kinds/topic.ts';
import type { Listed } from './listed.ts';
import type { PageKind, RouteSpec } from './types.ts';

/** The site stage's memory between the builds of one session. */
export interface SiteKept {
  /** The last few listed-post answers (./listed.ts), newest first. */
  readonly listed: Listed[];
  /**
   * The last answer of each kind. Kinds other than article make new route objects on each call; an
   * answer alike route by route returns the last array, so plan, crawl and decision see the kind
   * unchanged by reference. Pages still re-render when a response they read changed.
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
