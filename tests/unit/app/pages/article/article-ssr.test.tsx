// The article page as the build prerenders it (renderToString under a
// StaticRouter with every dep seeded): the page's parts, the hero/video rule,
// the TOC, the head with JSON-LD, and nothing that exists only on the client.
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import ArticlePage from '../../../../../src/app/pages/article/index.tsx';
import type { Post } from '../../../../../src/api/types.ts';
import type { HeadCollector } from '../../../../../src/app/head.tsx';
import { articleDeps, BODY, makePost, Providers, seeded, testConfig } from './helpers.tsx';

function render(post: Post, opts: { author?: boolean; authorStatus?: number } = {}) {
  const collector: HeadCollector = { head: null };
  const html = renderToString(
    <Providers client={seeded(articleDeps(post, opts))} config={testConfig()} collector={collector}>
      <StaticRouter location={`/${post.cat_slug}/${post.post_name}`}>
        <Routes>
          <Route path="/:cat_slug/:post_name" element={<ArticlePage />} />
        </Routes>
      </StaticRouter>
    </Providers>,
  );
  return { html, head: collector.head! };
}

describe('article page (server render)', () => {
  it('renders headline, byline to the author page, short date, share buttons and body HTML', () => {
    const { html } = render(makePost());
    // The h1's text is the static search index's title for the article (src/site/search-index.ts).
    expect(html).toContain('<h1 class="article-title" data-pagefind-meta="title">Zero trust, explained</h1>');
    expect(html).toContain('href="/author/priya-raman"');
    expect(html).toContain('Jun 12, 2024');
    expect(html).toContain('aria-label="Share on Facebook"');
    expect(html).not.toContain('Share on Instagram');
    expect(html).toContain(BODY);
  });

  it('marks the article for the static search index: its region, its card fields, its category; the author box left out', () => {
    const { html } = render(makePost());
    expect(html).toMatch(/<article class="article-main" data-pagefind-body="" data-post-id="42" [^>]*data-pagefind-meta="id\[data-post-id\], [^"]*" data-cat-slug="news" data-pagefind-filter="category\[data-cat-slug\]">/);
    expect(html.match(/data-pagefind-body/g)).toHaveLength(1);
    expect(html).toContain('<section class="author-box" aria-label="About the author" data-pagefind-ignore="all">');
  });

  it('shows the hero only without a podcast link, with a banner and banner_show 1', () => {
    const hero = render(makePost()).html;
    expect(hero).toMatch(/<figure class="article-hero"><img src="\/uploads\/zero-trust\.jpg\?width=500" srcSet="[^"]*250w[^"]*"/);
    expect(hero).toContain('sizes="(max-width: 320px) 250px, (min-width: 768px) 500px, 300px"');
    expect(hero).toMatch(/article-hero"><img[^>]*loading="eager"/);
    expect(render(makePost({ banner_show: 0 })).html).not.toContain('article-hero');
    expect(render(makePost({ banner_img: null })).html).not.toContain('article-hero');
    const video = render(makePost({ podcast_link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).html;
    expect(video).not.toContain('article-hero');
    expect(video).toMatch(/<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="Video: Zero trust, explained" loading="lazy" allowFullScreen=""/);
  });

  it('shows no iframe (and no hero) for an unsafe podcast link', () => {
    const html = render(makePost({ podcast_link: 'javascript:alert(1)' })).html;
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('article-hero');
    expect(render(makePost({ podcast_link: 'https://www.youtube.com.evil.example/embed/abcdefgh' })).html).not.toContain('<iframe');
  });

  it('renders the TOC open, numbered 1., 1.1., 2., with a labelled toggle', () => {
    const { html } = render(makePost());
    expect(html).toContain('aria-expanded="true" aria-controls="article-toc-entries"');
    expect(html).toContain('<ol id="article-toc-entries" class="toc-list">');
    const numbers = [...html.matchAll(/<span class="toc-number">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(numbers).toEqual(['1.', '1.1.', '2.']);
    expect(html).toContain('href="#toc-the-cost"');
    expect(html).toContain('toc-item toc-level-3');
  });

  it('renders no TOC when the post has none', () => {
    expect(render(makePost({ toc: undefined })).html).not.toContain('toc-list');
    expect(render(makePost({ toc: [] })).html).not.toContain('toc-list');
  });

  it('fills the author box from authorById and falls back to the post when it is missing', () => {
    const { html } = render(makePost());
    expect(html).toContain('Priya covers network security.');
    expect(html).toContain('src="/uploads/authors/priya.jpg?width=300"');
    expect(html).not.toContain('Loading author...');
    const missing = render(makePost(), { author: false, authorStatus: 404 }).html;
    expect(missing).not.toContain('Loading author...');
    expect(missing).not.toContain('Loading date...');
    expect(missing).toMatch(/<h2 class="author-box-name"><a href="\/author\/priya-raman"[^>]*>Priya Raman<\/a><\/h2>/);
    expect(missing).toContain('src="/assets/placeholder.svg"');
  });

  it("leaves 'More from', 'Related Content' and the ads to the browser (decisions 54 and 116), and carries both ad slots, empty", () => {
    // Seeded or not, the lists and the ads are read from the mirror after hydration: no article's HTML depends on them.
    const { html } = render(makePost());
    expect(html).not.toContain('More from DevDispatch');
    expect(html).not.toContain('Related Content');
    expect(html).not.toContain('Aside one');
    expect(html).not.toContain('Side campaign');
    expect(html).not.toContain('Footer campaign');
    expect(html).toContain('aria-label="Advertisement beside the article"');
    expect(html).toContain('aria-label="Advertisement below the article"');
  });

  it('has no client-only parts: no skeleton, no scroll-to-top button', () => {
    const { html } = render(makePost());
    expect(html).not.toContain('skeleton');
    expect(html).not.toContain('Scroll to top');
    expect(html).not.toContain('reveal-out');
  });

  it('declares the head: title, description, image, article type and JSON-LD', () => {
    const { head } = render(makePost({ meta_title: 'Zero trust in 2024' }));
    // A news article carries the news title (src/app/lib/site-title.ts), in <title> and og:site_name.
    expect(head.title).toBe('Zero trust in 2024 | DevDispatch News');
    expect(head.siteName).toBe('DevDispatch News');
    expect(head.description).toBe('How zero trust changes the network.');
    expect(head.image).toBe('/uploads/zero-trust.jpg');
    expect(head.type).toBe('article');
    expect(head.publishedTime).toBe('2024-06-12T09:30:00.000Z');
    const [news, crumbs] = head.jsonLd as any[];
    expect(news['@type']).toBe('NewsArticle');
    expect(news.headline).toBe('Zero trust, explained');
    expect(news.image).toEqual(['https://devdispatch.example/uploads/zero-trust.jpg?width=1200']);
    expect(news.author).toEqual({ '@type': 'Person', name: 'Priya Raman', url: 'https://devdispatch.example/author/priya-raman' });
    expect(news.publisher).toEqual({ '@type': 'Organization', name: 'DevDispatch', logo: { '@type': 'ImageObject', url: 'https://devdispatch.example/assets/logo.svg' } });
    expect(crumbs.itemListElement.map((i: any) => i.name)).toEqual(['Home', 'News', 'Zero trust, explained']);
    expect(crumbs.itemListElement[1].item).toBe('https://devdispatch.example/topic/news');
  });

  it('falls back to an excerpt of the stripped body for the description', () => {
    const { head } = render(makePost({ meta_description: null, meta_title: null }));
    expect(head.title).toBe('Zero trust, explained | DevDispatch News');
    expect(head.description).toMatch(/^Intro paragraph about zero-trust networks\. Why it matters/);
    expect(head.description).not.toContain('<');
  });

  it('carries the security title for a cyber-security article, the site name for others', () => {
    const sec = render(makePost({ cat_slug: 'featured', cat_name: 'Featured', subcat_slug: 'cyber-security', subcat_name: 'Cyber Security' })).head;
    expect(sec.title).toBe('Zero trust, explained | DevDispatch IT Security News');
    expect(sec.siteName).toBe('DevDispatch IT Security News');
    const newsSec = render(makePost({ subcat_slug: 'cyber-security' })).head;
    expect(newsSec.title).toBe('Zero trust, explained | DevDispatch IT Security News');
    const other = render(makePost({ cat_slug: 'quick-bytes', cat_name: 'Quick Bytes', subcat_slug: 'devops' })).head;
    expect(other.title).toBe('Zero trust, explained | DevDispatch');
    expect(other.siteName).toBe('DevDispatch');
  });
});
