// The static search index in parts (docs/decisions/0101-search-index-in-parts.md). Pagefind cannot
// remove or replace a page, so one index was rebuilt whole each story (2-5 s at 2,000 articles, of a
// publish otherwise a tenth of a second). The articles are split into parts, each its own index; a
// publish rebuilds only parts with an article added, removed or rendered to another text. The search
// page loads the first part as the primary and merges the others (`mergeIndex`), listed in
// `pagefind/pressroom-parts.json`.
//
// An article's part follows from the article set alone, so a change-driven build matches a full one:
// - the count is the smallest power of two giving at most PART_ARTICLES articles a part on average
//   (at most MAX_PARTS), halved while a part would be empty (the primary needs a language);
// - an article's part is the FNV-1a hash of its file, modulo the count;
// - a part's articles are indexed in plan order.
// A change of count rebuilds every part once.
import { fnv1a } from '../encoding/fnv.ts';
import { firstNotBefore } from '../lists/sorted.ts';
import { INDEXED_KINDS, STATIC_INDEX_DIR, STATIC_INDEX_PARTS_FILE } from '../site/search-index.ts';
import type { ManifestEntry } from './output-files.ts';

/** Articles a part holds on average at most, up to MAX_PARTS parts (Pagefind takes about 2.4 ms an article and 40 ms an index). */
export const PART_ARTICLES = 64;
/**
 * The most parts. A search fetches about 20 KB from each part: at 2,000 posts one index cost 138 KB
 * in 16 requests, 8 parts 276 KB in 38, 32 parts 778 KB. Eight keep a search within twice one
 * index's bytes; a part then rebuilds in about 0.6 s.
 */
export const MAX_PARTS = 8;

/** A page that goes into the index: an article route's path and output file. */
export interface IndexedPage {
  readonly path: string;
  readonly file: string;
  /** The sha256 of what Pagefind was given of it (./search-index.ts, indexedHash), once its part was built. */
  readonly indexed?: string;
}

/** The articles of every part, and how many parts. */
export interface SearchParts {
  readonly count: number;
  readonly articles: number;
  /** Each part's articles, in path order (then file). */
  readonly members: readonly (readonly IndexedPage[])[];
}

/** The part count an article count aims at: the smallest power of two giving at most PART_ARTICLES a part, at most MAX_PARTS. */
export function partTarget(articles: number): number {
  let count = 1;
  while (count < MAX_PARTS && count * PART_ARTICLES < articles) count *= 2;
  return count;
}

/** The part of an article's file among `count` (a power of two). */
export const partOf = (file: string, count: number): number => fnv1a(file) & (count - 1);

/** A part's folder under the index folder: the first is the index folder itself (Pagefind's primary index). */
export const partFolder = (part: number): string => (part === 0 ? '' : `parts/${part}/`);

/** The file listing the parts the search page merges into the first. */
export const PARTS_FILE = `${STATIC_INDEX_DIR}/${STATIC_INDEX_PARTS_FILE}`;

/** The text of `pagefind/pressroom-parts.json`: every part's folder but the first, relative to the index folder. */
export function partsFileText(count: number): string {
  return `${JSON.stringify({ parts: Array.from({ length: count - 1 }, (_, i) => partFolder(i + 1)) })}\n`;
}

const isIndexed = (page: { kind: string }) => INDEXED_KINDS.includes(page.kind);
const before = (a: IndexedPage, b: IndexedPage) => a.path < b.path || (a.path === b.path && a.file < b.file);

/** Every indexed page of the plan's routes in its part. */
export function assignParts(routes: readonly { kind: string; path: string; file: string }[]): SearchParts {
  const pages = routes
    .filter(isIndexed)
    .map((r) => ({ path: r.path, file: r.file }))
    .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  for (let count = partTarget(pages.length); ; count /= 2) {
    const members: IndexedPage[][] = Array.from({ length: count }, () => []);
    for (const p of pages) members[partOf(p.file, count)]!.push(p);
    if (count === 1 || members.every((m) => m.length > 0)) return { count, articles: pages.length, members };
  }
}

/** What a change-driven build does to the parts (changedParts). */
export interface PartsChange {
  parts: SearchParts;
  /** The parts whose articles came or went, ascending: built again. */
  moved: readonly number[];
  /** The articles rendered again in the other parts, as the parts held them (with their `indexed`): a part is built again only if one of them now gives Pagefind another text. */
  edited: ReadonlyMap<number, readonly IndexedPage[]>;
}

/**
 * The parts after a change-driven build's pages: parts whose articles came or went and the articles
 * rendered again in others; unnamed parts are the same arrays. Undefined when articles move between
 * parts (another count, or a part left empty): then every part is made again.
 */
export function changedParts(prev: SearchParts, rendered: readonly { kind: string; path: string; file: string }[], deleted: readonly string[]): PartsChange | undefined {
  // A count below its target (a part would have been empty at the target): worked out whole.
  if (prev.count !== partTarget(prev.articles)) return undefined;
  const gone = new Map<number, Set<string>>();
  const came = new Map<number, IndexedPage[]>();
  const edited = new Map<number, IndexedPage[]>();
  let articles = prev.articles;
  for (const file of deleted) {
    const part = partOf(file, prev.count);
    if (!prev.members[part]!.some((p) => p.file === file)) continue;
    let set = gone.get(part);
    if (!set) gone.set(part, (set = new Set()));
    if (!set.has(file)) {
      set.add(file);
      articles -= 1;
    }
  }
  for (const route of rendered) {
    if (!isIndexed(route)) continue;
    const part = partOf(route.file, prev.count);
    const had = prev.members[part]!.find((p) => p.file === route.file);
    if (had && !gone.get(part)?.has(route.file)) {
      // A file that is now another path's is not a change a plan makes (a file follows from its path): worked out whole.
      if (had.path !== route.path) return undefined;
      let list = edited.get(part);
      if (!list) edited.set(part, (list = []));
      list.push(had);
      continue;
    }
    let list = came.get(part);
    if (!list) came.set(part, (list = []));
    list.push({ path: route.path, file: route.file });
    articles += 1;
  }
  if (partTarget(articles) !== prev.count) return undefined;
  const members = prev.members.slice();
  const moved = [...new Set([...gone.keys(), ...came.keys()])].sort((a, b) => a - b);
  for (const part of moved) {
    const left = gone.get(part);
    const list = left ? members[part]!.filter((p) => !left.has(p.file)) : members[part]!.slice();
    for (const p of came.get(part) ?? []) list.splice(firstNotBefore(list, (q) => before(q, p)), 0, p);
    if (list.length === 0 && prev.count > 1) return undefined;
    members[part] = list;
  }
  for (const part of moved) edited.delete(part);
  return { parts: { count: prev.count, articles, members }, moved, edited };
}

/** What a publish session keeps of a build's index: its parts and the files each wrote (./kept.ts searchParts, by the build's files). */
export interface KeptSearchParts {
  parts: SearchParts;
  /** Each part's files, relative to out/. */
  files: readonly (readonly string[])[];
}

/** A session's kept indexes, by the files of the build that wrote each. */
export type KeptSearchIndexes = WeakMap<ReadonlyMap<string, ManifestEntry>, KeptSearchParts>;
