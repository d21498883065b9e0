// Programmatic edits of the corpus, as a CMS makes them (docs/sample-api.md): posts here, other
// records in mutate-records.ts; `--mutable` serves the same functions over HTTP.
// Each mutation checks all its input before changing anything, then reports the REFs it changed
// (src/webhook/refs.ts); the server reindexes, drops its cache, advances Last-Modified and notifies.
// Ids only move forward, so a REF names one record for good and the same edits give the same corpus.

import { escapeHtml } from '../encoding/html.ts';
import type { Corpus, PostRec } from './corpus.ts';
import { checkFields, flag, isoDate, MutationError, nullable, oneOf, slug, text, type Spec } from './fields.ts';
import { locate, type RecordMutations, recordMutations } from './mutate-records.ts';
import { slugify } from './prng.ts';

export { MutationError } from './fields.ts';
export type { AdFields, EventFields, NewAd, NewEvent, NewSubcat, RecordMutations, SubcatFields } from './mutate-records.ts';

export interface PostFields {
  post_title?: string;
  post_name?: string;
  post_content?: string;
  meta_keywords?: string | null;
  banner_img?: string | null;
  banner_show?: number;
  podcast_link?: string | null;
  /** ISO 8601 date or date-time with a zone */
  post_date?: string;
  /** moves the post to another category (its REF stays post:ID) */
  cat_slug?: string;
  subcat_slug?: string | null;
  author_name?: string;
  status?: 'publish' | 'draft';
}

export interface NewPost extends PostFields {
  cat_slug: string;
  post_title: string;
}

export interface Mutations extends RecordMutations {
  editPost(id: number, fields: PostFields): void;
  /** The new post's id. */
  addPost(fields: NewPost): number;
  deletePost(id: number): void;
  unpublishPost(id: number): void;
}

/** Called after each mutation with the REFs it changed, e.g. ["post:12"]. */
export type Changed = (refs: string[]) => void;

export const POST_SPEC: Spec = {
  post_title: text(500),
  post_name: slug,
  post_content: text(1_000_000, true),
  meta_keywords: nullable(text(2000, true)),
  banner_img: nullable(text(2048)),
  banner_show: flag,
  podcast_link: nullable(text(2048)),
  post_date: isoDate,
  cat_slug: text(200),
  subcat_slug: nullable(text(200)),
  author_name: text(200),
  status: oneOf('publish', 'draft'),
};

type Checked = Omit<PostFields, 'post_date'> & { post_date?: number };

/** One output file per spelling the site folds together (src/site/slug.ts collisionKey). */
const pathKey = (cat: number, name: string) => `${cat}/${name.normalize('NFC').toLowerCase()}`;

/** Index of the record whose `field` is `value`, or a 400 naming the field and where to find the known values. */
function indexOf<T>(list: readonly T[], field: keyof T & string, value: string, noun: string, hint: string): number {
  const i = list.findIndex((x) => x[field] === value);
  if (i === -1) throw new MutationError(400, `field "${field}": no ${noun} "${value}" (${hint})`, field);
  return i;
}

/** The record changes of checked fields, references resolved: computed in full before anything changes. */
function resolve(c: Corpus, f: Checked): Partial<PostRec> {
  const r: Partial<PostRec> = {};
  if (f.post_title !== undefined) r.title = f.post_title;
  if (f.post_name !== undefined) r.name = f.post_name;
  if (f.post_content !== undefined) r.content = f.post_content;
  if (f.meta_keywords !== undefined) r.keywords = f.meta_keywords;
  if (f.banner_img !== undefined) r.banner = f.banner_img;
  if (f.banner_show !== undefined) r.bannerShow = f.banner_show;
  if (f.podcast_link !== undefined) r.podcast = f.podcast_link;
  if (f.post_date !== undefined) r.date = f.post_date;
  if (f.status !== undefined) r.status = f.status;
  if (f.cat_slug !== undefined) r.cat = indexOf(c.categories, 'cat_slug', f.cat_slug, 'category', 'GET /api/category/all lists them');
  if (f.subcat_slug !== undefined) r.subcat = f.subcat_slug === null ? -1 : indexOf(c.subcats, 'subcat_slug', f.subcat_slug, 'sub-category', 'GET /api/category/subcatlist lists them');
  if (f.author_name !== undefined) r.author = indexOf(c.authors, 'author_name', f.author_name, 'author', 'the author_name of a post names one');
  return r;
}

/** 409 when another post already has this category and name (they would share one page). */
function ensureFreePath(c: Corpus, self: PostRec | null, cat: number, name: string): void {
  const key = pathKey(cat, name);
  const other = c.posts.find((q) => q !== self && pathKey(q.cat, q.name) === key);
  if (other) throw new MutationError(409, `field "post_name": "${name}" is already the post_name of post ${other.id} in category ${c.categories[cat].cat_slug}`, 'post_name');
}

/** A post_name for a new post from its title: the title's slug ("untitled" if it has none), with -2, -3... when taken. */
function freshName(c: Corpus, cat: number, title: string): string {
  const base = slugify(title);
  const taken = new Set(c.posts.filter((q) => q.cat === cat).map((q) => pathKey(cat, q.name)));
  let name = base;
  for (let k = 2; taken.has(pathKey(cat, name)); k++) name = `${base}-${k}`;
  return name;
}

/** Mutations over `corpus`; `changed` is called after each with the REFs it changed. */
export function mutations(corpus: Corpus, changed: Changed): Mutations {
  let nextId = corpus.posts.reduce((m, p) => Math.max(m, p.id), 0) + 1;
  const find = (id: number) => locate(corpus.posts, (p) => p.id === id, `post with id ${id}`);
  return {
    editPost(id, fields) {
      const p = corpus.posts[find(id)];
      const change = resolve(corpus, checkFields<Checked>(`post ${id}`, fields, POST_SPEC, [], true));
      if (change.cat !== undefined || change.name !== undefined) ensureFreePath(corpus, p, change.cat ?? p.cat, change.name ?? p.name);
      Object.assign(p, change);
      changed([`post:${id}`]);
    },
    addPost(fields) {
      const f = checkFields<Checked & { cat_slug: string; post_title: string }>('a new post', fields, POST_SPEC, ['cat_slug', 'post_title']);
      const change = resolve(corpus, f);
      const cat = change.cat!;
      if (change.name !== undefined) ensureFreePath(corpus, null, cat, change.name);
      const name = change.name ?? freshName(corpus, cat, f.post_title);
      const template = corpus.posts.find((p) => p.cat === cat) ?? corpus.posts[0];
      const id = nextId++;
      const p: PostRec = {
        ...template,
        id,
        name,
        status: 'publish',
        date: corpus.todayMs, // newest by default: it is "today's" post
        content: `<p>${escapeHtml(f.post_title)}</p>`,
        readingTime: undefined,
        ...change,
      };
      corpus.posts.push(p);
      changed([`post:${id}`]);
      return id;
    },
    deletePost(id) {
      corpus.posts.splice(find(id), 1);
      changed([`post:${id}`]);
    },
    unpublishPost(id) {
      corpus.posts[find(id)].status = 'draft';
      changed([`post:${id}`]);
    },
    ...recordMutations(corpus, changed),
  };
}
