// The article's parts that read the data mirror or the live API once
// hydrated, as islands (./registry.ts): the side list 'Related Content' (the
// category's asidetopic without the current post), 'More from' the site and the
// view count. Their props are what the article knows; their data never
// depends on the page's HTML (docs/decisions/0054-article-side-lists-after-hydration.md), so a new story re-renders
// no other article.
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
