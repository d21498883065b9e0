// The home page, route / (docs/pages.md, "Home"): the blocks in the
// page's order — Latest (lead, two secondary posts, Latest/Popular tabs),
// Podcast feature, Guest Author carousel, Quick Bytes, Articles, and the footer
// ad banner (Footer-3). Every list is prerendered (src/site/kinds/home.ts).
import { ep } from '../../../api/endpoints.ts';
import type { PostItem } from '../../../api/types.ts';
import type { PublicConfig } from '../../../config/schema.ts';
import { feedLinksFor } from '../../../site/feeds.ts';
import { absoluteUrl, paths } from '../../../site/paths.ts';
import { AdSlot } from '../../components/ads/AdSlot.tsx';
import { useSite } from '../../context.tsx';
import { useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';
import { ArticlesBlock, GuestAuthorBlock, PodcastBlock, QuickBytesBlock } from './FeatureBlocks.tsx';
import { LatestBlock } from './LatestBlock.tsx';

/**
 * Structured data (docs/deploying.md, "Page metadata"): the publisher (Organization, absolute logo) and
 * the site (WebSite) with a SearchAction into the search page's URL scheme
 * (/search/all/{term}, src/site/paths.ts).
 */
export function homeJsonLd(site: Pick<PublicConfig['site'], 'name' | 'url' | 'logo'>): object[] {
  const home = absoluteUrl(site.url, paths.home());
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
