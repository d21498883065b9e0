// The compact post rows beside a lead card: the tag page's Articles and the
// home page's Quick Bytes and Articles. In those layouts the list is a
// bordered box, so with no rows (a section with only its lead post) nothing
// is rendered: an empty list would leave a stray frame beside the lead.
import type { PostItem } from '../../api/types.ts';
import { revealClass } from '../lib/reveal.ts';
import { PostRow } from './PostCard.tsx';

export interface SidePostListProps {
  posts: PostItem[];
  /** Fade-in steps shown so far (lib/reveal.ts); the rows follow the lead, step 0. */
  shown: number;
  label?: string;
}

export function SidePostList({ posts, shown, label }: SidePostListProps) {
  if (posts.length === 0) return null;
  return (
    <ul className="side-list" aria-label={label}>
      {posts.map((p, i) => (
        <li key={p.id} className={revealClass(i + 1, shown)}>
          <PostRow post={p} thumb={96} request={200} />
        </li>
      ))}
    </ul>
  );
}
