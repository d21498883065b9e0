// The topic list's response check (src/api/schemas.ts): no posts.postData with totalItems and totalPages
// is null (logged, /404); bad records are left out and logged, as the build does.
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
