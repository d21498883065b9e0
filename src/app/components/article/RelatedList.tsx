// Side list 'Related Content' (asidetopic without the current post), fading in on scroll.
import { AppLink } from '../AppLink.tsx';
import type { PostItem } from '../../../api/types.ts';
import { paths } from '../../../site/paths.ts';
import { formatShortDate, isoDate } from '../../lib/format.ts';
import { revealClass, useReveal } from '../../lib/reveal.ts';
import { ApiImage } from '../ApiImage.tsx';

export const ARTICLE_REVEAL_MS = 70;

/** The related posts other than the one being read, in API order. */
export function relatedExcluding(list: readonly PostItem[] | undefined, currentId: number): PostItem[] {
  return (Array.isArray(list) ? list : []).filter((p) => p && p.id !== currentId);
}

export function SideSkeleton({ rows }: { rows: number }) {
  return (
    <div aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton skeleton-line" />
      ))}
    </div>
  );
}

export function RelatedContent({ posts, loading }: { posts: PostItem[]; loading: boolean }) {
  const [ref, shown] = useReveal<HTMLElement>({ stepMs: ARTICLE_REVEAL_MS });
  if (!loading && posts.length === 0) return null;
  return (
    <section className="side-list" aria-labelledby="related-content-title" ref={ref}>
      <h2 id="related-content-title" className="side-list-title">Related Content</h2>
      {loading ? (
        <SideSkeleton rows={4} />
      ) : (
        <ul className="side-list-items">
          {posts.map((p, i) => (
            <li key={p.id} className={`side-item ${revealClass(i, shown)}`}>
              <AppLink to={paths.article(p.cat_slug, p.post_name)} className="side-item-media" tabIndex={-1} aria-hidden="true">
                <ApiImage path={p.banner_img} alt="" width={96} height={64} request={150} />
              </AppLink>
              <div className="side-item-body">
                <AppLink to={paths.article(p.cat_slug, p.post_name)} className="side-item-title">
                  {p.post_title}
                </AppLink>
                <time className="side-item-date" dateTime={isoDate(p.post_date)}>
                  {formatShortDate(p.post_date)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
