// "Browse our topics": a way on from /author and /no-posts, the header's groups, each category once.
import { AppLink } from './AppLink.tsx';
import { paths } from '../../site/paths.ts';
import { useSite } from '../context.tsx';

export function TopicLinks() {
  const { nav } = useSite();
  const seen = new Set<string>();
  const topics = nav.sections.flatMap((s) => s.groups).filter((g) => !seen.has(g.cat_slug) && seen.add(g.cat_slug));
  return (
    <>
      <h2>Browse our topics</h2>
      <ul className="info-links">
        {topics.map((g) => (
          <li key={g.cat_slug}>
            <AppLink to={paths.topic(g.cat_slug)}>{g.label}</AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}
