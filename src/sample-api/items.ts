// Shaping compact post records into the contract's wire items (docs/api-contract.md,
// "Records"). Excerpts strip markup first and then cut by characters, which
// is exactly what the real service gets wrong (it cuts raw HTML).

import type { Post, PostItem } from '../api/types.ts';
import { cutText, stripTags } from '../encoding/html.ts';
import { type Corpus, type PostRec, contentOf } from './corpus.ts';

export const EXCERPT_CHARS = 160; // home lists and aside
export const P_CONTENT_CHARS = 200; // tag lists, about 30 words

// Leads are cached on their corpus (Corpus.plainLeads), whose mutations change them; bounded above the
// benchmarked corpora (100,000 posts, about 30 MB): a smaller cap emptied it every few thousand answers.
const PLAIN_CACHE_MAX = 120_000;

/** The first P_CONTENT_CHARS characters of the post's text, markup stripped first. */
export function plainLead(c: Corpus, p: PostRec): string {
  const cache = (c.plainLeads ??= new Map());
  let text = cache.get(p.id);
  if (text === undefined) {
    text = cutText(stripTags(contentOf(c, p)), P_CONTENT_CHARS);
    if (cache.size >= PLAIN_CACHE_MAX) cache.clear();
    cache.set(p.id, text);
  }
  return text;
}

/** Forget the cached excerpts of these posts (a mutation may have changed their bodies); an excerpt reads nothing but its post. */
export function forgetExcerpts(c: Corpus, ids: Iterable<number>): void {
  const cache = c.plainLeads;
  if (cache) for (const id of ids) cache.delete(id);
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

export function baseItem(c: Corpus, p: PostRec): PostItem {
  const author = c.authors[p.author];
  return {
    id: p.id,
    post_title: p.title,
    post_name: p.name,
    cat_slug: c.categories[p.cat].cat_slug,
    post_author: author.author_display_name,
    author_name: author.author_name,
    post_date: isoDate(p.date),
    banner_img: p.banner,
  };
}

/** Home lists and aside: adds a short plain-text `post_content`. */
export function excerptItem(c: Corpus, p: PostRec): PostItem {
  return { ...baseItem(c, p), post_content: cutText(plainLead(c, p), EXCERPT_CHARS) };
}

/** Topic, search and author lists: adds category, sub-category names and keywords. */
export function listingItem(c: Corpus, p: PostRec): PostItem {
  return {
    ...baseItem(c, p),
    cat_name: c.categories[p.cat].cat_name,
    subcat_name: p.subcat >= 0 ? c.subcats[p.subcat].subcat_name : null,
    meta_keywords: p.keywords,
  };
}

/** Tag lists: adds `p_content` (about 30 words) and keywords. */
export function tagItem(c: Corpus, p: PostRec): PostItem {
  return { ...baseItem(c, p), p_content: plainLead(c, p), meta_keywords: p.keywords };
}

export function fullPost(c: Corpus, p: PostRec): Post {
  const author = c.authors[p.author];
  const content = contentOf(c, p);
  const sub = p.subcat >= 0 ? c.subcats[p.subcat] : null;
  const words = stripTags(content).split(' ').length;
  return {
    id: p.id,
    post_title: p.title,
    post_name: p.name,
    post_content: content,
    post_author: author.author_display_name,
    post_author_id: author.author_id,
    author_name: author.author_name,
    banner_show: p.bannerShow,
    banner_img: p.banner,
    podcast_link: p.podcast,
    post_date: isoDate(p.date),
    cat_name: c.categories[p.cat].cat_name,
    cat_slug: c.categories[p.cat].cat_slug,
    subcat_name: sub ? sub.subcat_name : null,
    subcat_slug: sub ? sub.subcat_slug : null,
    meta_title: p.title,
    meta_description: cutText(plainLead(c, p), 155),
    meta_keywords: p.keywords,
    reading_time: p.readingTime !== undefined ? p.readingTime : `${Math.max(1, Math.round(words / 220))} min`,
    post_status: p.status,
  };
}
