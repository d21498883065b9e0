import { ep } from '../../api/endpoints.ts';
import type { PageKindName } from '../types.ts';
import type { PageKind } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Pages of configuration and copy, plus the run-time shells: prerendered pages whose content the
// client fetches live; host rewrites send /search/... and /preview/... to them
// (docs/decisions/0006-run-time-shells.md).

function single(kind: PageKindName, path: string, opts: { deps?: string[]; sitemap?: boolean; file?: string; priority?: number } = {}): PageKind {
  return {
    kind,
    patterns: patternsOf(kind),
    routes: () => [
      {
        kind,
        path,
        params: {},
        deps: [...(opts.deps ?? [])],
        sitemap: opts.sitemap === false ? null : { changefreq: 'monthly', priority: opts.priority ?? 0.3 },
        record: `${kind} page`,
        file: opts.file,
      },
    ],
  };
}

export const about = single('about', '/about');
export const privacyPolicy = single('privacy-policy', '/privacy-policy');
export const optOutForm = single('opt-out-form', '/opt-out-form');
export const contact = single('contact', '/contact-us');
export const sitemapPage = single('sitemap-page', '/sitemap', { deps: [ep.subcatList()] });
export const authorIndex = single('author-index', '/author', { sitemap: false });
export const noPosts = single('no-posts', '/no-posts', { sitemap: false });
export const notFound = single('not-found', '/404', { sitemap: false, file: '404.html' });

/** The shells' files; emit writes host rewrites from these prefixes. */
export const SHELLS = [
  { kind: 'search', prefix: '/search/', file: '_shell/search.html' },
  { kind: 'preview', prefix: '/preview/', file: '_shell/preview.html' },
] as const;

// The search shell carries the category list for its filter tabs (docs/pages.md, "Search results").
export const search = single('search', '/_shell/search', { deps: [ep.categoryAll()], sitemap: false, file: SHELLS[0].file });
export const preview = single('preview', '/_shell/preview', { sitemap: false, file: SHELLS[1].file });
