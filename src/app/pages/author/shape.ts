// The author page's response checks (src/api/schemas.ts): posts must be authorPosts.postData with a
// pagination, else null (the page goes to /author); bad records are left out and logged.
import { readShape } from '../../../api/schemas.ts';
import type { Author, PostItem } from '../../../api/types.ts';
import { logQuarantined } from '../../lib/quarantine-log.ts';

export interface CheckedAuthorPosts {
  posts: PostItem[];
  totalPages: number;
}

export function checkAuthorPosts(body: unknown): CheckedAuthorPosts | null {
  const b = readShape('authorPosts', body, logQuarantined);
  return b && { posts: b.authorPosts.postData as PostItem[], totalPages: b.authorPosts.pagination.totalPages };
}

/** The author of an author-details response: the first of its list, null when the list is empty or not that shape. */
export function authorOf(body: unknown): Author | null {
  return (readShape('authorDetails', body, logQuarantined)?.author[0] as Author | undefined) ?? null;
}
