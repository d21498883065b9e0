// What a change-driven crawl re-reads first, from the REFs (src/crawl/changed-refs.ts).
import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import type { PostItem } from '../../../src/api/types.ts';
import { resolveRefs, type Targets } from '../../../src/crawl/changed-refs.ts';
import { parseRef } from '../../../src/webhook/refs.ts';

const oldPosts = new Map<number, PostItem>([[7, { id: 7, cat_slug: 'news', post_name: 'seven' } as PostItem]]);
const idOfDetails = (path: string) => [...oldPosts.values()].find((i) => ep.postDetails(i.cat_slug, i.post_name) === path)?.id;
const routeDeps = (path: string) => (path === '/about' ? [ep.ads()] : undefined);
const resolve = (...refs: string[]) => resolveRefs(refs.map(parseRef), idOfDetails, routeDeps) as Targets;

describe('resolving REFs', () => {
  it('names posts by id, through their route or their details path', () => {
    expect([...resolve('post:3').posts]).toEqual([3]);
    expect([...resolve('/api/post/postdetails/news/seven').posts]).toEqual([7]);
    expect([...resolve('/news/seven').posts]).toEqual([7]);
  });

  it('fetches the details of a post the last build did not have, to learn its id', () => {
    const t = resolve('/news/brand-new');
    expect(t.newDetails).toEqual([ep.postDetails('news', 'brand-new')]);
    expect([...t.paths]).toEqual([ep.postDetails('news', 'brand-new')]);
  });

  it('names events, authors, ads, the category lists and other API paths', () => {
    expect([...resolve('event:summit', '/events/expo', '/past-events/old').events]).toEqual(['summit', 'expo', 'old']);
    expect([...resolve('author:jane', '/author/john', '/api/author/details/ann').authors]).toEqual(['jane', 'john', 'ann']);
    expect([...resolve('ads').paths]).toEqual([ep.ads()]);
    const c = resolve('categories');
    expect(c.categories).toBe(true);
    expect([...c.paths]).toEqual([ep.subcatList(), ep.categoryAll()]);
    expect([...resolve('/api/post/homelatest').paths]).toEqual([ep.homeLatest()]);
  });

  it('reads a route of the last build through its deps', () => {
    expect([...resolve('/about').paths]).toEqual([ep.ads()]);
  });

  it('falls back for a route that is no page and fits no pattern', () => {
    expect(resolveRefs([parseRef('/nowhere/at/all')], idOfDetails, routeDeps)).toEqual({ fallback: '/nowhere/at/all is not a page of the last build' });
  });
});
