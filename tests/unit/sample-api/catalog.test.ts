// The indexes must agree with the plain rules they speed up.
import { describe, expect, it } from 'vitest';
import { buildCatalog, matchesSubcat, newestFirst, patchCatalog, search, type Catalog } from '../../../src/sample-api/catalog.ts';
import { generateCorpus } from '../../../src/sample-api/corpus.ts';
import { mutations } from '../../../src/sample-api/mutate.ts';
import { mulberry32 } from '../../helpers/rng.ts';

describe('catalog indexes', () => {
  it('bySubcat equals the brute-force "subcat or keywords contain it" rule, newest first', () => {
    const c = generateCorpus({ posts: 600, corpus: 'hostile' });
    c.posts[3].keywords = 'Cloud-Computing, something about big data and more, iot';
    const cat = buildCatalog(c);
    const published = c.posts.filter((p) => p.status === 'publish').sort(newestFirst);
    for (const s of c.subcats) {
      const expected = published.filter((p) => matchesSubcat(c, p, s)).map((p) => p.id);
      expect(cat.bySubcat.get(s.subcat_slug)!.map((p) => p.id), s.subcat_slug).toEqual(expected);
    }
  });

  it('bySubcatCat and byAuthorSubcat equal bySubcat filtered by category and by author', () => {
    const c = generateCorpus({ posts: 600, corpus: 'hostile' });
    const cat = buildCatalog(c);
    let nonEmpty = 0;
    for (const s of c.subcats) {
      const all = cat.bySubcat.get(s.subcat_slug)!;
      for (const k of c.categories) {
        const expected = all.filter((p) => c.categories[p.cat].cat_slug === k.cat_slug).map((p) => p.id);
        expect(cat.bySubcatCat.get(s.subcat_slug)!.get(k.cat_slug)?.map((p) => p.id) ?? [], `${s.subcat_slug}/${k.cat_slug}`).toEqual(expected);
        if (expected.length) nonEmpty += 1;
      }
      for (const a of c.authors) {
        const expected = all.filter((p) => c.authors[p.author].author_name === a.author_name).map((p) => p.id);
        expect(cat.byAuthorSubcat.get(a.author_name)?.get(s.subcat_slug)?.map((p) => p.id) ?? [], `${a.author_name}/${s.subcat_slug}`).toEqual(expected);
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it('search equals a plain substring filter on title or keywords', () => {
    const c = generateCorpus({ posts: 600, corpus: 'hostile' });
    const cat = buildCatalog(c);
    for (const term of ['cloud', 'ZERO TRUST', '%', "'", 'café', 'x'.repeat(40), 'a\u0001b', 'guest post: what']) {
      const t = term.toLowerCase();
      const expected = cat.byDate.filter((p) => p.title.toLowerCase().includes(t) || (p.keywords ?? '').toLowerCase().includes(t)).map((p) => p.id);
      expect(search(cat, 'all', term).map((p) => p.id), term).toEqual(t.includes('\u0001') ? [] : expected);
    }
  });

  it('an edit that moves no post is indexed by patching the search text; the catalog equals one built again after each of 120 random mutations', () => {
    const c = generateCorpus({ posts: 300, seed: 9, today: '2026-01-15' });
    const rand = mulberry32(9);
    let cat: Catalog = buildCatalog(c);
    let patched = 0;
    const m = mutations(c, (refs) => {
      const ids = refs.map((r) => (/^post:\d+$/.test(r) ? Number(r.slice(5)) : NaN));
      if (ids.length > 0 && !ids.some(Number.isNaN) && patchCatalog(cat, ids)) patched += 1;
      else cat = buildCatalog(c);
    });
    const view = (k: Catalog) => ({
      byDate: k.byDate.map((p) => p.id),
      lists: [k.byCat, k.bySubcat, k.byAuthor].map((map) => [...map].map(([key, posts]) => [key, posts.map((p) => p.id)])),
      byPath: [...k.byPath].map(([key, p]) => [key, p.id]).sort(),
      haystack: k.haystack,
      starts: [...k.starts],
    });
    for (let round = 0; round < 120; round++) {
      const live = c.posts.filter((p) => p.status === 'publish');
      const p = live[Math.floor(rand() * live.length)];
      const r = rand();
      if (r < 0.55) m.editPost(p.id, { post_title: `Edited ${round} ${rand() < 0.5 ? 'Zero Trust' : 'é'.repeat(round % 7)}` });
      else if (r < 0.65) m.editPost(p.id, { post_date: new Date(Date.UTC(2025, 0, 1 + Math.floor(rand() * 300))).toISOString() });
      else if (r < 0.72) m.editPost(p.id, { meta_keywords: rand() < 0.5 ? 'iot, cloud computing' : 'none' });
      else if (r < 0.8) m.unpublishPost(p.id);
      else if (r < 0.9) m.addPost({ cat_slug: 'news', post_title: `New ${round}` });
      else m.deletePost(p.id);
      expect(view(cat)).toEqual(view(buildCatalog(c)));
      expect(search(cat, 'all', 'edited').map((x) => x.id)).toEqual(search(buildCatalog(c), 'all', 'edited').map((x) => x.id));
    }
    // Most were title edits, patched in place.
    expect(patched).toBeGreaterThan(40);
  });
});
