// One header dropdown panel: the post groups of a section (docs/pages.md,
// "Shared shell"). Data comes from the data mirror (PANEL_DEPS in
// src/site/common.ts), prefetched by the header. States: loading shows nothing,
// error shows the red 'Error: Error fetching data', loaded shows the groups.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ep } from '../../api/endpoints.ts';
import type { PostItem } from '../../api/types.ts';
import type { PublicConfig } from '../../config/schema.ts';
import { paths } from '../../site/paths.ts';
import { ApiImage } from '../components/ApiImage.tsx';
import { Byline } from '../components/Byline.tsx';
import { postHref } from '../components/PostCard.tsx';
import { useApi } from '../data/api.ts';
import { useSiteUrls } from '../lib/site-urls.ts';
import { PANEL_ERROR, PANEL_ITEMS, panelState, routeCatSlug, seeMoreSlug } from './navModel.ts';

export type NavSection = PublicConfig['nav']['sections'][number];

const ENDPOINTS = { latestPost: ep.latestPost, leadership: ep.leadership, featured: ep.featuredPanel } as const;

export function sectionPath(section: NavSection): string {
  return ENDPOINTS[section.endpoint]();
}

/** Panel card: image (banner_img at width 300, shown 120x80), title, 'By {author} | {date}'. */
function PanelCard({ post }: { post: PostItem }) {
  return (
    <li className="panel-card">
      <Link to={postHref(post)} className="panel-card-media" tabIndex={-1} aria-hidden="true">
        <ApiImage path={post.banner_img} alt="" width={120} height={80} request={300} />
      </Link>
      <div className="panel-card-body">
        <Link to={postHref(post)} className="panel-card-title">
          {post.post_title}
        </Link>
        <Byline author={post.post_author} date={post.post_date} className="panel-card-byline" />
      </div>
    </li>
  );
}

export function HeaderPanel({ section, id }: { section: NavSection; id: string }) {
  const result = useApi<Record<string, PostItem[]>>(sectionPath(section));
  const state = panelState(result);
  const { pathname } = useLocation();
  const routeSlug = routeCatSlug(pathname);
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
                <Link to={topic} className="panel-see-more">
                  See More<span className="visually-hidden"> {g.label}</span>
                </Link>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
