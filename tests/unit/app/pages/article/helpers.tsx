// Shared fixtures for the article and preview page tests: a post with a TOC,
// the page's seeded deps, the public configuration from config/site.json, and
// the providers the server render uses.
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ep } from '../../../../../src/api/endpoints.ts';
import type { Ad, Author, Post, PostItem } from '../../../../../src/api/types.ts';
import { AppProviders } from '../../../../../src/app/AppProviders.tsx';
import { createQueryClient, seedQueries, type ApiEnvelope } from '../../../../../src/app/data/api.ts';
import type { HeadCollector } from '../../../../../src/app/head.tsx';
import { loadConfig, publicConfig } from '../../../../../src/config/load.ts';
import type { PublicConfig } from '../../../../../src/config/schema.ts';

export function testConfig(patch: (c: PublicConfig) => PublicConfig = (c) => c): PublicConfig {
  const base = publicConfig(loadConfig({ env: {} }));
  return patch(JSON.parse(JSON.stringify(base)) as PublicConfig);
}

export const BODY =
  '<p>Intro paragraph about zero-trust networks.</p><h2 id="toc-why-it-matters">Why it matters</h2><p>A.</p>' +
  '<h3 id="toc-the-cost">The cost</h3><p>B.</p><h2 id="toc-next-steps">Next steps</h2><p>C.</p>';

export function makePost(over: Partial<Post> = {}): Post {
  return {
    id: 42,
    post_title: 'Zero trust, explained',
    post_name: 'zero-trust-explained',
    post_content: BODY,
    post_author: 'Priya Raman',
    post_author_id: 7,
    author_name: 'priya-raman',
    banner_show: 1,
    banner_img: '/uploads/zero-trust.jpg',
    podcast_link: null,
    post_date: '2024-06-12T09:30:00.000Z',
    cat_name: 'News',
    cat_slug: 'news',
    subcat_name: null,
    subcat_slug: null,
    meta_title: null,
    meta_description: 'How zero trust changes the network.',
    meta_keywords: null,
    reading_time: '4 min',
    toc: [
      { level: 2, id: 'toc-why-it-matters', text: 'Why it matters', number: '1.' },
      { level: 3, id: 'toc-the-cost', text: 'The cost', number: '1.1.' },
      { level: 2, id: 'toc-next-steps', text: 'Next steps', number: '2.' },
    ],
    ...over,
  };
}

export function item(id: number, title: string, over: Partial<PostItem> = {}): PostItem {
  return {
    id,
    post_title: title,
    post_name: `post-${id}`,
    cat_slug: 'news',
    post_author: 'Sam Lee',
    post_date: '2024-06-01T00:00:00.000Z',
    banner_img: `/uploads/p${id}.jpg`,
    author_name: 'sam-lee',
    ...over,
  };
}

export const AUTHOR: Author = {
  author_id: 7,
  author_name: 'priya-raman',
  author_display_name: 'Priya Raman',
  author_description: 'Priya covers network security.',
  author_photo: '/uploads/authors/priya.jpg',
};

export const ADS: Ad[] = [
  { banner_id: 1, banner_type: 'Post-1', banner_name: 'Side campaign', banner_img: '/uploads/ads/side.jpg', dest_url: 'https://ads.example/side', duration_time: 5 },
  { banner_id: 2, banner_type: 'Footer-3', banner_name: 'Footer campaign', banner_img: '/uploads/ads/foot.jpg', dest_url: 'https://ads.example/foot', duration_time: 5 },
];

/** The article route's deps as the build seeds them (src/site/kinds/article.ts). */
export function articleDeps(post: Post, opts: { author?: boolean; authorStatus?: number; detailsStatus?: number } = {}): [string, ApiEnvelope][] {
  const deps: [string, ApiEnvelope][] = [
    [ep.postDetails(post.cat_slug, post.post_name), opts.detailsStatus && opts.detailsStatus !== 201
      ? { status: opts.detailsStatus, body: { success: false, message: 'Post not found' } }
      : { status: 201, body: { success: true, message: 'ok', result: [post] } }],
    [ep.asideTopic(post.cat_slug), { status: 201, body: { success: true, message: 'ok', result: [item(post.id, post.post_title), item(101, 'Aside one'), item(102, 'Aside two')] } }],
    [ep.latest(), { status: 200, body: [item(201, 'Latest one'), item(post.id, post.post_title), item(202, 'Latest two')] }],
    [ep.ads(), { status: 200, body: ADS }],
  ];
  if (opts.authorStatus) deps.push([ep.authorById(post.post_author_id), { status: opts.authorStatus, body: { success: false, message: 'Author not found' } }]);
  else if (opts.author !== false) deps.push([ep.authorById(post.post_author_id), { status: 201, body: { success: true, message: 'ok', result: [AUTHOR] } }]);
  return deps;
}

export function seeded(entries: [string, ApiEnvelope][]): QueryClient {
  const client = createQueryClient();
  seedQueries(client, entries);
  return client;
}

export function Providers({ client, config, collector = null, children }: { client: QueryClient; config: PublicConfig; collector?: HeadCollector | null; children: ReactNode }) {
  return (
    <AppProviders client={client} config={config} collector={collector}>
      {children}
    </AppProviders>
  );
}
