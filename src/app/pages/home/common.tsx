// Pieces of the home blocks: the list hook (a failed or empty list is logged and empty), the section
// frame, the empty state and the side list beside a lead post (also the tag page's).
import { useEffect, type ReactNode } from 'react';
import { PageLink as Link } from '../../components/PageLink.tsx';
import type { PostItem } from '../../../api/types.ts';
import { PostRow } from '../../components/PostCard.tsx';
import { useApi } from '../../data/api.ts';
import { revealClass } from '../../lib/reveal.ts';

export const NO_POSTS = 'No Posts Available';

/** A home list: the posts, or [] when the list failed (logged) or is empty. */
export function useHomeList(path: string): { posts: PostItem[]; isLoading: boolean } {
  const r = useApi<PostItem[]>(path);
  const failed = !r.isLoading && (r.error !== null || !Array.isArray(r.data));
  useEffect(() => {
    if (failed) console.log(`Home list ${path} failed: ${r.error?.message ?? `status ${r.status}`}`);
  }, [failed, path, r.error, r.status]);
  return { posts: Array.isArray(r.data) ? r.data : [], isLoading: r.isLoading };
}

export function HomeSection({ id, title, more, children, className = '' }: { id: string; title: string; more?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`home-section ${className}`.trim()} aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {more ? (
          <Link to={more} className="section-more">
            See all<span className="visually-hidden"> {title}</span> →
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export function NoPosts() {
  return <p className="no-posts">{NO_POSTS}</p>;
}

/**
 * The compact rows beside a lead card (home, tag). A bordered box, so nothing renders without rows.
 * `shown`: fade-in steps shown so far; the rows follow the lead, step 0.
 */
export function SidePostList({ posts, shown, label }: { posts: PostItem[]; shown: number; label?: string }) {
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
