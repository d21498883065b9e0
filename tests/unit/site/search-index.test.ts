// The attributes an article carries for the static search index
// (src/site/search-index.ts). tests/unit/emit/search-index.test.ts runs
// Pagefind itself over them.
import { describe, expect, it } from 'vitest';
import { articleIndexAttributes } from '../../../src/site/search-index.ts';

const post = {
  id: 42,
  post_date: '2026-03-02T08:51:00.000Z',
  post_author: 'Hale, Marcus',
  author_name: 'marcus-hale',
  banner_img: '/uploads/2026/03/a,b:c.jpg',
  cat_name: 'News: Daily',
  cat_slug: 'news',
};

describe('articleIndexAttributes', () => {
  it('marks the body, reads every field from its own attribute, and filters on the category slug', () => {
    expect(articleIndexAttributes(post)).toEqual({
      'data-pagefind-body': '',
      'data-post-id': '42',
      'data-post-date': '2026-03-02T08:51:00.000Z',
      'data-post-author': 'Hale, Marcus',
      'data-author-slug': 'marcus-hale',
      'data-post-image': '/uploads/2026/03/a,b:c.jpg',
      'data-cat-name': 'News: Daily',
      'data-pagefind-meta': 'id[data-post-id], date[data-post-date], author[data-post-author], author_slug[data-author-slug], image[data-post-image], category[data-cat-name]',
      'data-cat-slug': 'news',
      'data-pagefind-filter': 'category[data-cat-slug]',
    });
  });

  it('leaves out what the post does not have (no image, no author slug)', () => {
    const attrs = articleIndexAttributes({ ...post, banner_img: null, author_name: null });
    expect(attrs['data-post-image']).toBeUndefined();
    expect(attrs['data-author-slug']).toBeUndefined();
    expect(attrs['data-pagefind-meta']).toBe('id[data-post-id], date[data-post-date], author[data-post-author], category[data-cat-name]');
  });
});
