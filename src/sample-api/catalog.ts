// Indexes over the corpus, built once at start-up (and again after a mutation),
// so no request scans 50,000 posts except search. Every list is published posts
// only, ordered post_date DESC, id DESC (docs/api-contract.md, "General rules").

import type { Author, EventItem, SubCategory } from '../api/types.ts';
import { lowerBound } from '../lists/sorted.ts';
import type { Corpus, PostRec } from './corpus.ts';

export interface Catalog {
  corpus: Corpus;
  /** published posts, newest first */
  byDate: PostRec[];
  byCat: Map<string, PostRec[]>;
  /** sub-category slug -> posts whose subcat is it or whose keywords name it */
  bySubcat: Map<string, PostRec[]>;
  /** sub-category slug -> category slug -> its bySubcat posts in that category: a sub-category's topic page and tag lists read a page of it, not every post of the sub-category */
  bySubcatCat: Map<string, Map<string, PostRec[]>>;
  /** author name -> sub-category slug -> the author's posts in that sub-category's bySubcat list, newest first (an author's sub-category listing reads a page of it) */
  byAuthorSubcat: Map<string, Map<string, PostRec[]>>;
  byAuthor: Map<string, PostRec[]>;
  /** `${cat_slug}/${post_name}` -> post, drafts included (preview) */
  byPath: Map<string, PostRec>;
  byId: Map<number, PostRec>;
  subcatBySlug: Map<string, SubCategory>;
  authorById: Map<number, Author>;
  authorBySlug: Map<string, Author>;
  eventBySlug: Map<string, EventItem>;
  /** lowercased `title \u0001 keywords \u0000` of every byDate post, in order, for search: HAYSTACK_CHUNK posts to a string */
  haystack: string[];
  /** where byDate[i] starts in its chunk of the haystack (chunk i / HAYSTACK_CHUNK) */
  starts: Int32Array;
  /** Each post's fields that place it in the indexes above, by id, as they were when they were built (patchCatalog). */
  placed: Map<number, string>;
}

/** What puts a post in the catalog's lists and maps (everything but its title and body, which only search reads). */
const placeOf = (p: PostRec): string => JSON.stringify([p.status, p.date, p.cat, p.author, p.subcat, p.keywords ?? null, p.name]);

export function newestFirst(a: PostRec, b: PostRec): number {
  return b.date - a.date || b.id - a.id;
}

/** Sub-category match: the post's own sub-category, or its keywords naming it (dashes read as spaces). */
export function matchesSubcat(c: Corpus, p: PostRec, sub: SubCategory): boolean {
  if (p.subcat >= 0 && c.subcats[p.subcat].subcat_slug === sub.subcat_slug) return true;
  if (!p.keywords) return false;
  const kw = p.keywords.toLowerCase();
  return kw.includes(sub.subcat_slug.toLowerCase().replace(/-/g, ' ')) || kw.includes(sub.subcat_slug.toLowerCase());
}

function push<K>(m: Map<K, PostRec[]>, k: K, p: PostRec): void {
  const list = m.get(k);
  if (list) list.push(p);
  else m.set(k, [p]);
}

/**
 * Sub-categories named in a keywords string by the contract's "contains" rule. A phrase has no comma,
 * and generated keywords are exact names, so most pieces resolve by one map lookup instead of 80
 * substring scans per post.
 */
export function keywordMatcher(subcats: SubCategory[]): (keywords: string) => number[] {
  const phrases = subcats.map((s) => [s.subcat_slug.toLowerCase().replace(/-/g, ' '), s.subcat_slug.toLowerCase()] as const);
  const scan = (piece: string) => phrases.flatMap(([spaced, raw], i) => (piece.includes(spaced) || piece.includes(raw) ? [i] : []));
  const exact = new Map<string, number[]>();
  for (const [spaced, raw] of phrases) {
    exact.set(spaced, scan(spaced));
    exact.set(raw, scan(raw));
  }
  return (keywords) => keywords.toLowerCase().split(',').flatMap((piece) => exact.get(piece.trim()) ?? scan(piece));
}

