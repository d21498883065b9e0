// Response checks of the author page, kept pure for tests.
import type { Author, PostItem } from '../../../api/types.ts';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export interface CheckedAuthorPosts {
  posts: PostItem[];
  totalPages: number;
}

/**
 * docs/api-contract.md, "Authors": authorPosts.postData and authorPosts.pagination
 * (page, limit, totalPages). Anything else is an invalid shape (the page goes to
 * /author: docs/pages.md, "Author page").
 */
export function checkAuthorPosts(body: unknown): CheckedAuthorPosts | null {
  if (!isObj(body) || !isObj(body.authorPosts)) return null;
  const { postData, pagination } = body.authorPosts;
  if (!Array.isArray(postData) || !isObj(pagination) || !isCount(pagination.totalPages)) return null;
  return { posts: postData as PostItem[], totalPages: pagination.totalPages };
}

/** The author details answer is a list; the first entry is the author, absent when the list is empty. */
export function authorOf(body: unknown): Author | null {
  if (!isObj(body) || !Array.isArray(body.author)) return null;
  const a = body.author[0] as unknown;
  return isObj(a) && typeof a.author_display_name === 'string' ? (a as unknown as Author) : null;
}
