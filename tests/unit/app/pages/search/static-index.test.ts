// The search page's side of the static index (src/app/pages/search/static-index.ts):
// the list item it makes of a Pagefind hit, which the cards and list rows
// render as they render the live search's items.
import { describe, expect, it } from 'vitest';
import { INDEX_CATEGORY_FILTER, partFolders, postFromHit, STATIC_INDEX_PARTS, STATIC_INDEX_SCRIPT, type IndexHit } from '../../../../../src/app/pages/search/static-index.ts';
import { partsFileText } from '../../../../../src/emit/search-parts.ts';
import { CATEGORY_FILTER, STATIC_INDEX_DIR, STATIC_INDEX_PARTS_FILE } from '../../../../../src/site/search-index.ts';

describe('the names the search page repeats', () => {
  it('are the ones the build uses: the script and the list of parts in the index folder, the category filter', () => {
    expect(STATIC_INDEX_SCRIPT).toBe(`/${STATIC_INDEX_DIR}/pagefind.js`);
    expect(STATIC_INDEX_PARTS).toBe(`/${STATIC_INDEX_DIR}/${STATIC_INDEX_PARTS_FILE}`);
    expect(INDEX_CATEGORY_FILTER).toBe(CATEGORY_FILTER);
  });
});

describe('partFolders', () => {
  it('reads the list of parts the build writes', () => {
    expect(partFolders(JSON.parse(partsFileText(1)))).toEqual([]);
    expect(partFolders(JSON.parse(partsFileText(4)))).toEqual(['parts/1/', 'parts/2/', 'parts/3/']);
  });

  it.each([
    ['no list', {}],
    ['not an object', null],
    ['a folder of another shape', { parts: ['parts/1'] }],
    ['a folder outside the index', { parts: ['../assets/'] }],
    ['an absolute URL', { parts: ['https://example.com/parts/1/'] }],
    ['a number', { parts: [1] }],
  ])('refuses %s', (_, list) => {
    expect(() => partFolders(list)).toThrow(/list of parts/);
  });
});

describe('postFromHit', () => {
  const hit = (over: Partial<IndexHit> = {}, meta: Record<string, string | undefined> = {}): IndexHit => ({
    url: '/news/report-71',
    meta: { id: '42', title: 'Report: 71%, and more', date: '2026-03-02T08:51:00.000Z', author: 'Hale, Marcus', author_slug: 'marcus-hale', image: '/uploads/a.jpg', category: 'News', ...meta },
    ...over,
  });

  it('gives the list item the live search would: slugs from the URL, the rest from the metadata', () => {
    expect(postFromHit(hit())).toEqual({
      id: 42,
      post_title: 'Report: 71%, and more',
      post_name: 'report-71',
      cat_slug: 'news',
      post_author: 'Hale, Marcus',
      author_name: 'marcus-hale',
      post_date: '2026-03-02T08:51:00.000Z',
      banner_img: '/uploads/a.jpg',
      cat_name: 'News',
    });
  });

  it('decodes percent-encoded slugs (the route path is encoded per segment)', () => {
    const p = postFromHit(hit({ url: `/${encodeURIComponent('café')}/${encodeURIComponent('über-uns')}` }));
    expect(p).toMatchObject({ cat_slug: 'café', post_name: 'über-uns' });
  });

  it('reads a missing image as none and leaves optional fields out', () => {
    const p = postFromHit(hit({}, { image: undefined, author_slug: undefined, category: undefined, author: undefined }));
    expect(p).toEqual({ id: 42, post_title: 'Report: 71%, and more', post_name: 'report-71', cat_slug: 'news', post_author: '', post_date: '2026-03-02T08:51:00.000Z', banner_img: null });
  });

  it.each([
    ['a URL that is not /{cat}/{post}', hit({ url: '/topic/news/ai' })],
    ['a URL with a trailing slash', hit({ url: '/news/report-71/' })],
    ['an absolute URL', hit({ url: 'https://example.com/news/x' })],
    ['a broken escape', hit({ url: '/news/%E0%A4%A' })],
    ['no id', hit({}, { id: undefined })],
    ['an id that is not an integer', hit({}, { id: '4.2' })],
    ['no title', hit({}, { title: undefined })],
    ['no date', hit({}, { date: undefined })],
  ])('drops %s', (_, h) => {
    expect(postFromHit(h)).toBeNull();
  });
});
