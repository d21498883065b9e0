// The event detail's Latest/Popular sidebar (tab1 Latest, default; tab2 Popular).
import { useState } from 'react';
import { PageLink as Link } from '../PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { PostItem } from '../../../api/types.ts';
import { paths } from '../../../site/paths.ts';
import { checkSlug } from '../../../site/slug.ts';
import { useApi, useLoggedFailure, type ApiResult } from '../../data/api.ts';
import { listExcerpt } from '../../lib/excerpt.ts';
import { formatShortDate, isoDate } from '../../lib/format.ts';

const TABS = [
  { key: 'tab1', label: 'Latest', path: ep.homeLatestNews() },
  { key: 'tab2', label: 'Popular', path: ep.homePopular() },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const SNIPPET_MAX = 90;

function SidebarItem({ item }: { item: PostItem }) {
  const snippet = listExcerpt(item, SNIPPET_MAX);
  return (
    <li className="sidebar-item">
      <Link to={paths.article(item.cat_slug, item.post_name)} className="sidebar-item-title">
        {item.post_title}
      </Link>
      <p className="sidebar-item-snippet">{snippet}</p>
      <p className="sidebar-item-meta">
        By {item.post_author} | <time dateTime={isoDate(item.post_date)}>{formatShortDate(item.post_date)}</time>
      </p>
    </li>
  );
}

/** A failed list is logged (console.log, never an error) and its tab stays empty. */
function useSidebarFailure(label: string, path: string, r: ApiResult<PostItem[]>): void {
  const failed = !r.isLoading && !Array.isArray(r.data);
  useLoggedFailure(failed ? `Event sidebar: ${label} posts failed to load (${path}): ${r.error?.message ?? `status ${r.status ?? 'none'}`}` : null);
}

function usable(data: unknown): PostItem[] {
  return (Array.isArray(data) ? (data as PostItem[]) : []).filter((p) => checkSlug(p.cat_slug).ok && checkSlug(p.post_name).ok);
}

export function EventSidebar() {
  const [tab, setTab] = useState<TabKey>('tab1');
  const latest = useApi<PostItem[]>(TABS[0].path);
  const popular = useApi<PostItem[]>(TABS[1].path);
  useSidebarFailure(TABS[0].label, TABS[0].path, latest);
  useSidebarFailure(TABS[1].label, TABS[1].path, popular);
  const items = usable(tab === 'tab1' ? latest.data : popular.data);
  return (
    <aside className="event-sidebar" aria-label="Latest and popular articles">
      <div className="sidebar-tabs" role="tablist" aria-label="Articles">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`sidebar-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls="sidebar-panel"
            className={`sidebar-tab${tab === t.key ? ' active' : ''}`}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* The tab panel wraps the list: a <ul> given role="tabpanel" stops being a list, and its items lose their parent. */}
      <div id="sidebar-panel" role="tabpanel" aria-labelledby={`sidebar-${tab}`}>
        <ul className="sidebar-list">
          {items.map((p) => (
            <SidebarItem key={p.id} item={p} />
          ))}
        </ul>
      </div>
    </aside>
  );
}
