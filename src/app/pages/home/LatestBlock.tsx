// Home "Latest" (docs/pages.md, "Home"): a lead post, two secondary posts and the Latest/Popular tabs;
// both panels are prerendered, the switch is client state.
import { useState, type KeyboardEvent } from 'react';
import { PageLink as Link } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { PostItem } from '../../../api/types.ts';
import { ApiImage } from '../../components/ApiImage.tsx';
import { Byline } from '../../components/Byline.tsx';
import { PostCard, postHref } from '../../components/PostCard.tsx';
import { listExcerpt } from '../../lib/excerpt.ts';
import { ShareButtons } from '../../components/ShareButtons.tsx';
import { LISTING_WIDTHS } from '../../lib/images.ts';
import { NoPosts, useHomeList } from './common.tsx';

const TABS = [
  { key: 'tab1', label: 'Latest', path: ep.homeLatestNews() },
  { key: 'tab2', label: 'Popular', path: ep.homePopular() },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function Lead({ post }: { post: PostItem }) {
  return (
    <article className="home-lead">
      <Link to={postHref(post)} className="home-lead-media" tabIndex={-1} aria-hidden="true">
        <ApiImage path={post.banner_img} alt="" width={700} height={394} request={700} widths={LISTING_WIDTHS} sizes="(min-width: 992px) 700px, 100vw" eager />
      </Link>
      <div className="home-lead-body">
        {post.cat_name ? <span className="post-card-cat">{post.cat_name}</span> : null}
        <h3 className="home-lead-title">
          <Link to={postHref(post)}>{post.post_title}</Link>
        </h3>
        <p className="home-lead-excerpt">{listExcerpt(post)}</p>
        <div className="home-lead-meta">
          <Byline author={post.post_author} authorSlug={post.author_name} date={post.post_date} />
          <ShareButtons path={postHref(post)} title={post.post_title} />
        </div>
      </div>
    </article>
  );
}

function TabRow({ post, n }: { post: PostItem; n: number }) {
  return (
    <li className="tab-row">
      <span className="tab-row-n" aria-hidden="true">{String(n).padStart(2, '0')}</span>
      <div>
        <Link to={postHref(post)} className="tab-row-title">{post.post_title}</Link>
        <Byline author={post.post_author} authorSlug={post.author_name} date={post.post_date} />
      </div>
      <Link to={postHref(post)} className="tab-row-media" tabIndex={-1} aria-hidden="true">
        <ApiImage path={post.banner_img} alt="" width={88} height={66} request={200} />
      </Link>
    </li>
  );
}

function SideTabs() {
  const [active, setActive] = useState<TabKey>('tab1');
  const lists = { tab1: useHomeList(TABS[0].path), tab2: useHomeList(TABS[1].path) };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const next: TabKey = active === 'tab1' ? 'tab2' : 'tab1';
      setActive(next);
      document.getElementById(`home-tab-${next}`)?.focus();
    }
  };
  return (
    <aside className="home-tabs" aria-label="Latest and popular posts">
      <div role="tablist" aria-label="Latest and popular" className="tab-list" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`home-tab-${t.key}`}
            aria-selected={active === t.key}
            aria-controls={`home-tabpanel-${t.key}`}
            tabIndex={active === t.key ? 0 : -1}
            className={active === t.key ? 'tab is-active' : 'tab'}
            onClick={() => setActive(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.key} role="tabpanel" id={`home-tabpanel-${t.key}`} aria-labelledby={`home-tab-${t.key}`} hidden={active !== t.key} className="tab-panel">
          {lists[t.key].posts.length === 0 ? (
            <NoPosts />
          ) : (
            <ol className="tab-rows">
              {lists[t.key].posts.map((p, i) => (
                <TabRow key={p.id} post={p} n={i + 1} />
              ))}
            </ol>
          )}
        </div>
      ))}
    </aside>
  );
}

export function LatestBlock() {
  const { posts } = useHomeList(ep.homeLatest());
  const [lead, ...rest] = posts;
  return (
    <section className="home-latest" aria-labelledby="home-latest-title">
      <h2 id="home-latest-title" className="visually-hidden">
        Latest
      </h2>
      <div className="home-latest-main">
        {lead ? <Lead post={lead} /> : <NoPosts />}
        {rest.length > 0 ? (
          <div className="home-secondary">
            {rest.slice(0, 2).map((p) => (
              <PostCard key={p.id} post={p} imageWidth={500} imageHeight={281} request={500} sizes="(min-width: 768px) 500px, 300px" className="post-card post-card-secondary" showCategory />
            ))}
          </div>
        ) : null}
      </div>
      <SideTabs />
    </section>
  );
}
