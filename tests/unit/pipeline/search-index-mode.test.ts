// search.staticIndex "auto": the index for small sites, none (and a warning
// saying how to force it) above AUTO_INDEX_MAX_ARTICLES articles; an explicit
// mode is kept at any size.
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { AUTO_INDEX_MAX_ARTICLES, withSearchIndexMode } from '../../../src/pipeline/search-index-mode.ts';
import type { PlannedRoute } from '../../../src/plan/types.ts';

const routes = (articles: number): PlannedRoute[] => [
  { kind: 'home', path: '/', params: {}, deps: [], sitemap: null, record: 'home', file: 'index.html' },
  ...Array.from({ length: articles }, (_, i): PlannedRoute => ({ kind: 'article', path: `/news/a${i}`, params: {}, deps: [], sitemap: null, record: `post ${i}`, file: `news/a${i}/index.html` })),
];
const config = (staticIndex: SiteConfig['search']['staticIndex']) => ({ search: { staticIndex } }) as unknown as SiteConfig;

describe('search.staticIndex "auto"', () => {
  it('builds the index up to the limit, silently', () => {
    const warnings: string[] = [];
    const c = withSearchIndexMode(config('auto'), routes(AUTO_INDEX_MAX_ARTICLES), (code, m) => warnings.push(`${code}: ${m}`));
    expect(c.search.staticIndex).toBe('fallback');
    expect(warnings).toEqual([]);
  });

  it('skips it above the limit and says how to build it anyway', () => {
    const warnings: string[] = [];
    const c = withSearchIndexMode(config('auto'), routes(AUTO_INDEX_MAX_ARTICLES + 1), (code, m) => warnings.push(`${code}: ${m}`));
    expect(c.search.staticIndex).toBe('off');
    expect(warnings).toEqual([expect.stringMatching(/^W_SEARCH_INDEX: 2001 articles, more than the 2000 .*set search\.staticIndex to "fallback"/)]);
  });

  it('keeps an explicit mode at any size', () => {
    for (const mode of ['fallback', 'first', 'off'] as const) {
      const c = config(mode);
      expect(withSearchIndexMode(c, routes(AUTO_INDEX_MAX_ARTICLES + 5), () => {})).toBe(c);
    }
  });
});
