// /author: where the author page sends readers on an invalid author answer. It says the author could
// not be found and offers home and the header's topic listings.
import { PageLink as Link } from '../../components/PageLink.tsx';
import { paths } from '../../../site/paths.ts';
import { TopicLinks } from '../../components/TopicLinks.tsx';
import { useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';

export default function AuthorIndexPage() {
  const { site } = useSite();
  usePageHead({ title: `Author not found | ${site.name}`, description: `The author you were looking for could not be found on ${site.name}.`, noindex: true });
  return (
    <section className="info-page container">
      <h1>Author not found</h1>
      <p>We could not load this author&rsquo;s page. The link may be out of date, or the author has no published posts yet.</p>
      <p>
        <Link to={paths.home()} className="btn btn-primary">
          Go Back Home
        </Link>
      </p>
      <TopicLinks />
    </section>
  );
}
