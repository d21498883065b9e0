// Pieces shared by the home blocks: the list hook (a failed or empty list is
// logged and reads as empty, docs/pages.md "Home"), the section
// frame with its heading and 'See all' link, and the empty state.
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PostItem } from '../../../api/types.ts';
import { useApi } from '../../data/api.ts';

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
