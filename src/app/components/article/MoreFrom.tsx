// 'More from' the site (docs/pages.md, "Article"): the latest posts without the current one, fading
// in on scroll. Up to 4 cards (the API's latest list holds 4); the grid's columns follow the count
// (.more-from-cards-N), so no row is part-empty at any width.
import type { PostItem } from '../../../api/types.ts';
import { useSite } from '../../context.tsx';
import { revealClass, useReveal } from '../../lib/reveal.ts';
import { PostCard } from '../PostCard.tsx';
import { ARTICLE_REVEAL_MS } from './RelatedList.tsx';

export const MORE_FROM_LIMIT = 4;
export const ARTICLE_IMAGE_SIZES = '(max-width: 320px) 250px, (min-width: 768px) 500px, 300px';

/** The grid's class for `cards` cards: its columns are chosen for that count. */
export const moreFromGridClass = (cards: number) => `more-from-grid more-from-cards-${cards}`;

export function MoreFrom({ posts, loading, currentId }: { posts: PostItem[] | undefined; loading: boolean; currentId: number }) {
  const { site } = useSite();
  const [ref, shown] = useReveal<HTMLElement>({ stepMs: ARTICLE_REVEAL_MS });
  const list = (Array.isArray(posts) ? posts : []).filter((p) => p && p.id !== currentId).slice(0, MORE_FROM_LIMIT);
  if (!loading && list.length === 0) return null;
  return (
    <section className="more-from" aria-labelledby="more-from-title" ref={ref}>
      <h2 id="more-from-title" className="section-title">{`More from ${site.name}`}</h2>
      {loading ? (
        <div className={moreFromGridClass(MORE_FROM_LIMIT)} aria-busy="true">
          {Array.from({ length: MORE_FROM_LIMIT }, (_, i) => (
            <div key={i} className="skeleton skeleton-card" />
          ))}
        </div>
      ) : (
        <div className={moreFromGridClass(list.length)}>
          {list.map((p, i) => (
            <PostCard key={p.id} post={p} className={`post-card ${revealClass(i, shown)}`} imageWidth={500} imageHeight={281} request={500} sizes={ARTICLE_IMAGE_SIZES} />
          ))}
        </div>
      )}
    </section>
  );
}
