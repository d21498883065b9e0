// The home blocks below Latest (docs/pages.md, "Home"): Podcast, Guest Author carousel, Quick Bytes and
// Articles, with the page's overlapping slices kept verbatim.
import { ep } from '../../../api/endpoints.ts';
import type { PostItem } from '../../../api/types.ts';
import { videoEmbedUrl } from '../../../api/video.ts';
import { paths } from '../../../site/paths.ts';
import { Carousel } from '../../components/carousel/Carousel.tsx';
import { PostCard } from '../../components/PostCard.tsx';
import { listExcerpt } from '../../lib/excerpt.ts';
import { revealClass, useReveal } from '../../lib/reveal.ts';
import { HomeSection, NoPosts, SidePostList, useHomeList } from './common.tsx';

const WIDE = '(min-width: 768px) 500px, 300px';

export function PodcastBlock() {
  const { posts } = useHomeList(ep.homePodcast());
  const post = posts[0];
  // Home list items may not carry podcast_link; then the card stands in.
  const embed = post ? videoEmbedUrl((post as PostItem & { podcast_link?: string | null }).podcast_link) : null;
  return (
    <HomeSection id="home-podcast" title="Podcast" more={paths.topic('podcasts')} className="home-podcast">
      {!post ? (
        <NoPosts />
      ) : (
        <div className="podcast-feature">
          {embed ? (
            <div className="podcast-embed">
              <iframe src={embed} title={post.post_title} loading="lazy" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
            </div>
          ) : null}
          <PostCard post={post} imageWidth={700} imageHeight={394} request={700} sizes="(min-width: 992px) 700px, 100vw" excerpt={listExcerpt(post)} className={embed ? 'post-card podcast-card podcast-card-text' : 'post-card podcast-card'} />
        </div>
      )}
    </HomeSection>
  );
}

export function GuestAuthorBlock() {
  const { posts } = useHomeList(ep.homeInterview());
  return (
    <HomeSection id="home-guest" title="Guest Author" more={paths.topic('interview')} className="home-guest">
      {posts.length === 0 ? (
        <NoPosts />
      ) : (
        <Carousel label="Guest Author posts">
          {posts.map((p) => (
            <PostCard key={p.id} post={p} imageWidth={300} imageHeight={200} request={300} sizes="(min-width: 1199px) 300px, (min-width: 640px) 50vw, 100vw" className="post-card post-card-slide" />
          ))}
        </Carousel>
      )}
    </HomeSection>
  );
}

export function QuickBytesBlock() {
  const { posts } = useHomeList(ep.homeQuickByte());
  const [ref, shown] = useReveal<HTMLDivElement>({ stepMs: 150 });
  const [first] = posts;
  return (
    <HomeSection id="home-quickbytes" title="Quick Bytes" more={paths.topic('quick-bytes')} className="home-quickbytes">
      {!first ? (
        <NoPosts />
      ) : (
        <div className="qb-layout" ref={ref}>
          <div className="qb-main">
            <PostCard post={first} imageWidth={500} imageHeight={281} request={500} sizes={WIDE} excerpt={listExcerpt(first)} className={`post-card post-card-feature ${revealClass(0, shown)}`} />
            <div className="qb-grid">
              {posts.slice(4).map((p, i) => (
                <PostCard key={p.id} post={p} imageWidth={300} imageHeight={169} request={300} sizes={WIDE} className={`post-card ${revealClass(i + 1, shown)}`} />
              ))}
            </div>
          </div>
          <SidePostList posts={posts.slice(1, 5)} shown={shown} />
        </div>
      )}
    </HomeSection>
  );
}

export function ArticlesBlock() {
  const { posts } = useHomeList(ep.homeArticle());
  const [ref, shown] = useReveal<HTMLDivElement>({ stepMs: 150 });
  const [first] = posts;
  return (
    <HomeSection id="home-articles" title="Articles" more={paths.topic('featured')} className="home-articles">
      {!first ? (
        <NoPosts />
      ) : (
        <div className="articles-layout" ref={ref}>
          <div className="articles-main">
            <PostCard post={first} imageWidth={500} imageHeight={281} request={500} sizes={WIDE} excerpt={listExcerpt(first)} className={`post-card post-card-feature ${revealClass(0, shown)}`} />
            <div className="articles-grid">
              {posts.slice(1, 3).map((p, i) => (
                <PostCard key={p.id} post={p} imageWidth={500} imageHeight={500} request={500} sizes={WIDE} className={`post-card post-card-square ${revealClass(i + 1, shown)}`} />
              ))}
            </div>
          </div>
          {/* The panel is a bordered box: none at all when only the lead exists. */}
          {posts.length > 1 ? (
            <aside className="side-panel" aria-label="More articles">
              <h3 className="side-panel-title">More articles</h3>
              <SidePostList posts={posts.slice(1, 5)} shown={shown} />
            </aside>
          ) : null}
        </div>
      )}
    </HomeSection>
  );
}
