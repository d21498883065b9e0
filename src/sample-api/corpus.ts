// The deterministic corpus: one (seed, posts, today, kind) gives the same data
// byte for byte. Posts are compact records; bodies are composed on demand
// (titles.ts) so 50,000 posts stay small in memory.

import type { Ad, Author, Category, EventItem, RedirectRecord, SubCategory } from '../api/types.ts';
import { type Rng, chance, int, mulberry32, pick, rngFor, shuffle, slugify } from './prng.ts';
import { type TitleParts, composeBody, composeTitle, titleParts, videoId } from './titles.ts';
import { AUTHORS, CATEGORIES, SUBCATEGORIES } from './words.ts';
import { buildEvents, buildAds, buildRedirects } from './corpus-extras.ts';
import { addHostileRecords, type HostileOptions } from './hostile.ts';

export const DEFAULT_SEED = 1;
export const DEFAULT_POSTS = 150;
/** The fixed default clock, so a corpus is reproducible without --today (one clock: docs/architecture.md, "config"). */
export const DEFAULT_TODAY = '2026-01-15';
/** Every category gets at least this many posts, so every category page has content. */
export const MIN_PER_CATEGORY = 8;

/** `hostile-no-twins` is `hostile` with `hostile: { twins: false }` (the CLI's spelling). */
export type CorpusKind = 'normal' | 'hostile' | 'hostile-no-twins';

export interface CorpusOptions {
  seed?: number;
  posts?: number;
  today?: string;
  corpus?: CorpusKind;
  /** options of the hostile corpus (ignored for `normal`) */
  hostile?: HostileOptions;
}

export interface PostRec {
  id: number;
  title: string;
  name: string;
  cat: number; // index into corpus.categories
  subcat: number; // index into corpus.subcats, -1 for none
  author: number; // index into corpus.authors
  date: number; // epoch ms, UTC
  keywords: string | null;
  banner: string | null;
  bannerShow: number;
  podcast: string | null;
  status: 'publish' | 'draft';
  parts: TitleParts;
  /** Set for hostile and mutated posts; otherwise the body is composed from (seed, id). */
  content?: string;
  readingTime?: string | null;
}

export type AdRec = Omit<Ad, 'duration_time'> & { duration_time: number | null; active: boolean };

export interface Corpus {
  seed: number;
  today: string;
  todayMs: number;
  kind: 'normal' | 'hostile';
  categories: Category[];
  subcats: SubCategory[];
  authors: Author[];
  posts: PostRec[];
  events: EventItem[];
  ads: AdRec[];
  redirects: RedirectRecord[];
  /** Synthetic distinct-viewer counts per post id, so homepopular has a ranking before any POST. */
  baseViews: [number, number][];
  /** The plain-text leads made so far, by post id (./items.ts plainLead): this corpus's own, as a mutation changes them. */
  plainLeads?: Map<number, string>;
}

const DAY = 86_400_000;

export function parseToday(today: string): number {
  const ms = Date.parse(today);
  if (Number.isNaN(ms)) throw new Error(`sample API: "today" is not an ISO date: ${JSON.stringify(today)}`);
  return ms;
}

/** How many posts each category gets: a typical publication's mix (docs/sample-api.md, "The corpus"), with a floor so small categories paginate. */
export function categoryCounts(total: number): number[] {
  const small = CATEGORIES.slice(3).map((c) => Math.max(MIN_PER_CATEGORY, Math.round(c.weight * total)));
  const rest = Math.max(0, total - small.reduce((a, b) => a + b, 0));
  const big = CATEGORIES.slice(0, 3);
  const bigWeight = big.reduce((a, c) => a + c.weight, 0);
  const counts = big.map((c) => Math.floor((rest * c.weight) / bigWeight));
  counts[0] += rest - counts.reduce((a, b) => a + b, 0); // news absorbs the rounding
  return [...counts, ...small];
}

export function generateCorpus(options: CorpusOptions = {}): Corpus {
  const seed = options.seed ?? DEFAULT_SEED;
  const total = Math.max(MIN_PER_CATEGORY * CATEGORIES.length, Math.floor(options.posts ?? DEFAULT_POSTS));
  const today = options.today ?? DEFAULT_TODAY;
  const todayMs = parseToday(today);
  const rng = mulberry32(seed);

  const categories: Category[] = CATEGORIES.map((c, i) => ({ cat_id: i + 1, cat_name: c.name, cat_slug: c.slug }));
  const subcats: SubCategory[] = SUBCATEGORIES.map((name, i) => ({ subcat_id: i + 1, subcat_name: name, subcat_slug: slugify(name) }));
  const authors: Author[] = AUTHORS.map((a, i) => {
    const slug = slugify(a.name);
    return {
      author_id: i + 1,
      author_name: slug,
      author_display_name: a.name,
      author_description: a.bio,
      author_photo: a.photo ? `/uploads/author-profiles/${slug}.jpg` : null,
    };
  });

  const catSeq: number[] = [];
  categoryCounts(total).forEach((n, cat) => {
    for (let i = 0; i < n; i++) catSeq.push(cat);
  });
  shuffle(rng, catSeq);

  const posts = buildPosts(seed, rng, catSeq, todayMs, subcats);
  const corpus: Corpus = {
    seed,
    today,
    todayMs,
    kind: options.corpus === undefined || options.corpus === 'normal' ? 'normal' : 'hostile',
    categories,
    subcats,
    authors,
    posts,
    events: buildEvents(seed, todayMs),
    ads: buildAds(),
    redirects: buildRedirects(posts, categories),
    baseViews: buildViews(rng, posts),
  };
  if (corpus.kind === 'hostile') addHostileRecords(corpus, options.corpus === 'hostile-no-twins' ? { ...options.hostile, twins: false } : options.hostile);
  return corpus;
}