export function buildCatalog(c: Corpus): Catalog {
  const byDate = c.posts.filter((p) => p.status === 'publish').sort(newestFirst);
  const byCat = new Map<string, PostRec[]>(c.categories.map((cat) => [cat.cat_slug, []]));
  const byAuthor = new Map<string, PostRec[]>(c.authors.map((a) => [a.author_name, []]));
  const bySubcat = new Map<string, PostRec[]>(c.subcats.map((s) => [s.subcat_slug, []]));
  const matcher = keywordMatcher(c.subcats);
  const lastPost = new Int32Array(c.subcats.length).fill(-1); // de-duplicates per post
  byDate.forEach((p, i) => {
    push(byCat, c.categories[p.cat].cat_slug, p);
    push(byAuthor, c.authors[p.author].author_name, p);
    const add = (s: number) => {
      if (lastPost[s] === i) return;
      lastPost[s] = i;
      bySubcat.get(c.subcats[s].subcat_slug)!.push(p);
    };
    // Push in sub-category order so every list stays newest first.
    if (p.subcat >= 0) add(p.subcat);
    if (p.keywords) for (const s of matcher(p.keywords)) add(s);
  });
  const bySubcatCat = new Map<string, Map<string, PostRec[]>>();
  const byAuthorSubcat = new Map<string, Map<string, PostRec[]>>();
  for (const [slug, list] of bySubcat) {
    const byCatOfSub = new Map<string, PostRec[]>();
    bySubcatCat.set(slug, byCatOfSub);
    for (const p of list) {
      push(byCatOfSub, c.categories[p.cat].cat_slug, p);
      const name = c.authors[p.author].author_name;
      let mine = byAuthorSubcat.get(name);
      if (!mine) byAuthorSubcat.set(name, (mine = new Map()));
      push(mine, slug, p);
    }
  }
  const byPath = new Map<string, PostRec>();
  const byId = new Map<number, PostRec>();
  const placed = new Map<number, string>();
  for (const p of c.posts) {
    byPath.set(`${c.categories[p.cat].cat_slug}/${p.name}`, p);
    byId.set(p.id, p);
    placed.set(p.id, placeOf(p));
  }
  return {
    corpus: c,
    byDate,
    byCat,
    bySubcat,
    bySubcatCat,
    byAuthorSubcat,
    byAuthor,
    byPath,
    byId,
    subcatBySlug: new Map(c.subcats.map((s) => [s.subcat_slug, s])),
    authorById: new Map(c.authors.map((a) => [a.author_id, a])),
    authorBySlug: new Map(c.authors.map((a) => [a.author_name, a])),
    eventBySlug: new Map(c.events.map((e) => [e.event_slug, e])),
    ...buildHaystack(byDate),
    placed,
  };
}

/**
 * Updates the catalog after in-place edits that moved no post in any list (status, date, category,
 * author, sub-category, keywords and slug unchanged): only changed titles' search text. False, with
 * nothing changed, when it must be rebuilt. A CMS does not re-index on an edit, so an edit's latency
 * through the sample (bench/publish.ts) is the site's.
 */
export function patchCatalog(cat: Catalog, ids: readonly number[]): boolean {
  // A post added or deleted changes the number of posts (each mutation is indexed on its own).
  if (cat.corpus.posts.length !== cat.placed.size) return false;
  const posts = ids.map((id) => cat.byId.get(id));
  if (posts.some((p, k) => !p || cat.placed.get(ids[k]) !== placeOf(p))) return false;
  for (const p of posts as PostRec[]) {
    if (p.status !== 'publish') continue;
    // Its place among the published posts, newest first (its date and id did not move).
    const lo = lowerBound(cat.byDate, p, newestFirst);
    if (cat.byDate[lo] !== p) return false;
    // Only its chunk of the search text is made again: a few hundred posts, not a string of every title.
    const k = Math.floor(lo / HAYSTACK_CHUNK);
    const end = chunkEnd(k, cat.starts.length);
    const from = cat.starts[lo];
    const to = lo + 1 < end ? cat.starts[lo + 1] : cat.haystack[k].length;
    const entry = haystackEntry(p);
    if (cat.haystack[k].slice(from, to) === entry) continue;
    cat.haystack[k] = cat.haystack[k].slice(0, from) + entry + cat.haystack[k].slice(to);
    const delta = entry.length - (to - from);
    for (let i = lo + 1; i < end; i++) cat.starts[i] += delta;
  }
  return true;
}

