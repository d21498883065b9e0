// The home page / (docs/pages.md, "Home"): Latest, Podcast, Guest Author, Quick Bytes, Articles and the
// Footer-3 ad, every list prerendered.
import { ep } from '../../../api/endpoints.ts';
import type { PostItem } from '../../../api/types.ts';
import type { PublicConfig } from '../../../config/schema.ts';
import { feedLinksFor } from '../../../site/feeds.ts';
import { absoluteUrl, pageAbsoluteUrl, paths } from '../../../site/paths.ts';
import { AdSlot } from '../../components/ads/AdSlot.tsx';
import { useSite } from '../../context.tsx';
import { useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { ArticlesBlock, GuestAuthorBlock, PodcastBlock, QuickBytesBlock } from './FeatureBlocks.tsx';
import { LatestBlock } from './LatestBlock.tsx';

/** Structured data: the publisher (Organization) and WebSite, with a SearchAction to /search/all/{term}. */
export function homeJsonLd(site: Pick<PublicConfig['site'], 'name' | 'url' | 'logo'>): object[] {
  const home = pageAbsoluteUrl(site, paths.home());
  const logo = /^https?:\/\//i.test(site.logo) ? site.logo : absoluteUrl(site.url, site.logo);
  return [
    { '@context': 'https://schema.org', '@type': 'Organization', name: site.name, url: home, logo },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.name,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${site.url.replace(/\/+$/, '')}/search/all/{search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

export default function HomePage() {
  const { site } = useSite();
  const lead = useApi<PostItem[]>(ep.homeLatest()).data?.[0];
  usePageHead({
    title: site.title,
    description: site.description,
    image: lead?.banner_img ?? null,
    type: 'website',
    canonicalPath: '/',
    jsonLd: homeJsonLd(site),
    alternates: feedLinksFor('home', {}, site.name),
  });
  return (
    <div className="home-page">
      <div className="container">
        <h1 className="visually-hidden">{site.title}</h1>
        <LatestBlock />
        <PodcastBlock />
        <GuestAuthorBlock />
        <QuickBytesBlock />
        <ArticlesBlock />
      </div>
      <div className="container">
        <AdSlot type="Footer-3" width={1200} height={150} className="ad-slot ad-slot-wide" label="Advertisement" />
      </div>
    </div>
  );
}
