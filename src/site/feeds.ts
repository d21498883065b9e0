// Feed URLs (docs/deploying.md, "Feeds"), shared by emit and the pages' <link rel="alternate">:
//   /feed.xml (RSS 2.0), /atom.xml (Atom 1.0), /feed.json (JSON Feed 1.1) for the site, and
//   /feeds/{category,tag,author}/{slug}/{feed.xml,atom.xml,feed.json} per section,
// with the checked slugs the page URLs use (src/site/slug.ts).

export type FeedScope = { kind: 'site' } | { kind: 'category' | 'tag' | 'author'; slug: string };
export type FeedFormat = 'rss' | 'atom' | 'json';

export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
};
const FILE: Readonly<Record<FeedFormat, string>> = { rss: 'feed.xml', atom: 'atom.xml', json: 'feed.json' };
const LABEL: Readonly<Record<FeedFormat, string>> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };

/** Site path of one feed. */
export function feedPath(scope: FeedScope, format: FeedFormat): string {
  if (scope.kind === 'site') return `/${FILE[format]}`;
  return `/feeds/${scope.kind}/${encodeURIComponent(scope.slug)}/${FILE[format]}`;
}

export interface FeedAlternate {
  type: string;
  href: string;
  title: string;
}

/** The three alternates of one scope, titled e.g. "DevDispatch: News (RSS)". */
export function feedAlternates(scope: FeedScope, title: string): FeedAlternate[] {
  return (['rss', 'atom', 'json'] as const).map((f) => ({ type: FEED_TYPES[f], href: feedPath(scope, f), title: `${title} (${LABEL[f]})` }));
}

/** The alternates a page links to: home the site's, topic, tag and author their section's (named `label`). */
export function feedLinksFor(kind: 'home' | 'topic' | 'tag' | 'author', params: Readonly<Record<string, string | undefined>>, siteName: string, label?: string): FeedAlternate[] {
  const named = (l: string | undefined, fallback: string) => `${siteName}: ${l || fallback}`;
  switch (kind) {
    case 'home':
      return feedAlternates({ kind: 'site' }, siteName);
    case 'topic':
      if (params.subcat) return feedAlternates({ kind: 'tag', slug: params.subcat }, named(label, params.subcat));
      return params.cat_slug ? feedAlternates({ kind: 'category', slug: params.cat_slug }, named(label, params.cat_slug)) : [];
    case 'tag':
      return params.subcat ? feedAlternates({ kind: 'tag', slug: params.subcat }, named(label, params.subcat)) : [];
    case 'author': {
      const name = params.auther_name ?? params.author_name;
      return name ? feedAlternates({ kind: 'author', slug: name }, named(label, name)) : [];
    }
  }
}
