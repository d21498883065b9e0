// Programmatic edits for incremental-build tests (an edit, an addition, a
// deletion and an unpublish: docs/sample-api.md, "Programmatic use"). Each mutation
// changes the corpus, then the server rebuilds its indexes, drops its response
// cache and advances Last-Modified, so conditional GETs see the change.

import type { Corpus, PostRec } from './corpus.ts';
import { slugify } from './prng.ts';

export interface PostFields {
  post_title?: string;
  post_name?: string;
  post_content?: string;
  meta_keywords?: string | null;
  banner_img?: string | null;
  banner_show?: number;
  podcast_link?: string | null;
  post_date?: string;
  subcat_slug?: string | null;
  author_name?: string;
  /** Moves the post to another category (its URL changes with it). */
  cat_slug?: string;
}

export interface NewPost extends PostFields {
  cat_slug: string;
  post_title: string;
  status?: 'publish' | 'draft';
}

export interface Mutations {
  editPost(id: number, fields: PostFields): void;
  addPost(fields: NewPost): number;
  deletePost(id: number): void;
  unpublishPost(id: number): void;
}

function find(c: Corpus, id: number): number {
  const i = c.posts.findIndex((p) => p.id === id);
  if (i === -1) throw new Error(`sample API mutate: no post with id ${id}`);
  return i;
}

function apply(c: Corpus, p: PostRec, f: PostFields): void {
  if (f.post_title !== undefined) p.title = f.post_title;
  if (f.post_name !== undefined) p.name = f.post_name;
  if (f.post_content !== undefined) p.content = f.post_content;
  if (f.meta_keywords !== undefined) p.keywords = f.meta_keywords;
  if (f.banner_img !== undefined) p.banner = f.banner_img;
  if (f.banner_show !== undefined) p.bannerShow = f.banner_show;
  if (f.podcast_link !== undefined) p.podcast = f.podcast_link;
  if (f.post_date !== undefined) {
    const ms = Date.parse(f.post_date);
    if (Number.isNaN(ms)) throw new Error(`sample API mutate: post_date is not a date: ${f.post_date}`);
    p.date = ms;
  }
  if (f.subcat_slug !== undefined) {
    p.subcat = f.subcat_slug === null ? -1 : c.subcats.findIndex((s) => s.subcat_slug === f.subcat_slug);
    if (f.subcat_slug !== null && p.subcat === -1) throw new Error(`sample API mutate: unknown sub-category ${f.subcat_slug}`);
  }
  if (f.cat_slug !== undefined) {
    const cat = c.categories.findIndex((x) => x.cat_slug === f.cat_slug);
    if (cat === -1) throw new Error(`sample API mutate: unknown category ${f.cat_slug}`);
    p.cat = cat;
  }
  if (f.author_name !== undefined) {
    p.author = c.authors.findIndex((a) => a.author_name === f.author_name);
    if (p.author === -1) throw new Error(`sample API mutate: unknown author ${f.author_name}`);
  }
}

/** Mutations over `corpus`; `changed` is called after each so the server can reindex. */
export function mutations(corpus: Corpus, changed: () => void): Mutations {
  return {
    editPost(id, fields) {
      const p = corpus.posts[find(corpus, id)];
      apply(corpus, p, fields);
      changed();
    },
    addPost(fields) {
      const cat = corpus.categories.findIndex((x) => x.cat_slug === fields.cat_slug);
      if (cat === -1) throw new Error(`sample API mutate: unknown category ${fields.cat_slug}`);
      const id = corpus.posts.reduce((m, p) => Math.max(m, p.id), 0) + 1;
      const template = corpus.posts.find((p) => p.cat === cat) ?? corpus.posts[0];
      const p: PostRec = {
        ...template,
        id,
        cat,
        name: fields.post_name ?? slugify(fields.post_title),
        status: fields.status ?? 'publish',
        date: corpus.todayMs, // newest by default: it is "today's" post
        content: undefined,
        readingTime: undefined,
      };
      apply(corpus, p, fields);
      if (p.content === undefined) p.content = `<p>${fields.post_title}</p>`;
      corpus.posts.push(p);
      changed();
      return id;
    },
    deletePost(id) {
      corpus.posts.splice(find(corpus, id), 1);
      changed();
    },
    unpublishPost(id) {
      corpus.posts[find(corpus, id)].status = 'draft';
      changed();
    },
  };
}
