import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { categoryCounts, contentOf, generateCorpus, serializeCorpus, type Corpus } from '../../../src/sample-api/corpus.ts';
import { HOSTILE_RECORDS } from '../../../src/sample-api/hostile.ts';

// Real HTTP on shared CI machines: allow for load rather than fail on a busy core.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

function hash(c: Corpus): string {
  const h = createHash('sha256');
  for (const chunk of serializeCorpus(c)) h.update(chunk);
  return h.digest('hex');
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('corpus generator', () => {
  it('is deterministic: same seed and size give the same bytes, another seed differs', () => {
    expect(hash(generateCorpus({ seed: 7, posts: 400 }))).toBe(hash(generateCorpus({ seed: 7, posts: 400 })));
    expect(hash(generateCorpus({ seed: 7, posts: 400 }))).not.toBe(hash(generateCorpus({ seed: 8, posts: 400 })));
    expect(hash(generateCorpus({ seed: 7, posts: 400, corpus: 'hostile' }))).toBe(hash(generateCorpus({ seed: 7, posts: 400, corpus: 'hostile' })));
  });

  it('mixes categories about 55 % news, 22 % quick-bytes and 14 % featured, with at least 8 posts in every category', () => {
    const counts150 = categoryCounts(150);
    expect(counts150.reduce((a, b) => a + b, 0)).toBe(150);
    for (const n of counts150) expect(n).toBeGreaterThanOrEqual(8);
    expect(counts150[0]).toBeGreaterThan(50); // news paginates at limit 10
    expect(counts150[1]).toBeGreaterThan(20); // quick-bytes too
    const big = categoryCounts(50_000);
    expect(big[0] / 50_000).toBeCloseTo(0.55, 1);
    expect(big[1] / 50_000).toBeCloseTo(0.22, 1);
    expect(big[2] / 50_000).toBeCloseTo(0.14, 1);
  });

  it('has well-formed normal records: slugs, authors, dates, drafts, bodies', () => {
    const c = generateCorpus();
    expect(c.posts).toHaveLength(150);
    expect(c.subcats.length).toBeGreaterThanOrEqual(38);
    expect(c.authors.length).toBeGreaterThanOrEqual(15);
    expect(c.authors.filter((a) => a.author_photo === null).length).toBeGreaterThanOrEqual(2);
    const perCat = new Map<number, Set<string>>();
    for (const p of c.posts) {
      expect(p.name).toMatch(SLUG);
      const set = perCat.get(p.cat) ?? new Set();
      expect(set.has(p.name)).toBe(false);
      set.add(p.name);
      perCat.set(p.cat, set);
      expect(p.date).toBeLessThanOrEqual(c.todayMs);
      expect(p.date).toBeGreaterThan(c.todayMs - 731 * 86_400_000);
    }
    for (const s of c.subcats) expect(s.subcat_slug).toMatch(SLUG);
    for (const a of c.authors) expect(a.author_name).toMatch(SLUG);
    for (const e of c.events) expect(e.event_slug).toMatch(SLUG);
    expect(c.posts.filter((p) => c.todayMs - p.date <= 2 * 86_400_000).length).toBeGreaterThanOrEqual(3);
    expect(c.posts.filter((p) => p.status === 'draft').length).toBeGreaterThanOrEqual(2);
    expect(new Set(c.posts.map((p) => p.bannerShow))).toEqual(new Set([0, 1]));
    expect(c.posts.some((p) => p.podcast?.startsWith('https://www.youtube.com/watch?v='))).toBe(true);
    const bodies = c.posts.map((p) => contentOf(c, p)).join('\n');
    for (const tag of ['<h2>', '<h3>', '<h4>', '<ul>', '<img ', '<a href=', '<iframe ']) expect(bodies).toContain(tag);
    expect(bodies).not.toMatch(/lorem/i);
    expect(contentOf(c, c.posts[3])).toBe(contentOf(generateCorpus(), generateCorpus().posts[3]));
  });

  it('has events on both sides of today, three ad types with rotation, redirects and views', () => {
    const c = generateCorpus({ today: '2025-03-01' });
    const t = Date.parse('2025-03-01');
    expect(c.events.length).toBeGreaterThanOrEqual(30);
    expect(c.events.filter((e) => Date.parse(e.event_date) >= t).length).toBeGreaterThan(9);
    expect(c.events.filter((e) => Date.parse(e.event_date) < t).length).toBeGreaterThan(9);
    expect(c.events.some((e) => e.podcast_link)).toBe(true);
    expect(c.events.some((e) => e.event_location === 'Virtual') || c.events.length > 0).toBe(true);
    for (const type of ['Home-2', 'Footer-3', 'Post-1']) expect(c.ads.filter((a) => a.active && a.banner_type === type).length).toBeGreaterThanOrEqual(2);
    expect(c.ads.some((a) => a.duration_time === null)).toBe(true);
    expect(c.redirects.length).toBeGreaterThanOrEqual(5);
    expect(c.baseViews.length).toBeGreaterThan(10);
  });

  it('generates 50,000 posts in a few seconds', () => {
    const t0 = performance.now();
    const c = generateCorpus({ posts: 50_000 });
    expect(c.posts).toHaveLength(50_000);
    expect(performance.now() - t0).toBeLessThan(8_000);
  });

  it('hostile corpus = normal corpus + every listed hostile record', () => {
    const normal = generateCorpus({ posts: 150 });
    const c = generateCorpus({ posts: 150, corpus: 'hostile' });
    expect(c.posts.slice(0, 150)).toEqual(normal.posts);
    for (const r of HOSTILE_RECORDS) {
      const found =
        r.kind === 'post' ? c.posts.some((p) => p.name === r.key && c.categories[p.cat].cat_slug === r.cat)
        : r.kind === 'category' ? c.categories.some((k) => k.cat_slug === r.key)
        : r.kind === 'subcat' ? c.subcats.some((s) => s.subcat_slug === r.key)
        : r.kind === 'author' ? c.authors.some((a) => a.author_name === r.key)
        : r.kind === 'event' ? c.events.some((e) => e.event_slug === r.key)
        : r.kind === 'ad' ? c.ads.some((a) => String(a.banner_id) === r.key)
        : c.redirects.some((x) => x.current_url === r.key);
      expect(found, `${r.kind} ${JSON.stringify(r.key)}`).toBe(true);
    }
    const names = c.posts.map((p) => p.name);
    expect(names).toContain('caf\u00e9-review');
    expect(names).toContain('cafe\u0301-review');
    expect(names.some((n) => Buffer.byteLength(n) >= 300)).toBe(true);
  });
});
