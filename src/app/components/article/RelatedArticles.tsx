// 'Related Articles' on the preview (first 4, numbered). Apart from ./RelatedList.tsx, an island, so
// the islands' bundle does not carry it.
import type { PostItem } from '../../../api/types.ts';
import { paths } from '../../../site/paths.ts';
import { AppLink } from '../AppLink.tsx';
import { SideSkeleton } from './RelatedList.tsx';

export const PREVIEW_RELATED_LIMIT = 4;

export function RelatedArticles({ posts, loading }: { posts: PostItem[]; loading: boolean }) {
  const first = posts.slice(0, PREVIEW_RELATED_LIMIT);
  if (!loading && first.length === 0) return null;
  return (
    <section className="related-articles" aria-labelledby="related-articles-title">
      <h2 id="related-articles-title">Related Articles</h2>
      {loading ? (
        <SideSkeleton rows={4} />
      ) : (
        <ol className="related-articles-list">
          {first.map((p, i) => (
            <li key={p.id}>
              <span className="related-number" aria-hidden="true">
                {i + 1}
              </span>
              <AppLink to={paths.article(p.cat_slug, p.post_name)}>{p.post_title}</AppLink>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
