import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';

describe('paged endpoint paths', () => {
  it('spell a listing page one way, with sorted query keys and encoded slugs, asked once or again', () => {
    // Asked twice: the second answer (kept) is the first's spelling.
    for (let i = 0; i < 2; i++) expect(ep.topic('news', null, 3)).toBe('/api/post/topic/news?limit=10&page=3');
    expect(ep.topic('news', 'ai & ml', 2, 20)).toBe('/api/post/topic/news/ai%20%26%20ml?limit=20&page=2');
    expect(ep.topic('news', '', 1)).toBe(ep.topic('news', null, 1));
    expect(ep.authorPosts('jane doe', null, 1)).toBe('/api/author/posts/jane%20doe?limit=10&page=1');
    expect(ep.authorPosts('jane', 'security', 4)).toBe('/api/author/posts/jane/security?limit=10&page=4');
    // Another category, sub-category, author or limit is another path.
    expect(new Set([ep.topic('news', null, 1), ep.topic('tech', null, 1), ep.topic('news', 'ai', 1), ep.topic('news', null, 1, 20), ep.authorPosts('news', null, 1)]).size).toBe(5);
  });

  it('spell pages an API could send (huge, fractional, negative) as before, without keeping them', () => {
    expect(ep.topic('news', null, 10 ** 9)).toBe('/api/post/topic/news?limit=10&page=1000000000');
    expect(ep.topic('news', null, 1.5)).toBe('/api/post/topic/news?limit=10&page=1.5');
    expect(ep.topic('news', null, -1)).toBe('/api/post/topic/news?limit=10&page=-1');
  });
});
