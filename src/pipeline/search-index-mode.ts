// search.staticIndex "auto", resolved once the plan is known. Pagefind's index
// costs little on a small site (0.1 s on the sample's 145 articles, about 2 s
// at 2,000) but grows faster than the site: every page is checked against the
// pages already added, and the whole index is rebuilt on every build, even one
// that published a single story. Measured at 10,000 articles: emit from about
// 6 s to 27 s and the build's peak memory from about 1.1 GB to 2.5 GB. So
// "auto" builds it up to AUTO_INDEX_MAX_ARTICLES articles and says so when it
// does not; "fallback" or "first" builds it at any size.
import type { SiteConfig } from '../config/schema.ts';
import type { PlannedRoute } from '../plan/types.ts';
import { KeptSlot, KeptWeakMap } from '../core/resident.ts';
import { listChange } from '../core/list-change.ts';
import type { Warn } from '../core/warnings.ts';

export const AUTO_INDEX_MAX_ARTICLES = 2000;

// The number of article routes of a plan's route list: a process that publishes again gets the same
// list back from a plan that changed no route (src/plan/index.ts), and counting 50,000 routes is a walk.
const ARTICLES = new KeptWeakMap<readonly PlannedRoute[], number>();
// The last route list counted in a process that publishes again: the next is counted from it by
// the routes that came and went (src/core/list-change.ts), not by a walk of 50,000 routes.
const LAST_COUNTED = new KeptSlot<{ routes: readonly PlannedRoute[]; articles: number }>();

function articlesOf(routes: readonly PlannedRoute[]): number {
  let articles = ARTICLES.get(routes);
  if (articles !== undefined) return articles;
  const isArticle = (n: number, r: PlannedRoute) => (r.kind === 'article' ? n + 1 : n);
  const last = LAST_COUNTED.take();
  if (last) {
    const { added, removed } = listChange(last.routes, routes);
    articles = last.articles + added.reduce(isArticle, 0) - removed.reduce(isArticle, 0);
  } else articles = routes.reduce(isArticle, 0);
  ARTICLES.set(routes, articles);
  LAST_COUNTED.keep({ routes, articles });
  return articles;
}

/** The configuration with search.staticIndex resolved to "fallback", "first" or "off". */
export function withSearchIndexMode(config: Readonly<SiteConfig>, routes: readonly PlannedRoute[], warn: Warn): Readonly<SiteConfig> {
  if (config.search.staticIndex !== 'auto') return config;
  const articles = articlesOf(routes);
  const staticIndex = articles <= AUTO_INDEX_MAX_ARTICLES ? 'fallback' : 'off';
  if (staticIndex === 'off') {
    warn('W_SEARCH_INDEX', { articles, max: AUTO_INDEX_MAX_ARTICLES });
  }
  return { ...config, search: { ...config.search, staticIndex } };
}
