// The article layout of the article page and its preview (docs/pages.md, "Article", "Preview"). The
// preview adds 'Related Articles' and the Instagram share, and scrolls the TOC to 90px, not 130px.
import { AppLink } from '../AppLink.tsx';
import type { Author, Post, PostItem } from '../../../api/types.ts';
import { paths, rebaseHtml } from '../../../site/paths.ts';
import { articleIndexAttributes, IGNORE_ATTRIBUTES, TITLE_ATTRIBUTES } from '../../../site/search-index.ts';
import { checkSlug } from '../../../site/slug.ts';
import { ARTICLE_WIDTHS } from '../../lib/images.ts';
import { useSiteUrls } from '../../lib/site-urls.ts';
import { ApiImage } from '../ApiImage.tsx';
import { Byline } from '../Byline.tsx';
import { AdSlot } from '../ads/AdSlot.tsx';
import { Island } from '../../islands/Island.tsx';
import { AuthorBox } from './AuthorBox.tsx';
import { ARTICLE_IMAGE_SIZES, MoreFrom } from './MoreFrom.tsx';
import { RelatedArticles } from './RelatedArticles.tsx';
import { RelatedContent, relatedExcluding } from './RelatedList.tsx';
import { TOC_OFFSET, TOC_OFFSET_PREVIEW } from './TableOfContents.tsx';
import { showsHero, VideoEmbed } from './VideoEmbed.tsx';

export interface Loadable<T> {
  data: T | undefined;
  loading: boolean;
}

export interface ArticleViewProps {
  post: Post;
  author: Loadable<Author>;
  /** The preview's (live API); the published article's are islands that read the mirror once hydrated. */
  latest?: Loadable<PostItem[]>;
  aside?: Loadable<PostItem[]>;
  preview?: boolean;
}

export function ArticleView({ post, author, latest, aside, preview = false }: ArticleViewProps) {
  const sharePath = preview ? paths.preview(post.cat_slug, post.post_name) : paths.article(post.cat_slug, post.post_name);
  const catOk = checkSlug(post.cat_slug).ok;
  const { basePath } = useSiteUrls();
  // A published article marks the static index's region and card fields (src/site/search-index.ts);
  // a draft is never indexed.
  const indexed = preview ? {} : articleIndexAttributes(post);
  return (
    <div className={`article-page container${preview ? ' article-preview' : ''}`}>
      {preview ? (
        <p className="preview-banner" role="note">
          Preview: this draft is not published.
        </p>
      ) : null}
      <div className="article-layout">
        <article className="article-main" {...indexed}>
          <header className="article-header">
            {catOk && post.cat_name ? (
              <AppLink to={paths.topic(post.cat_slug)} className="article-cat" {...(preview ? {} : IGNORE_ATTRIBUTES)}>
                {post.cat_name}
              </AppLink>
            ) : null}
            <h1 className="article-title" {...(preview ? {} : TITLE_ATTRIBUTES)}>
              {post.post_title}
            </h1>
            <div className="article-meta">
              <Byline author={post.post_author} authorSlug={post.author_name} date={post.post_date} className="byline article-byline" />
              <Island name="share" props={{ path: sharePath, title: post.post_title, instagram: preview }} />
            </div>
          </header>
          {showsHero(post) ? (
            <figure className="article-hero">
              <ApiImage path={post.banner_img} alt={post.post_title} width={500} height={281} request={500} widths={ARTICLE_WIDTHS} sizes={ARTICLE_IMAGE_SIZES} eager />
            </figure>
          ) : null}
          {post.podcast_link ? <VideoEmbed link={post.podcast_link} title={post.post_title} /> : null}
          <Island name="toc" props={{ toc: post.toc, offset: preview ? TOC_OFFSET_PREVIEW : TOC_OFFSET }} />
          {/* Sanitised CMS HTML: on the server by the build, in the browser for a preview (lib/cms-client.ts); its site-relative links and images under the base path. */}
          <div className="article-body" dangerouslySetInnerHTML={{ __html: rebaseHtml(basePath, post.post_content) }} />
          <AuthorBox author={author.data} loading={author.loading} fallbackName={post.post_author} fallbackSlug={post.author_name} date={post.post_date} />
          {aside ? <RelatedArticles posts={relatedExcluding(aside.data, post.id)} loading={aside.loading} /> : null}
        </article>
        <div className="article-aside">
          <AdSlot type="Post-1" width={300} height={250} className="ad-slot ad-slot-side" label="Advertisement beside the article" />
          {aside ? (
            <RelatedContent posts={relatedExcluding(aside.data, post.id)} loading={aside.loading} />
          ) : (
            <Island name="related" props={{ catSlug: post.cat_slug, postId: post.id }} />
          )}
        </div>
      </div>
      {latest ? <MoreFrom posts={latest.data} loading={latest.loading} currentId={post.id} /> : <Island name="more-from" props={{ postId: post.id }} />}
      <AdSlot type="Footer-3" width={728} height={90} className="ad-slot ad-slot-footer" label="Advertisement below the article" />
      <Island name="scroll-top" />
      {preview ? null : <Island name="view-count" props={{ postId: post.id }} />}
    </div>
  );
}
