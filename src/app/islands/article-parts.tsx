// The article's parts hydrated as islands (./registry.ts): 'Related Content', 'More from' and the
// view count. Their data never shapes the page's HTML
// (docs/decisions/0054-article-side-lists-after-hydration.md), so a story re-renders no other article.
import { ep } from '../../api/endpoints.ts';
import type { AsideResponse, PostItem } from '../../api/types.ts';
import { MoreFrom } from '../components/article/MoreFrom.tsx';
import { RelatedContent, relatedExcluding } from '../components/article/RelatedList.tsx';
import { useMirrorAfterHydration } from '../data/mirror-read.ts';
import { useViewCount } from '../lib/view-count.ts';

export function RelatedFromMirror({ catSlug, postId }: { catSlug: string; postId: number }) {
  const aside = useMirrorAfterHydration<AsideResponse>(ep.asideTopic(catSlug), 'Related Content');
  return <RelatedContent posts={relatedExcluding(aside.data?.result, postId)} loading={aside.isLoading} />;
}

export function MoreFromMirror({ postId }: { postId: number }) {
  const latest = useMirrorAfterHydration<PostItem[]>(ep.latest(), 'More from');
  return <MoreFrom posts={Array.isArray(latest.data) ? latest.data : undefined} loading={latest.isLoading} currentId={postId} />;
}

/** Counts one view of the post after hydration (../lib/view-count.ts); renders nothing. */
export function ViewCount({ postId }: { postId: number }) {
  useViewCount(postId);
  return null;
}