function buildPosts(seed: number, rng: Rng, catSeq: number[], todayMs: number, subcats: SubCategory[]): PostRec[] {
  const n = catSeq.length;
  const span = 730 * DAY;
  const start = todayMs - span;
  const recent = Math.min(6, Math.max(3, Math.floor(n * 0.02)));
  const usedNames = CATEGORIES.map(() => new Map<string, number>()); // slug -> last suffix used
  const draftEvery = Math.max(25, Math.floor(n / 40)); // ~2.5% drafts at 1k+, a handful at 150
  const posts: PostRec[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const id = i + 1;
    const cat = catSeq[i];
    const catSlug = CATEGORIES[cat].slug;
    const r = rngFor(seed, 'post', id);
    const subcat = chance(r, 0.88) ? int(r, 0, subcats.length - 1) : -1;
    const techIdx = subcat >= 0 ? subcat : int(r, 0, subcats.length - 1);
    const parts = titleParts(r, SUBCATEGORIES[techIdx]);
    const title = composeTitle(r, catSlug, parts);
    // Headlines repeat at 50k posts: a per-base counter keeps uniqueness O(1), not O(k^2).
    const baseName = slugify(title);
    let name = baseName;
    for (let k = usedNames[cat].get(baseName) ?? 1; usedNames[cat].has(name); k++) {
      name = `${baseName}-${k + 1}`;
      usedNames[cat].set(baseName, k + 1);
    }
    usedNames[cat].set(name, usedNames[cat].get(name) ?? 1);

    // Dates rise with id over the two years before today, with jitter so ids and dates
    // are not perfectly aligned; the last few posts fall in the final two days (news sitemap).
    let date = i >= n - recent ? todayMs - int(r, 1, 47) * 3_600_000 : start + Math.floor((i / n) * (span - 2 * DAY)) + int(r, 0, 36) * 3_600_000;
    date = Math.floor(date / 60_000) * 60_000;
    if (i % 97 === 5 && i > 0) date = posts[i - 1].date; // deliberate ties: id DESC must break them

    const kw = new Set<string>();
    kw.add(SUBCATEGORIES[techIdx].toLowerCase());
    for (let k = int(r, 0, 2); k > 0; k--) kw.add(pick(r, SUBCATEGORIES).toLowerCase());
    const yyyy = new Date(date).getUTCFullYear();
    const mm = String(new Date(date).getUTCMonth() + 1).padStart(2, '0');
    const isPod = catSlug === 'podcasts' || (catSlug === 'interview' && chance(r, 0.3));
    posts[i] = {
      id,
      title,
      name,
      cat,
      subcat,
      author: authorFor(r, catSlug),
      date,
      keywords: chance(r, 0.02) ? null : [...kw].join(', '),
      banner: `/uploads/${yyyy}/${mm}/${name.slice(0, 60)}.jpg`,
      bannerShow: chance(r, 0.85) ? 1 : 0,
      podcast: isPod ? (chance(r, 0.7) ? `https://www.youtube.com/watch?v=${videoId(r)}` : `https://youtu.be/${videoId(r)}`) : null,
      status: cat <= 1 && id % draftEvery === 7 ? 'draft' : 'publish',
      parts,
    };
  }
  return posts;
}

function authorFor(r: Rng, catSlug: string): number {
  switch (catSlug) {
    case 'guest-author':
      return pick(r, [13, 14]);
    case 'interview':
      return 10;
    case 'podcasts':
      return 8;
    case 'learning-center':
      return pick(r, [9, 12, 4]);
    default:
      return pick(r, [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 15, 16, 17]);
  }
}

function buildViews(rng: Rng, posts: PostRec[]): [number, number][] {
  const n = Math.min(80, Math.ceil(posts.length / 3));
  const seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const p = posts[int(rng, 0, posts.length - 1)];
    if (p.status === 'publish') seen.set(p.id, int(rng, 1, 400));
  }
  return [...seen.entries()].sort((a, b) => a[0] - b[0]);
}

/** The body of a post: explicit (hostile, mutated) or composed from (seed, id). */
export function contentOf(corpus: Corpus, p: PostRec): string {
  if (p.content !== undefined) return p.content;
  const d = new Date(p.date);
  const dir = `/uploads/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return composeBody(corpus.seed, p.id, p.parts, dir);
}

/** A canonical serialisation (bodies included) for the determinism tests. */
export function* serializeCorpus(corpus: Corpus): Generator<string> {
  // The leads are derived from the posts: not part of what a corpus is.
  const { posts, plainLeads: _leads, ...rest } = corpus;
  yield JSON.stringify(rest);
  for (const p of posts) yield `\n${JSON.stringify({ ...p, content: contentOf(corpus, p) })}`;
}
