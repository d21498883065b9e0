// search.staticIndex "auto": the index for small sites, none (and a warning
// saying how to force it) above AUTO_INDEX_MAX_ARTICLES articles; an explicit
// mode is kept at any size.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../helpers/rng.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { AUTO_INDEX_MAX_ARTICLES, withSearchIndexMode } from '../../../src/pipeline/search-index-mode.ts';
import { newPlanKept } from '../../../src/plan/kept.ts';
import type { PlannedRoute } from '../../../src/plan/types.ts';
import { warnInto } from '../../helpers/warnings.ts';

const routes = (articles: number): PlannedRoute[] => [
  { kind: 'home', path: '/', params: {}, deps: [], sitemap: null, record: 'home', file: 'index.html' },
  ...Array.from({ length: articles }, (_, i): PlannedRoute => ({ kind: 'article', path: `/news/a${i}`, params: {}, deps: [], sitemap: null, record: `post ${i}`, file: `news/a${i}/index.html` })),
];
const config = (staticIndex: SiteConfig['search']['staticIndex']) => ({ search: { staticIndex } }) as unknown as SiteConfig;

describe('search.staticIndex "auto"', () => {
  it('builds the index up to the limit, silently', () => {
    const warnings: string[] = [];
    const c = withSearchIndexMode(config('auto'), routes(AUTO_INDEX_MAX_ARTICLES), warnInto(warnings));
    expect(c.search.staticIndex).toBe('fallback');
    expect(warnings).toEqual([]);
  });

  it('skips it above the limit and says how to build it anyway', () => {
    const warnings: string[] = [];
    const c = withSearchIndexMode(config('auto'), routes(AUTO_INDEX_MAX_ARTICLES + 1), warnInto(warnings));
    expect(c.search.staticIndex).toBe('off');
    expect(warnings).toEqual([expect.stringMatching(/^W_SEARCH_INDEX: 2001 articles, more than the 2000 .*set search\.staticIndex to "fallback"/)]);
  });

  it('keeps an explicit mode at any size', () => {
    for (const mode of ['fallback', 'first', 'off'] as const) {
      const c = config(mode);
      expect(withSearchIndexMode(c, routes(AUTO_INDEX_MAX_ARTICLES + 5), () => {})).toBe(c);
    }
  });

  it('counts the articles of a process that publishes again from the routes that came and went, as a count of every route would', () => {
    const kept = newPlanKept();
    const rand = mulberry32(3);
    let list = routes(AUTO_INDEX_MAX_ARTICLES - 3);
    for (let step = 0; step < 40; step++) {
      list = list.slice();
      for (let c = 0; c < 1 + Math.floor(rand() * 3); c++) {
        const at = 1 + Math.floor(rand() * (list.length - 1));
        if (rand() < 0.5) list.splice(at, 1);
        else list.splice(at, 0, { ...list[at], kind: rand() < 0.7 ? 'article' : 'topic', path: `/x/${step}-${c}` });
      }
      const articles = list.filter((r) => r.kind === 'article').length;
      const warnings: string[] = [];
      const c = withSearchIndexMode(config('auto'), list, warnInto(warnings), kept);
      expect(c.search.staticIndex).toBe(articles <= AUTO_INDEX_MAX_ARTICLES ? 'fallback' : 'off');
      if (warnings.length) expect(warnings[0]).toMatch(new RegExp(`^W_SEARCH_INDEX: ${articles} articles`));
    }
    // The count was kept: the last list is counted from it, not walked again.
    expect(kept.counted.take()).toBeDefined();
  });
});
