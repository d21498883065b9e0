import { ep } from '../../api/endpoints.ts';
import { paths } from '../paths.ts';
import { AD_READS, PANEL_DEPS } from '../common.ts';
import type { PageKind } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Home (docs/pages.md, "Home"): the home lists in the page's load order.
export const HOME_DEPS = [
  ep.homeLatest(),
  ep.homeLatestNews(),
  ep.homePopular(),
  ep.homeQuickByte(),
  ep.homeArticle(),
  ep.homePodcast(),
  ep.homeInterview(),
];

export const home: PageKind = {
  kind: 'home',
  patterns: patternsOf('home'),
  routes: (_snap, ctx) => [
    {
      kind: 'home',
      path: paths.home(),
      params: {},
      deps: [...HOME_DEPS],
      sitemap: { changefreq: 'hourly', priority: 1, lastmod: ctx.today },
      record: 'home page',
    },
  ],
  // The header panels and the ads of every page: crawled and mirrored, read in the browser (panels
  // when opened, ads once hydrated).
  fetches: () => [...PANEL_DEPS, ...AD_READS],
};
