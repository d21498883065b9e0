// One tag page section, fading in after hydration: the first at 40 ms a step, the others past 100 px
// of scroll at 150 ms (the listing pages' timings).
import { PageLink as Link } from '../../components/PageLink.tsx';
import type { PostItem } from '../../../api/types.ts';
import { paths } from '../../../site/paths.ts';
import { PostCard } from '../../components/PostCard.tsx';
import { listExcerpt } from '../../lib/excerpt.ts';
import { revealClass, useReveal } from '../../lib/reveal.ts';
import { NO_POSTS, SidePostList } from '../home/common.tsx';
import { ARTICLES_SIDE_LIST, type TagSection } from './sections.ts';

const SIZES = '(min-width: 768px) 500px, 300px';

export function TagSectionView({ section, posts, first }: { section: TagSection; posts: PostItem[]; first: boolean }) {
  const [ref, shown] = useReveal<HTMLElement>(first ? { stepMs: 40 } : { stepMs: 150, afterScrollY: 100 });
  const titleId = `${section.id}-title`;
  let body;
  if (posts.length === 0) {
    body = <p className="no-posts">{NO_POSTS}</p>;
  } else if (section.layout === 'lead-list') {
    const [lead] = posts;
    body = (
      <div className="tag-lead-list">
        <PostCard post={lead} imageWidth={700} imageHeight={394} request={700} sizes="(min-width: 992px) 700px, 100vw" excerpt={listExcerpt(lead)} className={`post-card post-card-feature ${revealClass(0, shown)}`} />
        <SidePostList posts={posts.slice(1, 1 + ARTICLES_SIDE_LIST)} shown={shown} label={`More ${section.title}`} />
      </div>
    );
  } else {
    body = (
      <div className={`tag-${section.layout}`}>
        {posts.map((p, i) => (
          <PostCard key={p.id} post={p} imageWidth={500} imageHeight={281} request={500} sizes={SIZES} excerpt={section.layout === 'row' ? listExcerpt(p) : null} className={`post-card ${revealClass(i, shown)}`} />
        ))}
      </div>
    );
  }
  return (
    <section id={section.id} ref={ref} className={`tag-section tag-section-${section.layout}`} aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId} className="section-title">
          {section.title}
        </h2>
        <Link to={paths.topic(section.cat)} className="section-more">
          See all<span className="visually-hidden"> {section.title}</span> →
        </Link>
      </div>
      {body}
    </section>
  );
}
