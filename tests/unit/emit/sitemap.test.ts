import { describe, expect, it } from 'vitest';
import { renderSitemaps, SITEMAP_SHARD_LIMIT } from '../../../src/emit/sitemap.ts';
import type { SitemapEntry } from '../../../src/plan/types.ts';

const site = { url: 'https://site.example' };
const entry = (n: number, lastmod?: string): SitemapEntry => ({ url: `https://site.example/p/${n}`, images: [], ...(lastmod ? { lastmod } : {}) });

describe('sitemap sharding', () => {
  const urls = (contents: string) => contents.match(/<loc>[^<]+<\/loc>/g) ?? [];

  it('splits at 2,000 URLs by default', async () => {
    expect(SITEMAP_SHARD_LIMIT).toBe(2_000);
    const files = await renderSitemaps(Array.from({ length: 4_001 }, (_, i) => entry(i)), site);
    expect(files.map((f) => f.path)).toEqual(['sitemap.xml', 'sitemaps/sitemap-0.xml', 'sitemaps/sitemap-1.xml', 'sitemaps/sitemap-2.xml']);
    expect(files.slice(1).map((f) => urls(f.contents).length)).toEqual([2_000, 2_000, 1]);
    expect(urls(files[2].contents)[0]).toBe('<loc>https://site.example/p/2000</loc>');
  });

  it('takes an injected limit, a positive integer', async () => {
    const files = await renderSitemaps([1, 2, 3, 4, 5].map((n) => entry(n)), site, 2);
    expect(files.slice(1).map((f) => urls(f.contents).map((u) => u.slice(-9, -6)))).toEqual([['p/1', 'p/2'], ['p/3', 'p/4'], ['p/5']]);
    await expect(renderSitemaps([], site, 0)).rejects.toThrow(RangeError);
  });

  it('writes an index of absolute shard URLs with each shard\'s newest lastmod', async () => {
    const files = await renderSitemaps([entry(1, '2026-01-01T00:00:00.000Z'), entry(2, '2026-01-03T00:00:00.000Z'), entry(3), entry(4), entry(5, '2025-12-01T00:00:00.000Z')], site, 2);
    expect(files.map((f) => f.path)).toEqual(['sitemap.xml', 'sitemaps/sitemap-0.xml', 'sitemaps/sitemap-1.xml', 'sitemaps/sitemap-2.xml']);
    const index = files[0].contents;
    expect(index.match(/<loc>[^<]+<\/loc>/g)).toEqual([0, 1, 2].map((n) => `<loc>https://site.example/sitemaps/sitemap-${n}.xml</loc>`));
    expect(index).toContain('<lastmod>2026-01-03T00:00:00.000Z</lastmod>');
    expect(files[1].contents.match(/<loc>[^<]+<\/loc>/g)).toEqual(['<loc>https://site.example/p/1</loc>', '<loc>https://site.example/p/2</loc>']);
    expect(files[2].contents).not.toContain('<lastmod>');
  });

  it('renders a shard from kept elements exactly as the sitemap package renders it whole, across changed, added and removed entries', async () => {
    const news = (n: number, title: string): SitemapEntry => ({ url: `https://site.example/n/${n}`, images: [`https://img.example/${n}.jpg`], lastmod: '2026-01-14T00:00:00.000Z', news: { title, publicationDate: '2026-01-14T00:00:00.000Z' } });
    let entries: SitemapEntry[] = [...Array.from({ length: 30 }, (_, i) => entry(i, i % 2 ? '2026-01-01T00:00:00.000Z' : undefined)), news(1, 'A & B'), news(2, '<C>')];
    const whole = async (list: SitemapEntry[]) => {
      // A fresh copy of every entry: nothing kept applies, the package renders each shard whole.
      return renderSitemaps(list.map((e) => ({ ...e })), site, 12);
    };
    for (let step = 0; step < 4; step++) {
      const kept = await renderSitemaps(entries, site, 12);
      expect(kept).toEqual(await whole(entries));
      // Between publishes: one entry changed, one added, one removed; the rest are the same objects.
      entries = entries.map((e, i) => (i === step * 3 ? { ...e, lastmod: `2026-02-0${step + 1}T00:00:00.000Z` } : e));
      entries.splice(step + 5, 1);
      entries.push(news(10 + step, `Title ${step} "quoted"`));
    }
    // The last state without any element kept from before.
    expect(await renderSitemaps(entries, site, 12)).toEqual(await whole(entries));
  });

  it('escapes XML special characters', async () => {
    const [, shard] = await renderSitemaps([{ url: 'https://site.example/a?x=1&y=2', images: ['https://img.example/a.jpg?w=1&h=2'] }], site);
    expect(shard.contents).toContain('<loc>https://site.example/a?x=1&amp;y=2</loc>');
    expect(shard.contents).toContain('<image:loc>https://img.example/a.jpg?w=1&amp;h=2</image:loc>');
  });

  it('leaves Google News markup to the news sitemap: a recent article is a plain URL with its images in the shard', async () => {
    const [, shard] = await renderSitemaps([{ url: 'https://site.example/a', images: ['https://img.example/a.jpg'], lastmod: '2026-01-14T00:00:00.000Z', news: { title: 'Tom & "Jerry" <3', publicationDate: '2026-01-14T00:00:00.000Z' } }], site);
    expect(shard.contents).toContain('<loc>https://site.example/a</loc>');
    expect(shard.contents).toContain('<image:loc>https://img.example/a.jpg</image:loc>');
    expect(shard.contents).not.toContain('news');
    expect(shard.contents).not.toContain('Jerry');
  });

  it('a second render with one entry changed gives that shard the new entry and the others the same bytes (a kept shard is never stale)', async () => {
    const entries = [entry(1, '2026-01-01T00:00:00.000Z'), entry(2), entry(3), entry(4)];
    const first = await renderSitemaps(entries, site, 2);
    const again = await renderSitemaps(entries, site, 2);
    expect(again).toEqual(first);
    const changed = await renderSitemaps([entries[0]!, entries[1]!, entries[2]!, entry(40, '2026-01-05T00:00:00.000Z')], site, 2);
    expect(changed[1]).toEqual(first[1]);
    expect(changed[2]!.contents).toContain('<loc>https://site.example/p/40</loc>');
    expect(changed[2]!.contents).not.toContain('/p/4<');
    expect(changed[0]!.contents).toContain('<lastmod>2026-01-05T00:00:00.000Z</lastmod>');
    // The same shard for another site is rendered for it, not taken from the other site's.
    const other = await renderSitemaps(entries, { url: 'https://other.example' }, 2);
    expect(other[1]).toEqual(first[1]);
    expect(other[0]!.contents).toContain('<loc>https://other.example/sitemaps/sitemap-0.xml</loc>');
  });
});
