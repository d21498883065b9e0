import { ep } from '../../api/endpoints.ts';
import { paths } from '../paths.ts';
import { subcats } from '../common.ts';
import type { PageKind, RouteSpec } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Tag pages (docs/pages.md, "Tag page"), one per sub-category; a tag answered 500 is not published.
export const tag: PageKind = {
  kind: 'tag',
  patterns: patternsOf('tag'),
  routes(snap) {
    const routes: RouteSpec[] = [];
    for (const s of subcats(snap)) {
      if (snap.ok(ep.tag(s.subcat_slug)) === undefined) continue;
      routes.push({
        kind: 'tag',
        path: paths.tag(s.subcat_slug),
        params: { subcat: s.subcat_slug },
        deps: [ep.tag(s.subcat_slug)],
        sitemap: { changefreq: 'daily', priority: 0.5 },
        record: `sub-category ${s.subcat_id} (${s.subcat_slug})`,
      });
    }
    return routes;
  },
  fetches: (snap) => [ep.subcatList(), ...subcats(snap).map((s) => ep.tag(s.subcat_slug))],
};
