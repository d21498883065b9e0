// In a process that publishes again, a shard rendered again after one entry changed renders only
// that entry through the sitemap package; the others' <url> elements are the kept ones
// (src/emit/sitemap.ts). A one-off build keeps none. The package's stream is wrapped to count
// the items it is given.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setKeepsForNextBuild } from '../../../src/core/resident.ts';
import type { SitemapEntry } from '../../../src/plan/types.ts';

const rendered = vi.hoisted(() => ({ items: 0 }));
vi.mock('sitemap', async (original) => {
  const m = await original<typeof import('sitemap')>();
  class CountingStream extends m.SitemapStream {
    override _transform(item: unknown, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
      rendered.items += 1;
      super._transform(item as never, encoding, callback);
    }
  }
  return { ...m, SitemapStream: CountingStream };
});

const { renderSitemaps } = await import('../../../src/emit/sitemap.ts');
const site = { url: 'https://site.example', name: 'Site', language: 'en' };
const entry = (n: number, lastmod = '2026-01-01T00:00:00.000Z'): SitemapEntry => ({ url: `https://site.example/p/${n}`, images: [], lastmod });

describe('sitemap shards between publishes', () => {
  it('renders only the changed entry through the package and keeps the bytes a whole render gives', async () => {
    setKeepsForNextBuild(true);
    onTestFinished(() => setKeepsForNextBuild(false));
    rendered.items = 0;
    const entries = Array.from({ length: 40 }, (_, i) => entry(i));
    await renderSitemaps(entries, site);
    expect(rendered.items).toBe(40);
    rendered.items = 0;
    const next = entries.map((e, i) => (i === 7 ? entry(7, '2026-02-01T00:00:00.000Z') : e));
    const [, shard] = await renderSitemaps(next, site);
    expect(rendered.items).toBe(1);
    // The same bytes as the package rendering every entry afresh.
    rendered.items = 0;
    const [, whole] = await renderSitemaps(next.map((e) => ({ ...e })), site);
    expect(rendered.items).toBe(40);
    expect(shard.contents).toBe(whole.contents);
    expect(shard.contents).toContain('<lastmod>2026-02-01T00:00:00.000Z</lastmod>');
  });

  it('in a one-off build, renders every entry through the package each time (nothing kept), with the same bytes', async () => {
    const entries = Array.from({ length: 40 }, (_, i) => entry(i + 100));
    rendered.items = 0;
    const [, first] = await renderSitemaps(entries, site);
    const [, again] = await renderSitemaps(entries, site);
    expect(rendered.items).toBe(80);
    expect(again.contents).toBe(first.contents);
  });
});
