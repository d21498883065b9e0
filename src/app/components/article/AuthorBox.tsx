// The author box (docs/pages.md, "Article") from GET /api/author/{post_author_id}; 'Loading author...'
// only while really loading on the client.
import { AppLink } from '../AppLink.tsx';
import type { Author } from '../../../api/types.ts';
import { paths } from '../../../site/paths.ts';
import { IGNORE_ATTRIBUTES } from '../../../site/search-index.ts';
import { checkSlug } from '../../../site/slug.ts';
import { formatShortDate, isoDate } from '../../lib/format.ts';
import { ApiImage } from '../ApiImage.tsx';

export interface AuthorBoxProps {
  author: Author | undefined;
  loading: boolean;
  /** Fallbacks from the post when the author record is missing. */
  fallbackName: string;
  fallbackSlug: string | null | undefined;
  date: string;
}

export function AuthorBox({ author, loading, fallbackName, fallbackSlug, date }: AuthorBoxProps) {
  if (loading) {
    return (
      <section className="author-box" aria-busy="true" {...IGNORE_ATTRIBUTES}>
        <div className="author-box-photo skeleton" />
        <div className="author-box-text">
          <p className="author-box-name">Loading author...</p>
          <p className="author-box-date">Loading date...</p>
        </div>
      </section>
    );
  }
  const name = author?.author_display_name || fallbackName;
  const slug = author?.author_name || fallbackSlug;
  const linked = !!slug && checkSlug(slug).ok;
  return (
    // The author's box is about the author, not the article: the static search index leaves it out.
    <section className="author-box" aria-label="About the author" {...IGNORE_ATTRIBUTES}>
      <ApiImage path={author?.author_photo} alt={name} width={96} height={96} request={300} className="author-box-photo" />
      <div className="author-box-text">
        <h2 className="author-box-name">{linked ? <AppLink to={paths.author(slug)}>{name}</AppLink> : name}</h2>
        <p className="author-box-date">
          Published <time dateTime={isoDate(date)}>{formatShortDate(date)}</time>
        </p>
        {author?.author_description ? <p className="author-box-desc">{author.author_description}</p> : null}
      </div>
    </section>
  );
}
