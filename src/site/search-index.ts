// The static search index (docs/pages.md, "Search results"; docs/decisions/0050-static-search-index.md):
// which pages are indexed and where (src/emit/search-index.ts), and what the article page marks for
// Pagefind. src/app/pages/search/static-index.ts repeats the few names it reads back (see there why);
// tests/unit/emit/search-index.test.ts runs both ends through Pagefind.
import type { Post } from '../api/types.ts';

/** The folder of out/ the build writes the index to. */
export const STATIC_INDEX_DIR = 'pagefind';
/** The file in that folder listing the index's parts beyond the first (src/emit/search-parts.ts), which the search page merges. */
export const STATIC_INDEX_PARTS_FILE = 'pressroom-parts.json';
/** The page kinds whose pages go into the index: articles only (listings would repeat their titles). */
export const INDEXED_KINDS: readonly string[] = ['article'];
/** The Pagefind filter that holds an article's category slug: the search page's tabs filter on it. */
export const CATEGORY_FILTER = 'category';

/**
 * Card metadata the article does not show as text, read by Pagefind from data attributes of the
 * article element: attribute references, as a literal `key:value` is split at colons and commas.
 */
const META_ATTRIBUTES = [
  ['id', 'data-post-id'],
  ['date', 'data-post-date'],
  ['author', 'data-post-author'],
  ['author_slug', 'data-author-slug'],
  ['image', 'data-post-image'],
  ['category', 'data-cat-name'],
] as const;
/** The metadata keys of a result, as the search page reads them. */
export type IndexMetaKey = (typeof META_ATTRIBUTES)[number][0] | 'title';

/** The h1's attribute: its text is the result's title. */
export const TITLE_ATTRIBUTES = { 'data-pagefind-meta': 'title' } as const;
/** On parts of the article that are not its text (share buttons, the author's biography). */
export const IGNORE_ATTRIBUTES = { 'data-pagefind-ignore': 'all' } as const;

/** The attributes of a published article's `<article>` element: the indexed region, its metadata and its category filter. */
export function articleIndexAttributes(post: Pick<Post, 'id' | 'post_date' | 'post_author' | 'author_name' | 'banner_img' | 'cat_name' | 'cat_slug'>): Record<string, string> {
  const values: Record<(typeof META_ATTRIBUTES)[number][0], string | null | undefined> = {
    id: String(post.id),
    date: post.post_date,
    author: post.post_author,
    author_slug: post.author_name,
    image: post.banner_img,
    category: post.cat_name,
  };
  const attrs: Record<string, string> = { 'data-pagefind-body': '' };
  const listed: string[] = [];
  for (const [key, attr] of META_ATTRIBUTES) {
    const v = values[key];
    if (!v) continue;
    attrs[attr] = v;
    listed.push(`${key}[${attr}]`);
  }
  attrs['data-pagefind-meta'] = listed.join(', ');
  if (post.cat_slug) {
    attrs['data-cat-slug'] = post.cat_slug;
    attrs['data-pagefind-filter'] = `${CATEGORY_FILTER}[data-cat-slug]`;
  }
  return attrs;
}
