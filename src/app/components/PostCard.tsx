// The post card and list row of listings, home, tag and sidebars; links are /{cat_slug}/{post_name}.
import { AppLink } from './AppLink.tsx';
import type { PostItem } from '../../api/types.ts';
import { paths } from '../../site/paths.ts';
import { ApiImage } from './ApiImage.tsx';
import { Byline } from './Byline.tsx';
import { LISTING_WIDTHS } from '../lib/images.ts';

export function postHref(p: Pick<PostItem, 'cat_slug' | 'post_name'>): string {
  return paths.article(p.cat_slug, p.post_name);
}

export interface PostCardProps {
  post: PostItem;
  /** Image box; the host is asked for `request` px (docs/pages.md: 500 on wide screens, else 300). */
  imageWidth?: number;
  imageHeight?: number;
  request?: number;
  sizes?: string;
  excerpt?: string | null;
  headingLevel?: 2 | 3 | 4;
  eager?: boolean;
  className?: string;
  showCategory?: boolean;
}

export function PostCard({ post, imageWidth = 500, imageHeight = 281, request = 500, sizes, excerpt, headingLevel = 3, eager, className = 'post-card', showCategory }: PostCardProps) {
  const H = `h${headingLevel}` as const;
  return (
    <article className={className}>
      <AppLink to={postHref(post)} className="post-card-media" tabIndex={-1} aria-hidden="true">
        <ApiImage path={post.banner_img} alt="" width={imageWidth} height={imageHeight} request={request} widths={LISTING_WIDTHS} sizes={sizes ?? '(min-width: 768px) 500px, 300px'} eager={eager} />
      </AppLink>
      <div className="post-card-body">
        {showCategory && post.cat_name ? <span className="post-card-cat">{post.cat_name}</span> : null}
        <H className="post-card-title">
          <AppLink to={postHref(post)}>{post.post_title}</AppLink>
        </H>
        {excerpt ? <p className="post-card-excerpt">{excerpt}</p> : null}
        <Byline author={post.post_author} authorSlug={post.author_name} date={post.post_date} />
      </div>
    </article>
  );
}

/** A compact row: thumbnail on the side, title and byline. */
export function PostRow({ post, thumb = 120, request = 300, excerpt, headingLevel = 3 }: { post: PostItem; thumb?: number; request?: number; excerpt?: string | null; headingLevel?: 2 | 3 | 4 }) {
  const H = `h${headingLevel}` as const;
  return (
    <article className="post-row">
      <AppLink to={postHref(post)} className="post-row-media" tabIndex={-1} aria-hidden="true">
        <ApiImage path={post.banner_img} alt="" width={thumb} height={Math.round((thumb * 2) / 3)} request={request} />
      </AppLink>
      <div className="post-row-body">
        <H className="post-row-title">
          <AppLink to={postHref(post)}>{post.post_title}</AppLink>
        </H>
        {excerpt ? <p className="post-row-excerpt">{excerpt}</p> : null}
        <Byline author={post.post_author} authorSlug={post.author_name} date={post.post_date} />
      </div>
    </article>
  );
}
