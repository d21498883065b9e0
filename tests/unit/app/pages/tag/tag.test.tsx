// @vitest-environment jsdom
// Tag page (docs/pages.md, "Tag page"): heading with the first letter
// capitalised; sections and counts (News 3, Articles + side list of 7, Hot
// Seats 4 from interview, Future Ready 2 only if present, Learning Center 3);
// the Home-2 and Footer-3 ad slots; the 'Category' side menu (120 px when
// open, outside click closes, smooth scroll with the section's offset, the
// 'Nohing is there!!!...' alert); 500/501 on a client navigation -> /404.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ep } from '../../../../../src/api/endpoints.ts';
import TagPage from '../../../../../src/app/pages/tag/index.tsx';
import { TAG_SECTIONS } from '../../../../../src/app/pages/tag/sections.ts';
import { click, item, mirrorFetch, mount, ok, pointerDown, serverHtml, type Data, type Mounted } from '../../../../helpers/app-harness.tsx';

const PATTERN = '/tag/:subcat';
const list = (base: number, n: number, cat: string) => Array.from({ length: n }, (_, i) => item(base + i, { cat_slug: cat, p_content: `Tag excerpt ${base + i}` }));
function tagBody(futureready: number) {
  return {
    success: true,
    posts: {
      subCatName: 'cloud computing',
      news: list(100, 7, 'news'),
      featured: list(200, 7, 'featured'),
      quickbytes: list(300, 5, 'quick-bytes'),
      podcasts: list(400, 1, 'podcasts'),
      interview: list(500, 6, 'interview'),
      futureready: list(600, futureready, 'future-ready'),
      guestauthor: [],
      learningcenter: list(800, 5, 'learning-center'),
    },
  };
}
const data = (fr = 3): Data => ({ [ep.tag('cloud-computing')]: ok(tagBody(fr)) });

let m: Mounted | null = null;
let scrollTo: ReturnType<typeof vi.fn>;
let alertMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  alertMock = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal('alert', alertMock);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  m?.unmount();
  m = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const section = (root: ParentNode, id: string) => root.querySelector(`#${id}`);
const cardsIn = (el: Element | null) => el?.querySelectorAll('.post-card').length ?? -1;

describe('tag page: server render', () => {
  it('excerpts are plain text: HTML stripped, an empty p_content falls back to post_content, then to the fallback', () => {
    const body = tagBody(0);
    body.posts.news = [
      item(1, { cat_slug: 'news', p_content: '', post_content: '<p>Body with <strong>markup</strong> &amp; more</p>' }),
      item(2, { cat_slug: 'news', p_content: '<p>Summary <em>in</em> HTML</p>' }),
      item(3, { cat_slug: 'news', p_content: ' ', post_content: '' }),
    ];
    const { html } = serverHtml(<TagPage />, '/tag/cloud-computing', { [ep.tag('cloud-computing')]: ok(body) }, PATTERN);
    document.body.innerHTML = html;
    const excerpts = [...document.querySelectorAll('#tag-news .post-card-excerpt')].map((p) => p.textContent);
    expect(excerpts).toEqual(['Body with markup & more', 'Summary in HTML', 'No content available']);
  });

  it('the cyber-security tag carries the security title: title, og:site_name, feed links, share title', () => {
    const body = { ...tagBody(0), posts: { ...tagBody(0).posts, subCatName: 'cyber security' } };
    const { html, head } = serverHtml(<TagPage />, '/tag/cyber-security', { [ep.tag('cyber-security')]: ok(body) }, PATTERN);
    expect(head!.title).toBe('Cyber security | DevDispatch IT Security News');
    expect(head!.siteName).toBe('DevDispatch IT Security News');
    expect(head!.alternates![0].title).toBe('DevDispatch IT Security News: Cyber security (RSS)');
    document.body.innerHTML = html;
    const twitter = document.querySelector('.tag-header a[aria-label="Share on Twitter"]')!.getAttribute('href')!;
    expect(new URL(twitter).searchParams.get('text')).toBe('Cyber security | DevDispatch IT Security News');
  });

  it('renders the heading, the head, each section with its number of posts, and the ad slots', () => {
    const { html, head } = serverHtml(<TagPage />, '/tag/cloud-computing', data(), PATTERN);
    document.body.innerHTML = html;
    const root = document.body;
    expect(root.querySelector('h1')!.textContent).toBe('Cloud computing');
    expect(head!.title).toBe('Cloud computing | DevDispatch');
    expect(head!.siteName).toBe('DevDispatch');
    expect([...root.querySelectorAll('.tag-section h2')].map((h) => h.textContent)).toEqual(['News', 'Articles', 'Quick Bytes', 'Podcast', 'Hot Seats', 'Future Ready', 'Guest Author', 'Learning Center']);
    expect(cardsIn(section(root, 'tag-news'))).toBe(3);
    expect(cardsIn(section(root, 'tag-articles'))).toBe(1);
    expect(section(root, 'tag-articles')!.querySelectorAll('.side-list .post-row').length).toBe(6); // 7 posts: lead + 6 in the list of up to 7
    expect(cardsIn(section(root, 'tag-hotseats'))).toBe(4);
    expect(cardsIn(section(root, 'tag-futureready'))).toBe(2);
    expect(cardsIn(section(root, 'tag-learningcenter'))).toBe(3);
    expect(section(root, 'tag-guestauthor')!.querySelector('.no-posts')!.textContent).toBe('No Posts Available');
    expect(section(root, 'tag-news')!.querySelector('.post-card-title a')!.getAttribute('href')).toBe('/news/post-100');
    expect(section(root, 'tag-news')!.querySelector('.post-card-excerpt')!.textContent).toBe('Tag excerpt 100');
    // The slots, filled from the mirror after hydration (tests/unit/app/components/ads).
    const ads = [...root.querySelectorAll('.ad-slot')].map((a) => a.getAttribute('aria-label'));
    expect(ads).toEqual(['Advertisement between the sections', 'Advertisement at the foot of the page']);
    // Home-2 sits between Podcast and Hot Seats.
    const order = [...root.querySelectorAll('.tag-section, .ad-slot')].map((e) => e.id || 'ad');
    expect(order.indexOf('ad')).toBe(4);
    expect(root.querySelectorAll('.share-buttons a').length).toBe(3);
    expect(root.querySelector('.reveal-out')).toBeNull(); // content visible without JavaScript
    document.body.innerHTML = '';
  });

  it('the side list of Articles holds at most 7', () => {
    const d = data();
    (d[ep.tag('cloud-computing')].body as any).posts.featured = list(200, 12, 'featured');
    document.body.innerHTML = serverHtml(<TagPage />, '/tag/cloud-computing', d, PATTERN).html;
    expect(document.querySelectorAll('#tag-articles .side-list .post-row').length).toBe(7);
    document.body.innerHTML = '';
  });

  it('an Articles section with only its lead has no side list (no empty bordered box)', () => {
    const d = data();
    (d[ep.tag('cloud-computing')].body as any).posts.featured = list(200, 1, 'featured');
    document.body.innerHTML = serverHtml(<TagPage />, '/tag/cloud-computing', d, PATTERN).html;
    expect(document.querySelectorAll('#tag-articles .post-card').length).toBe(1);
    expect(document.querySelector('#tag-articles .side-list')).toBeNull();
    document.body.innerHTML = '';
  });

  it('Future Ready is left out when the list is empty', () => {
    document.body.innerHTML = serverHtml(<TagPage />, '/tag/cloud-computing', data(0), PATTERN).html;
    expect(document.querySelector('#tag-futureready')).toBeNull();
    document.body.innerHTML = '';
  });
});

