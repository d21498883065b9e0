// The article page /{cat_slug}/{post_name} (docs/pages.md, "Article").
// Reads the route's deps (src/site/kinds/article.ts): the post details and the
// author by id; on the server they come from the snapshot, after a client
// navigation from the static mirror (skeletons only then). A document of this
// kind is hydrated as islands (docs/decisions/0062-article-islands.md; ArticleView marks
// them): the category's side list and "More from" are islands that read the
// mirror once hydrated (every article of a category prints them, so as deps a
// new story would re-render the whole category: docs/decisions/0054-article-side-lists-after-hydration.md), and
// the view is counted once by another (../../islands/article-parts.tsx). An
// unknown post (status 501; a path the mirror does not hold reads 404) goes to
// /404, carrying the requested URL for the 404 page's redirect check; a direct
// load of such a URL ends the same way (../../lib/unknown-article.ts). Any
// other failure shows 'Error: {message}'.
import { Navigate, useLocation, useParams } from 'react-router';
import { ep } from '../../../api/endpoints.ts';
import { paths } from '../../../site/paths.ts';
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
    const state: NotFoundState = { requested: `${pathname}${search}` };
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
