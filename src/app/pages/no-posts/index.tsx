// /no-posts: where listings go when the server returns an empty post list
// (site-shell spec §8, articles spec §8). The spec does not show the screen; it
// repeats the listing's empty-state texts and offers a way back: the previous
// page (after hydration, when the browser has history) and home, plus the
// topic listings of the header's groups (config nav).
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../site/paths.ts';
import { EmptyState } from '../../components/listing/EmptyState.tsx';
import { useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';

export default function NoPostsPage() {
  const { site, nav } = useSite();
  const navigate = useNavigate();
  usePageHead({ title: `No Posts Available | ${site.name}`, description: 'There are no posts available here at the moment.', noindex: true });
  // The back button needs browser history, known only after hydration.
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => setCanGoBack(window.history.length > 1), []);
  const seen = new Set<string>();
  const topics = nav.sections.flatMap((s) => s.groups).filter((g) => !seen.has(g.cat_slug) && seen.add(g.cat_slug));
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
      <h2>Browse our topics</h2>
      <ul className="info-links">
        {topics.map((g) => (
          <li key={g.cat_slug}>
            <Link to={paths.topic(g.cat_slug)}>{g.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