describe('tag page: Category side menu', () => {
  it('opens to 120 px, closes on outside click, and scrolls smoothly with the section offset', () => {
    m = mount(<TagPage />, '/tag/cloud-computing', data(), { pattern: PATTERN });
    expect(m.recoverable).toEqual([]);
    const handle = m.container.querySelector('.tag-menu-handle')!;
    const panel = m.container.querySelector<HTMLElement>('.tag-menu-panel')!;
    expect(handle.textContent).toBe('Category');
    expect(panel.hidden).toBe(true);
    click(handle);
    expect(handle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(panel.style.height).toBe('120px');
    pointerDown(panel);
    expect(panel.hidden).toBe(false);
    pointerDown(document.body);
    expect(panel.hidden).toBe(true);

    const target = section(m.container, 'tag-hotseats') as HTMLElement;
    target.getBoundingClientRect = () => ({ top: 1500 }) as DOMRect;
    click(handle);
    const entry = [...panel.querySelectorAll('button')].find((b) => b.textContent === 'Hot Seats')!;
    click(entry);
    const offset = TAG_SECTIONS.find((s) => s.id === 'tag-hotseats')!.offset;
    expect(offset).toBe(90);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1500 - 90, behavior: 'smooth' });
    expect(alertMock).not.toHaveBeenCalled();
  });

  it("alerts 'Nohing is there!!!...' when the target section is missing", () => {
    m = mount(<TagPage />, '/tag/cloud-computing', data(0), { pattern: PATTERN });
    click(m.container.querySelector('.tag-menu-handle'));
    click([...m.container.querySelectorAll('.tag-menu-panel button')].find((b) => b.textContent === 'Future Ready')!);
    expect(alertMock).toHaveBeenCalledWith('Nohing is there!!!...');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('the side menu scrolls each section to an offset of 60, 85 or 90 px', () => {
    expect(new Set(TAG_SECTIONS.map((s) => s.offset))).toEqual(new Set([60, 85, 90]));
  });
});

/** Let the mirror fetch resolve and React commit, until `done` holds (a hang is ended by the test's limit). */
async function settle(done: () => boolean) {
  while (!done()) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
}

describe('tag page: client navigation', () => {
  for (const status of [500, 501]) {
    it(`a tag whose mirror says ${status} goes to /404`, async () => {
      vi.stubGlobal('fetch', vi.fn(mirrorFetch({ [ep.tag('gone')]: { status, body: { error: 'x' } } })));
      m = mount(<TagPage />, '/tag/gone', {}, { hydrate: false, pattern: PATTERN });
      await settle(() => m!.container.querySelector('[data-testid="location"]') !== null);
      expect(m.container.querySelector('[data-testid="location"]')!.textContent).toBe('/404');
    });
  }

  it('other failures are logged and the page stays', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(mirrorFetch({})));
    m = mount(<TagPage />, '/tag/unknown', {}, { hydrate: false, pattern: PATTERN });
    await settle(() => m!.container.querySelector('h1') !== null);
    expect(m.container.querySelector('[data-testid="location"]')).toBeNull();
    expect(m.container.querySelector('h1')!.textContent).toBe('Unknown');
    expect(log).toHaveBeenCalled();
  });
});
