// The tag page /tag/{subcat} (docs/pages.md, "Tag page"). Tags answered 500 are never prerendered
// (src/site/kinds/tag.ts); a client navigation to one (mirror 500/501) goes to /404; other failures
// are logged only.
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { usePageNavigate as useNavigate } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { TagResponse } from '../../../api/types.ts';
import { feedLinksFor } from '../../../site/feeds.ts';
import { pageAbsoluteUrl, paths } from '../../../site/paths.ts';
import { AdSlot } from '../../components/ads/AdSlot.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ShareButtons } from '../../components/ShareButtons.tsx';
import { useSite } from '../../context.tsx';
import { FetchError, useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { capitalise } from '../../lib/format.ts';
import { siteTitle } from '../../lib/site-title.ts';
import { CategoryMenu } from './CategoryMenu.tsx';
import { TagSectionView } from './TagSectionView.tsx';
import { BEFORE_AD, TAG_SECTIONS, sectionPosts } from './sections.ts';

export default function TagPage() {
  const { subcat = '' } = useParams();
  const { site } = useSite();
  const navigate = useNavigate();
  const r = useApi<TagResponse>(ep.tag(subcat));
  const body = r.data;
  const tag = capitalise(body?.posts?.subCatName || subcat);
  const firstImage = body ? TAG_SECTIONS.map((s) => sectionPosts(body, s)[0]?.banner_img).find(Boolean) : null;
  const sectionTitle = siteTitle(site, { kind: 'tag', subcat });
  usePageHead({
    title: `${tag} | ${sectionTitle}`,
    siteName: sectionTitle,
    description: `${tag}: the latest news, articles, quick bytes, podcasts and interviews on ${site.name}.`,
    image: firstImage ?? null,
    type: 'website',
    canonicalPath: paths.tag(subcat),
    // Structured data (Home > tag) and the tag's feeds (docs/deploying.md, "Feeds"; written per tag route by src/emit/feeds).
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: pageAbsoluteUrl(site, paths.home()) },
          { '@type': 'ListItem', position: 2, name: tag, item: pageAbsoluteUrl(site, paths.tag(subcat)) },
        ],
      },
    ],
    alternates: feedLinksFor('tag', { subcat }, sectionTitle, tag),
  });

  const status = r.status ?? (r.error instanceof FetchError ? r.error.status : undefined);
  const gone = status === 500 || status === 501;
  useEffect(() => {
    if (gone) navigate(paths.notFound(), { replace: true });
    else if (!r.isLoading && (r.error || !body)) console.log(`Tag ${subcat}: ${r.error?.message ?? `status ${r.status}`}`);
  }, [gone, r.isLoading, r.error, r.status, body, subcat, navigate]);

  if (r.isLoading || gone) return <PageSkeleton label="Loading tag…" />;

  const visible = TAG_SECTIONS.map((s) => ({ s, posts: sectionPosts(body, s) })).filter(({ s, posts }) => !s.onlyIfPresent || posts.length > 0);
  const before = visible.filter(({ s }) => TAG_SECTIONS.indexOf(s) < BEFORE_AD);
  const after = visible.filter(({ s }) => TAG_SECTIONS.indexOf(s) >= BEFORE_AD);

  return (
    <div className="tag-page">
      <CategoryMenu />
      <div className="container">
        <header className="tag-header">
          <p className="tag-kicker">Tag</p>
          <h1>{tag}</h1>
          <ShareButtons path={paths.tag(subcat)} title={`${tag} | ${sectionTitle}`} />
        </header>
        {before.map(({ s, posts }, i) => (
          <TagSectionView key={s.id} section={s} posts={posts} first={i === 0} />
        ))}
        <AdSlot type="Home-2" width={1200} height={150} className="ad-slot ad-slot-wide" label="Advertisement between the sections" />
        {after.map(({ s, posts }) => (
          <TagSectionView key={s.id} section={s} posts={posts} first={false} />
        ))}
        <AdSlot type="Footer-3" width={1200} height={150} className="ad-slot ad-slot-wide" label="Advertisement at the foot of the page" />
      </div>
    </div>
  );
}
