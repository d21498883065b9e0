// The topic list's response check: the API's one shape definition
// (src/api/schemas.ts), read the way the page needs it. A response that is not
// an object with posts holding postData and a pagination with totalItems and
// totalPages is null (the page logs and goes to /404); a bad record in the
// list is left out and logged, as the build leaves it out.
import { readShape } from '../../../api/schemas.ts';
import type { PostItem } from '../../../api/types.ts';
import { logQuarantined } from '../../lib/quarantine-log.ts';

export interface CheckedList {
  posts: PostItem[];
  totalItems: number;
  totalPages: number;
}

export function checkTopicResponse(body: unknown): CheckedList | null {
  const b = readShape('topic', body, logQuarantined);
  return b && { posts: b.posts.postData as PostItem[], totalItems: b.posts.pagination.totalItems, totalPages: b.posts.pagination.totalPages };
}
