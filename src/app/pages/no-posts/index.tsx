// /no-posts: where listings go on an empty post list. It repeats the empty-state texts and offers Back
// (after hydration, with history), home and the header's topic listings.
import { useEffect, useState } from 'react';
import { PageLink as Link, usePageNavigate as useNavigate } from '../../components/PageLink.tsx';
import { paths } from '../../../site/paths.ts';
import { EmptyState } from '../../components/listing/EmptyState.tsx';
import { TopicLinks } from '../../components/TopicLinks.tsx';
import { useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';

export default function NoPostsPage() {
  const { site } = useSite();
  const navigate = useNavigate();
  usePageHead({ title: `No Posts Available | ${site.name}`, description: 'There are no posts available here at the moment.', noindex: true });
  // The back button needs browser history, known only after hydration.
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => setCanGoBack(window.history.length > 1), []);
  return (
    <section className="info-page container">
      <EmptyState headingLevel={1}>
        <p className="info-actions">
          {canGoBack ? (
            <button type="button" className="btn btn-outline" onClick={() => navigate(-1)}>
              Go back
            </button>
          ) : null}
          <Link to={paths.home()} className="btn btn-primary">
            Go Back Home
          </Link>
        </p>
      </EmptyState>
      <TopicLinks />
    </section>
  );
}
