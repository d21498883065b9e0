// The topic kind's fetches (src/site/kinds/topic.ts): every page of every listing, by the page
// counts its first pages give. A process that publishes again gets the same array back while the
// listings and counts are the same (the crawl's wanted paths then compare nothing of it), and the
// answer always equals what a build that keeps nothing makes.
import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { newSiteKept } from '../../../src/site/kept.ts';
import { topic } from '../../../src/site/kinds/topic.ts';
import type { SiteContextForKinds } from '../../../src/site/types.ts';

const ctx: SiteContextForKinds = { now: '2026-01-15T12:00:00.000Z', today: '2026-01-15', warn: () => {} };
const page = (totalPages: number, title = 'A') => ({ status: 200, body: { posts: { postData: [{ id: 1, cat_slug: 'news', post_name: 'a', post_title: title }], pagination: { totalPages, currentPage: 1, totalItems: totalPages * 10 } } } });

function snapshot(newsPages: number, title = 'A'): Snapshot {
  const s = new Snapshot();
  s.set(ep.subcatList(), { status: 200, body: [{ subcat_id: 1, subcat_slug: 'cloud', subcat_name: 'Cloud' }] });
  s.set(ep.topic('news', null, 1), page(newsPages, title));
  s.set(ep.topic('news', 'cloud', 1), page(2, title));
  return s;
}

describe('topic fetches', () => {
  it('lists every page of every listing, and in a process that publishes again gives the same array while no count changed', () => {
    const oneOff = topic.fetches!(snapshot(3), ctx);
    expect(oneOff).toEqual(expect.arrayContaining([ep.subcatList(), ep.topic('news', null, 1), ep.topic('news', null, 2), ep.topic('news', null, 3), ep.topic('news', 'cloud', 1), ep.topic('news', 'cloud', 2)]));
    expect(oneOff).not.toContain(ep.topic('news', null, 4));
    const session = { ...ctx, kept: newSiteKept() };
    const first = topic.fetches!(snapshot(3), session);
    expect(first).toEqual(oneOff);
    // An edit on a first page: the same counts, the same array.
    expect(topic.fetches!(snapshot(3, 'Edited'), session)).toBe(first);
    // A post added: a fourth page.
    const more = topic.fetches!(snapshot(4), session);
    expect(more).not.toBe(first);
    expect(more).toContain(ep.topic('news', null, 4));
    expect(more).toEqual(topic.fetches!(snapshot(4), ctx));
  });
});
