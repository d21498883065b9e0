// The static search index's parts (src/emit/search-parts.ts): how many, which
// article goes where, and that bringing the parts up to date by a change gives
// what working them out from the whole article set gives, naming exactly the
// parts whose articles changed and sharing the others.
import { describe, expect, it } from 'vitest';
import { assignParts, changedParts, MAX_PARTS, PART_ARTICLES, partFolder, partOf, partsFileText, partTarget, type SearchParts } from '../../../src/emit/search-parts.ts';
import { mulberry32 } from '../../helpers/rng.ts';

const article = (slug: string) => ({ kind: 'article', path: `/news/${slug}`, file: `news/${slug}/index.html` });

describe('partTarget and partOf', () => {
  it('aims at parts of at most PART_ARTICLES articles, a power of two, at most MAX_PARTS', () => {
    expect([0, 1, PART_ARTICLES].map(partTarget)).toEqual([1, 1, 1]);
    expect(partTarget(PART_ARTICLES + 1)).toBe(2);
    expect(partTarget(4 * PART_ARTICLES)).toBe(4);
    expect(partTarget(4 * PART_ARTICLES + 1)).toBe(8);
    expect(partTarget(2000)).toBe(MAX_PARTS);
    expect(partTarget(1_000_000)).toBe(MAX_PARTS);
  });

  it('places a file by its hash alone, within the count', () => {
    const files = Array.from({ length: 500 }, (_, i) => article(`story-${i}`).file);
    for (const count of [1, 2, 8, 32]) {
      const parts = files.map((f) => partOf(f, count));
      expect(parts.every((p) => p >= 0 && p < count)).toBe(true);
      expect(files.map((f) => partOf(f, count))).toEqual(parts);
      if (count > 1) expect(new Set(parts).size).toBe(count);
    }
  });

  it('names the first part the index folder itself and lists the others', () => {
    expect(partFolder(0)).toBe('');
    expect(partFolder(3)).toBe('parts/3/');
    expect(partsFileText(1)).toBe('{"parts":[]}\n');
    expect(JSON.parse(partsFileText(4))).toEqual({ parts: ['parts/1/', 'parts/2/', 'parts/3/'] });
  });
});

describe('assignParts', () => {
  it('puts every article in its part once, in path order, and nothing else', () => {
    const routes = [article('zeta'), { kind: 'topic', path: '/topic/news', file: 'topic/news/index.html' }, ...Array.from({ length: 200 }, (_, i) => article(`s-${(i * 37) % 200}`))];
    const parts = assignParts(routes);
    expect(parts.count).toBe(4);
    expect(parts.articles).toBe(201);
    const all = parts.members.flat();
    expect(all.map((p) => p.file).sort()).toEqual(routes.filter((r) => r.kind === 'article').map((r) => r.file).sort());
    parts.members.forEach((m, i) => {
      expect(m.every((p) => partOf(p.file, 4) === i)).toBe(true);
      expect(m.map((p) => p.path)).toEqual(m.map((p) => p.path).sort());
    });
  });

  it('halves the count while a part would be empty (every part must have a language for Pagefind)', () => {
    // PART_ARTICLES + 1 articles that all hash to part 0 of 2: 2 parts are aimed at, 1 is made.
    const same: ReturnType<typeof article>[] = [];
    for (let i = 0; same.length <= PART_ARTICLES; i++) if (partOf(article(`x-${i}`).file, 2) === 0) same.push(article(`x-${i}`));
    const parts = assignParts(same);
    expect(partTarget(same.length)).toBe(2);
    expect(parts.count).toBe(1);
    expect(parts.members[0]).toHaveLength(same.length);
  });
});

describe('changedParts', () => {
  /** The parts worked out whole and by the change agree, over random adds, deletes and edits. */
  it('gives what assignParts gives, naming the parts whose articles came or went and the articles rendered again, sharing the others', () => {
    const rng = mulberry32(41);
    // Around 256 articles, where the count moves between four and eight parts.
    let live = Array.from({ length: 250 }, (_, i) => article(`start-${i}`));
    let parts: SearchParts = assignParts(live);
    let next = 0;
    let incremental = 0;
    for (let step = 0; step < 300; step++) {
      const rendered: { kind: string; path: string; file: string }[] = [];
      const deleted: string[] = [];
      const touched = new Set<string>();
      const edits = new Set<string>();
      for (let k = 1 + Math.floor(rng() * 3); k > 0; k--) {
        const r = rng();
        if (r < 0.4 && live.length > 0) {
          const i = Math.floor(rng() * live.length);
          if (touched.has(live[i]!.file)) continue;
          touched.add(live[i]!.file);
          edits.add(live[i]!.file);
          rendered.push({ ...live[i]! });
        } else if (r < 0.7 && live.length > 1) {
          const i = Math.floor(rng() * live.length);
          if (touched.has(live[i]!.file)) continue;
          touched.add(live[i]!.file);
          deleted.push(live[i]!.file);
          live = live.filter((_, j) => j !== i);
        } else {
          const a = article(`new-${next++}`);
          touched.add(a.file);
          live = [...live, a];
          rendered.push(a);
        }
      }
      // Pages that are not articles come and go too, and change nothing.
      rendered.push({ kind: 'topic', path: '/topic/news', file: 'topic/news/index.html' });
      deleted.push(`tag/gone-${step}/index.html`);
      const whole = assignParts(live);
      const change = changedParts(parts, rendered, deleted);
      if (change) {
        incremental += 1;
        expect(change.parts).toEqual(whole);
        const moved = new Set([...touched].filter((f) => !edits.has(f)).map((f) => partOf(f, parts.count)));
        expect(new Set(change.moved)).toEqual(moved);
        // The articles rendered again outside those parts, as their parts held them.
        const edited = new Map<number, string[]>();
        for (const f of edits) if (!moved.has(partOf(f, parts.count))) edited.set(partOf(f, parts.count), [...(edited.get(partOf(f, parts.count)) ?? []), f]);
        expect(new Map([...change.edited].map(([part, pages]) => [part, pages.map((p) => p.file).sort()]))).toEqual(new Map([...edited].map(([part, files]) => [part, files.sort()])));
        for (const [part, pages] of change.edited) for (const p of pages) expect(parts.members[part]).toContain(p);
        change.parts.members.forEach((m, i) => {
          if (!moved.has(i)) expect(m).toBe(parts.members[i]);
        });
      } else {
        // Only when the count moves (or an empty part would halve it).
        expect(whole.count === parts.count && whole.count === partTarget(whole.articles)).toBe(false);
      }
      parts = whole;
    }
    expect(incremental).toBeGreaterThan(200);
    expect(incremental, 'some steps moved the count').toBeLessThan(300);
  });

  it('works the parts out whole when the count changes', () => {
    const live = Array.from({ length: 2 * PART_ARTICLES }, (_, i) => article(`a-${i}`));
    const parts = assignParts(live);
    expect(parts.count).toBe(2);
    expect(changedParts(parts, [article('one-more')], [])).toBeUndefined();
    expect(changedParts(parts, [], [live[0]!.file])).toBeDefined();
  });
});
