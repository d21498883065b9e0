// @vitest-environment jsdom
// Share buttons on the listing pages (docs/pages.md, "Shared shell": share buttons on
// listing-related pages ... Facebook, Twitter and LinkedIn with a page URL and
// a title (Facebook window 550x400); button size 27): the topic, author and
// search listings share their own URL with their heading as the title; the
// prerendered topic and author pages hydrate without a mismatch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ep } from '../../../../src/api/endpoints.ts';
import AuthorPage from '../../../../src/app/pages/author/index.tsx';
import SearchPage from '../../../../src/app/pages/search/index.tsx';
import TopicPage from '../../../../src/app/pages/topic/index.tsx';
import { clientMount, item, ok, serverRender, site, type Mounted } from '../../../helpers/app-harness.tsx';
import { WAIT } from '../../../helpers/wait.ts';

const ORIGIN = site.site.url;
let mounted: Mounted | null = null;
let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn();
  vi.stubGlobal('open', open);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The three buttons of the page's share group: labels, shared URL and title, size. */
function shareOf(root: ParentNode) {
  const group = root.querySelector('.listing-page [role="group"][aria-label="Share"]');
  expect(group).not.toBeNull();
  const links = [...group!.querySelectorAll<HTMLAnchorElement>('a.share-button')];
  const href = (key: string) => new URL(links.find((a) => a.classList.contains(`share-${key}`))!.getAttribute('href')!);
  return {
    group: group!,
    labels: links.map((a) => a.getAttribute('aria-label')),
    sizes: links.map((a) => [a.style.width, a.style.height, a.querySelector('svg')!.getAttribute('width')]),
    facebookUrl: href('facebook').searchParams.get('u'),
    twitterUrl: href('twitter').searchParams.get('url'),
    twitterText: href('twitter').searchParams.get('text'),
    linkedinUrl: href('linkedin').searchParams.get('url'),
  };
}

function expectShares(root: ParentNode, url: string, title: string) {
  const s = shareOf(root);
  expect(s.labels).toEqual(['Share on Facebook', 'Share on Twitter', 'Share on LinkedIn']);
  expect(s.sizes).toEqual([['27px', '27px', '27'], ['27px', '27px', '27'], ['27px', '27px', '27']]);
  expect([s.facebookUrl, s.twitterUrl, s.linkedinUrl]).toEqual([url, url, url]);
  expect(s.twitterText).toBe(title);
  return s;
}

const SUBCATS = [{ subcat_id: 1, subcat_slug: 'ai', subcat_name: 'AI' }];
const topicDeps = {
  [ep.ads()]: ok([]),
  [ep.subcatList()]: ok(SUBCATS),
  [ep.topic('news', 'ai', 1)]: ok({ success: true, posts: { postData: [item(1), item(2)], pagination: { page: 1, limit: 10, totalItems: 2, totalPages: 1 } } }),
};

describe('share buttons on listings', () => {
  it('topic: the listing URL and its heading; Facebook opens a 550x400 window; hydrates cleanly', () => {
    const { html, state } = serverRender(TopicPage, ['/topic/:cat_slug', '/topic/:cat_slug/:subcat'], '/topic/news/ai', topicDeps);
    document.body.innerHTML = html;
    const heading = document.querySelector('h1')!.textContent!;
    expect(heading).toBe('News AI');
    expectShares(document.body, `${ORIGIN}/topic/news/ai`, heading);
    document.body.innerHTML = '';
    mounted = clientMount(TopicPage, ['/topic/:cat_slug', '/topic/:cat_slug/:subcat'], '/topic/news/ai', { html, state });
    expect(mounted.recoverable).toEqual([]);
    act(() => shareOf(mounted!.container).group.querySelector<HTMLAnchorElement>('.share-facebook')!.click());
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0][0]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${ORIGIN}/topic/news/ai`)}`);
    expect(open.mock.calls[0][2]).toMatch(/^width=550,height=400,/);
  });

  it('author: the author page URL and the author name', () => {
    const ada = { author_id: 7, author_name: 'ada-writer', author_display_name: 'Ada Writer', author_description: 'Writes.', author_photo: null };
    const deps = {
      [ep.ads()]: ok([]),
      [ep.subcatList()]: ok(SUBCATS),
      [ep.authorDetails('ada-writer')]: ok({ author: [ada] }),
      [ep.authorPosts('ada-writer', null, 1)]: ok({ authorPosts: { postData: [item(1)], pagination: { page: 1, limit: 10, totalItems: 1, totalPages: 1 } } }),
    };
    const { html, state } = serverRender(AuthorPage, ['/author/:auther_name'], '/author/ada-writer', deps);
    document.body.innerHTML = html;
    expectShares(document.body, `${ORIGIN}/author/ada-writer`, 'Ada Writer');
    expect(document.querySelector('h1')!.textContent).toBe('Ada Writer');
    document.body.innerHTML = '';
    mounted = clientMount(AuthorPage, ['/author/:auther_name'], '/author/ada-writer', { html, state });
    expect(mounted.recoverable).toEqual([]);
  });

  it('search: the search URL (term encoded) and the result heading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, result: { postData: [item(1)], pagination: { page: 1, limit: 10, totalItems: 1, totalPages: 1 } } }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    mounted = clientMount(SearchPage, ['/search/:cat/:searchVal'], '/search/all/zero%20trust', { html: null, data: { [ep.ads()]: ok([]), [ep.categoryAll()]: ok([]) } });
    await vi.waitFor(() => expect(mounted!.container.querySelector('.post-card')).not.toBeNull(), WAIT);
    expect(mounted.container.querySelector('h1')!.textContent).toBe('Search Result : zero trust');
    expectShares(mounted.container, `${ORIGIN}/search/all/zero%20trust`, 'Search Result : zero trust');
  });
});
