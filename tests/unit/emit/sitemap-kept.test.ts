// In a publish session, a shard rendered again after one entry changed renders only
// that entry through the sitemap package; the others' <url> elements are the kept ones
// (src/emit/sitemap.ts). A one-off build keeps none. The package's stream is wrapped to count
// the items it is given.
import { describe, expect, it, vi } from 'vitest';
import { newEmitKept } from '../../../src/emit/kept.ts';
import { noteReplaced } from '../../../src/lists/list-change.ts';
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
    const kept = newEmitKept();
    rendered.items = 0;
    const entries = Array.from({ length: 40 }, (_, i) => entry(i));
    await renderSitemaps(entries, site, undefined, [], kept);
    expect(rendered.items).toBe(40);
    rendered.items = 0;
    const next = entries.map((e, i) => (i === 7 ? entry(7, '2026-02-01T00:00:00.000Z') : e));
    const [, shard] = await renderSitemaps(next, site, undefined, [], kept);
    expect(rendered.items).toBe(1);
    // The same bytes as the package rendering every entry afresh.
    rendered.items = 0;
    const [, whole] = await renderSitemaps(next.map((e) => ({ ...e })), site);
    expect(rendered.items).toBe(40);
    expect(shard.contents).toBe(whole.contents);
    expect(shard.contents).toContain('<lastmod>2026-02-01T00:00:00.000Z</lastmod>');
  });

  it('after a noted replacement, reads only the changed shard of the list; unnoted changes are found by comparing, with the same bytes', async () => {
    const kept = newEmitKept();
    const entries = Array.from({ length: 40 }, (_, i) => entry(i + 200));
    await renderSitemaps(entries, site, 4, [], kept);
    // Entry 7 replaced and noted as such (how the plan patches the list, src/plan/index.ts).
    const replaced = entries.map((e, i) => (i === 7 ? entry(207, '2026-03-01T00:00:00.000Z') : e));
    let reads = 0;
    const counted = new Proxy(replaced, { get: (t, k, r) => (typeof k === 'string' && /^\d+$/.test(k) && (reads += 1), Reflect.get(t, k, r)) });
    noteReplaced(counted, entries, [7]);
    const files = await renderSitemaps(counted, site, 4, [], kept);
    // Shard 1 (entries 4-7) is read, nothing else of 40.
    expect(reads).toBe(4);
    const fresh = async (list: SitemapEntry[]) => renderSitemaps(list.map((e) => ({ ...e })), site, 4);
    expect(files).toEqual(await fresh(replaced));
    // Not noted: entry 30 replaced in a plain copy; its shard is found by comparing and rendered again.
    await renderSitemaps(replaced, site, 4, [], kept);
    const unnoted = replaced.map((e, i) => (i === 30 ? entry(230, '2026-04-01T00:00:00.000Z') : e));
    const again = await renderSitemaps(unnoted, site, 4, [], kept);
    expect(again[8].contents).toContain('2026-04-01');
    expect(again).toEqual(await fresh(unnoted));
    // Shorter and longer lists (no note): every shard as a fresh render gives it.
    await renderSitemaps(unnoted, site, 4, [], kept);
    expect(await renderSitemaps(unnoted.slice(0, 37), site, 4, [], kept)).toEqual(await fresh(unnoted.slice(0, 37)));
    expect(await renderSitemaps(unnoted, site, 4, [], kept)).toEqual(await fresh(unnoted));
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
