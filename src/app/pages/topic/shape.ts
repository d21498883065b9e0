// Response checks of the listing pages, kept pure for tests.
import type { PostItem } from '../../../api/types.ts';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export interface CheckedList {
  posts: PostItem[];
  totalItems: number;
  totalPages: number;
}

/**
 * docs/pages.md, "Topic listing": the response must be an object with posts
 * holding postData and pagination, and pagination must have totalItems and
 * totalPages — otherwise null (the page logs and goes to /404).
 */
export function checkTopicResponse(body: unknown): CheckedList | null {
  if (!isObj(body) || !isObj(body.posts)) return null;
  const { postData, pagination } = body.posts;
  if (!Array.isArray(postData) || !isObj(pagination)) return null;
  if (!isCount(pagination.totalItems) || !isCount(pagination.totalPages)) return null;
  return { posts: postData as PostItem[], totalItems: pagination.totalItems, totalPages: pagination.totalPages };
}
