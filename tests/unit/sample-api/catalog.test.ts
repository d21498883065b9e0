// The indexes must agree with the plain rules they speed up.
import { describe, expect, it } from 'vitest';
import { buildCatalog, matchesSubcat, newestFirst, search } from '../../../src/sample-api/catalog.ts';
import { generateCorpus } from '../../../src/sample-api/corpus.ts';

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

  it('search equals a plain substring filter on title or keywords', () => {
    const c = generateCorpus({ posts: 600, corpus: 'hostile' });
    const cat = buildCatalog(c);
    for (const term of ['cloud', 'ZERO TRUST', '%', "'", 'café', 'x'.repeat(40), 'a\u0001b', 'guest post: what']) {
      const t = term.toLowerCase();
      const expected = cat.byDate.filter((p) => p.title.toLowerCase().includes(t) || (p.keywords ?? '').toLowerCase().includes(t)).map((p) => p.id);
      expect(search(cat, 'all', term).map((p) => p.id), term).toEqual(t.includes('\u0001') ? [] : expected);
    }
  });
});
