// A feed of a publish session is its frame and its items' kept elements
// (src/emit/feeds/render.ts): it must be the bytes a one-off build renders, whichever items were
// rendered before and whatever the site's URL and language are now.
import { describe, expect, it } from 'vitest';
import { newEmitKept } from '../../../../src/emit/kept.ts';
import type { FeedArticle } from '../../../../src/emit/feeds/model.ts';
import { atom, jsonFeed, rss, type FeedMeta } from '../../../../src/emit/feeds/render.ts';

const meta = (over: Partial<FeedMeta> = {}): FeedMeta => ({ scope: { kind: 'site' }, title: 'Site', description: 'All of it', link: 'https://site.example/', siteUrl: 'https://site.example', language: 'en', image: 'https://site.example/logo.png', emptyDate: '2026-03-01T00:00:00.000Z', ...over });
const article = (i: number, title = `Title ${i}`): FeedArticle => ({
  id: `tag:site.example,2026-01-0${i}:post/${i}`,
  url: `https://site.example/news/p${i}`,
  title,
  excerpt: `Excerpt ${i} <b>`,
  date: new Date(Date.UTC(2026, 0, 10 - i)),
  category: { slug: 'news', name: 'News' },
  ...(i % 2 ? { image: { url: `https://site.example/p${i}.png`, type: 'image/png' } } : {}),
  ...(i % 3 ? { author: { slug: 'jane', name: 'Jane', url: 'https://site.example/author/jane' } } : {}),
});
type Fragments = Parameters<typeof rss>[2];
const all = (m: FeedMeta, items: readonly FeedArticle[], fragments?: Fragments) => [rss(m, items, fragments), atom(m, items, fragments), jsonFeed(m, items, fragments)];

describe('feeds rendered from kept elements', () => {
  it('equal a one-off render as items come, go and change, and follow the site URL and language', () => {
    const a = [1, 2, 3, 4, 5, 6].map((i) => article(i));
    const edited = article(3, 'Edited </item> ]]> "title"');
    const steps: [FeedMeta, FeedArticle[]][] = [
      [meta(), a.slice(0, 4)],
      [meta(), a.slice(0, 4)],
      [meta(), [a[0], a[1], edited, a[3]]],
      [meta(), [a[4], a[0], a[1], edited]],
      [meta({ language: 'de' }), [a[4], a[0], a[1], edited]],
      [meta({ siteUrl: 'https://other.example' }), [a[4], a[0], a[1], edited]],
      [meta(), [a[5]]],
      [meta(), []],
    ];
    const want = steps.map(([m, items]) => all(m, items));
    const { fragments } = newEmitKept().feeds;
    steps.forEach(([m, items], step) => expect({ step, feeds: all(m, items, fragments) }).toEqual({ step, feeds: want[step] }));
    expect(want[4][2]).toContain('"language": "de"');
  });
});
