// 'By {author} | {date}' (docs/pages.md); the author links to /author/{author_name} when known.
import { AppLink } from './AppLink.tsx';
import { paths } from '../../site/paths.ts';
import { checkSlug } from '../../site/slug.ts';
import { formatShortDate, isoDate } from '../lib/format.ts';

export function Byline({ author, authorSlug, date, className = 'byline' }: { author: string; authorSlug?: string | null; date: string; className?: string }) {
  const linked = authorSlug && checkSlug(authorSlug).ok;
  return (
    <span className={className}>
      By {linked ? <AppLink to={paths.author(authorSlug)}>{author}</AppLink> : author} | <time dateTime={isoDate(date)}>{formatShortDate(date)}</time>
    </span>
  );
}
