// The article page /{cat_slug}/{post_name} (docs/pages.md, "Article"), reading its deps (details and
// author) from the snapshot or, after a client navigation, the mirror. Hydrated as islands
// (docs/decisions/0062-article-islands.md): the side list and "More from" read the mirror once hydrated
// (as deps, a new story would re-render the whole category:
// docs/decisions/0054-article-side-lists-after-hydration.md), and the view count is
// another island. An unknown post (501, or 404 from the mirror) goes to /404 with the requested URL
// (../../lib/unknown-article.ts); any other failure shows 'Error: {message}'.
import { useLocation, useParams } from 'react-router';
import { PageNavigate as Navigate } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import { paths, sitePathOf } from '../../../site/paths.ts';
import type { AuthorByIdResponse, Post, PostDetailsResponse } from '../../../api/types.ts';
import { ArticleSkeleton } from '../../components/article/ArticleSkeleton.tsx';
import { ArticleView } from '../../components/article/ArticleView.tsx';
import { articleHead } from '../../components/article/seo.ts';
import { useSite } from '../../context.tsx';
import { isOk, useApi } from '../../data/api.ts';
import { usePageHead, type PageHead } from '../../head.tsx';
import type { NotFoundState } from '../../lib/unknown-article.ts';

/** Statuses that mean "no such article": the API's 501, the mirror's missing file. */
export const UNKNOWN_POST_STATUSES = [501, 404];

export default function ArticlePage() {
  const { cat_slug = '', post_name = '' } = useParams();
  const { pathname, search } = useLocation();
  const config = useSite();
  const details = useApi<PostDetailsResponse>(ep.postDetails(cat_slug, post_name));
  const post: Post | undefined = details.data?.result?.[0];
  const author = useApi<AuthorByIdResponse>(post ? ep.authorById(post.post_author_id) : null);

  const status = details.status;
  const unknown = status !== undefined && (UNKNOWN_POST_STATUSES.includes(status) || (isOk(status) && !post));
  const failed = details.error ? details.error.message : status !== undefined && !isOk(status) && !unknown ? `HTTP error! Status: ${status}` : null;

  const head: PageHead = post
    ? articleHead(post, config)
    : { title: failed ? `Error | ${config.site.name}` : `Loading… | ${config.site.name}`, noindex: true };
  usePageHead(head);

  if (unknown) {
    // The site path, as the API's redirect check knows it (lib/redirect-check.ts).
    const state: NotFoundState = { requested: `${sitePathOf(pathname)}${search}` };
    return <Navigate to={paths.notFound()} replace state={state} />;
  }
  if (failed) {
    return (
      <div className="article-page container">
        <p className="article-error" role="alert">
          Error: {failed}
        </p>
      </div>
    );
  }
  if (!post) return <ArticleSkeleton />;
  return (
    <ArticleView
      post={post}
      author={{ data: author.data?.result?.[0], loading: author.isLoading }}
    />
  );
}