/** Posts to a chunk of the search text: an edit makes one chunk again (patchCatalog), a search reads each with indexOf. */
export const HAYSTACK_CHUNK = 256;
/** The place after the last post of chunk k. */
const chunkEnd = (k: number, posts: number): number => Math.min(posts, (k + 1) * HAYSTACK_CHUNK);

const haystackEntry = (p: PostRec): string => `${p.title.toLowerCase()}\u0001${(p.keywords ?? '').toLowerCase()}\u0000`;

// A few big lowercased strings searched with indexOf beat 50,000 includes() calls; the separators never
// occur in a term, so no match spans two fields or posts.
function buildHaystack(posts: PostRec[]): { haystack: string[]; starts: Int32Array } {
  const starts = new Int32Array(posts.length);
  const haystack: string[] = [];
  for (let k = 0; k * HAYSTACK_CHUNK < posts.length; k++) {
    const parts: string[] = [];
    let off = 0;
    for (let i = k * HAYSTACK_CHUNK; i < chunkEnd(k, posts.length); i++) {
      starts[i] = off;
      const entry = haystackEntry(posts[i]);
      parts.push(entry);
      off += entry.length;
    }
    haystack.push(parts.join(''));
  }
  return { haystack, starts };
}

export interface Page<T> {
  items: T[];
  pagination: { page: number; limit: number; totalItems: number; totalPages: number };
}

/** Clamp as the contract asks of the sample API: limit 1..100, page >= 1; bad input falls back to defaults. */
export function clampPaging(pageRaw: string | null, limitRaw: string | null, defLimit = 10): { page: number; limit: number } {
  const num = (s: string | null, d: number) => {
    const n = s === null || s.trim() === '' ? NaN : Number(s);
    return Number.isFinite(n) ? Math.trunc(n) : d;
  };
  return { page: Math.max(1, num(pageRaw, 1)), limit: Math.min(100, Math.max(1, num(limitRaw, defLimit))) };
}

export function paginate<T>(all: readonly T[], page: number, limit: number): Page<T> {
  const totalItems = all.length;
  return {
    items: all.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, totalItems, totalPages: totalItems === 0 ? 0 : Math.ceil(totalItems / limit) },
  };
}

/** Case-insensitive substring on title or keywords; the term is data (no patterns, no SQL). */
export function search(cat: Catalog, catSlug: string, term: string): PostRec[] {
  const t = term.toLowerCase();
  const all = catSlug === 'all';
  const out: PostRec[] = [];
  if (t === '' || /[\u0000\u0001]/.test(t)) return out; // separators are never content
  const { haystack, starts, byDate } = cat;
  haystack.forEach((text, k) => {
    const first = k * HAYSTACK_CHUNK;
    const end = chunkEnd(k, starts.length);
    let from = 0;
    for (;;) {
      const at = text.indexOf(t, from);
      if (at === -1) break;
      // The post of this chunk holding this offset: the last start <= at (binary search).
      let lo = first;
      let hi = end - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= at) lo = mid;
        else hi = mid - 1;
      }
      const p = byDate[lo];
      if (all || cat.corpus.categories[p.cat].cat_slug === catSlug) out.push(p);
      from = lo + 1 < end ? starts[lo + 1] : text.length;
    }
  });
  return out;
}
