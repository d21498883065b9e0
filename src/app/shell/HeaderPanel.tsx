// One header dropdown panel (docs/pages.md, "Shared shell") from the mirror (PANEL_DEPS): nothing
// while loading, 'Error: Error fetching data' on failure.
import { useEffect } from 'react';
import type { PostItem } from '../../api/types.ts';
import { paths } from '../../site/paths.ts';
import { ApiImage } from '../components/ApiImage.tsx';
import { Byline } from '../components/Byline.tsx';
import { postHref } from '../components/PostCard.tsx';
import { AppLink } from '../components/AppLink.tsx';
import { useMirror } from '../data/mirror-read.ts';
import { useSiteUrls } from '../lib/site-urls.ts';
import { PANEL_ERROR, PANEL_ITEMS, panelState, sectionPath, seeMoreSlug, type NavSection } from './navModel.ts';

/** Panel card: image (banner_img at width 300, shown 120x80), title, 'By {author} | {date}'. */
function PanelCard({ post }: { post: PostItem }) {
  return (
    <li className="panel-card">
      <AppLink to={postHref(post)} className="panel-card-media" tabIndex={-1} aria-hidden="true">
        <ApiImage path={post.banner_img} alt="" width={120} height={80} request={300} />
      </AppLink>
      <div className="panel-card-body">
        <AppLink to={postHref(post)} className="panel-card-title">
          {post.post_title}
        </AppLink>
        <Byline author={post.post_author} date={post.post_date} className="panel-card-byline" />
      </div>
    </li>
  );
}

export function HeaderPanel({ section, id, routeSlug }: { section: NavSection; id: string; routeSlug: string | null }) {
  const result = useMirror<Record<string, PostItem[]>>(sectionPath(section));
  const state = panelState(result);
  const { href } = useSiteUrls();
  useEffect(() => {
    // A failed panel read is logged with console.log (not console.error).
    if (state === 'error') console.log(`Header panel ${section.label}: ${result.error?.message ?? `status ${result.status}`}`);
  }, [state, section.label, result.error, result.status]);

  return (
    <div className={`header-panel header-panel-${section.key}`} id={id} role="region" aria-label={`${section.label} posts`}>
      {state === 'loading' ? null : state === 'error' ? (
        <p className="panel-error">{PANEL_ERROR}</p>
      ) : (
        <div className="panel-groups">
          {section.groups.map((g) => {
            const items = Array.isArray(result.data?.[g.key]) ? result.data![g.key] : [];
            const topic = paths.topic(seeMoreSlug(items, routeSlug, g.cat_slug));
            return (
              <section key={g.key} className="panel-group" aria-label={g.label}>
                <h2 className="panel-group-heading">
                  <span className="panel-group-title">{g.label}</span>
                  {/* On mobile the group title links to the topic page with a full page load */}
                  <a className="panel-group-link" href={href(topic)}>
                    {g.label}
                  </a>
                </h2>
                <ul className="panel-cards">
                  {items.slice(0, PANEL_ITEMS).map((p) => (
                    <PanelCard key={p.id} post={p} />
                  ))}
                </ul>
                <AppLink to={topic} className="panel-see-more">
                  See More<span className="visually-hidden"> {g.label}</span>
                </AppLink>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
