// search.staticIndex "auto", resolved once the plan is known. Pagefind's index grows faster than the
// site and is rebuilt whole each build: at 10,000 articles emit went from 6 s to 27 s and peak
// memory from 1.1 to 2.5 GB. So "auto" builds it up to AUTO_INDEX_MAX_ARTICLES (saying when it does
// not); "fallback" or "first" at any size.
import type { SiteConfig } from '../config/schema.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { PlanKept } from '../plan/kept.ts';
import { listChange } from '../lists/list-change.ts';
import type { Warn } from '../errors/warnings.ts';

export const AUTO_INDEX_MAX_ARTICLES = 2000;

/** The number of article routes; with the session's plan part, from the last count by the routes that came and went. */
function articlesOf(routes: readonly PlannedRoute[], kept: PlanKept | undefined): number {
  let articles = kept?.articles.get(routes);
  if (articles !== undefined) return articles;
  const isArticle = (n: number, r: PlannedRoute) => (r.kind === 'article' ? n + 1 : n);
  const last = kept?.counted.take();
  if (last) {
    const { added, removed } = listChange(last.routes, routes);
    articles = last.articles + added.reduce(isArticle, 0) - removed.reduce(isArticle, 0);
  } else articles = routes.reduce(isArticle, 0);
  kept?.articles.set(routes, articles);
  kept?.counted.keep({ routes, articles });
  return articles;
}

/** The configuration with search.staticIndex resolved to "fallback", "first" or "off"; `kept`: the session's plan part (src/plan/kept.ts), none in a one-off build. */
export function withSearchIndexMode(config: Readonly<SiteConfig>, routes: readonly PlannedRoute[], warn: Warn, kept?: PlanKept): Readonly<SiteConfig> {
  if (config.search.staticIndex !== 'auto') return config;
  const articles = articlesOf(routes, kept);
  const staticIndex = articles <= AUTO_INDEX_MAX_ARTICLES ? 'fallback' : 'off';
  if (staticIndex === 'off') {
    warn('W_SEARCH_INDEX', { articles, max: AUTO_INDEX_MAX_ARTICLES });
  }
  return { ...config, search: { ...config.search, staticIndex } };
}
