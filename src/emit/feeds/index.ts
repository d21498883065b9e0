// Feeds for the site, each category, tag and author (docs/deploying.md, "Feeds"), in RSS 2.0, Atom
// and JSON Feed 1.1, capped at config.feeds.items. Paths: src/site/feeds.ts. A section with articles
// or a page gets a feed, so every <link rel="alternate"> resolves.
import { siteTitle } from '../../app/lib/site-title.ts';
import type { SiteConfig } from '../../config/schema.ts';
import type { PlannedRoute } from '../../plan/types.ts';
import { feedPath, type FeedScope } from '../../site/feeds.ts';
import { absoluteUrl, pageAbsoluteUrl, paths } from '../../site/paths.ts';
import { checkSlug } from '../../site/slug.ts';
import { feedArticleIndex, newestFirst, type FeedArticle, type FeedArticleIndex, type FeedSource } from './model.ts';
import { atom, jsonFeed, rss, type FeedMeta } from './render.ts';
import { contentId, type ContentId } from '../writer.ts';
import type { FeedsKept } from '../kept.ts';
import { lowerBound } from '../../lists/sorted.ts';
import { listChange } from '../../lists/list-change.ts';

export type { FeedArticle } from './model.ts';

export interface FeedsInput extends FeedSource {
  site: Pick<SiteConfig['site'], 'name' | 'newsTitle' | 'securityTitle' | 'title' | 'description' | 'language' | 'logo' | 'url'> & Partial<Pick<SiteConfig['site'], 'trailingSlash'>>;
  items: number;
}

/**
 * The date of a feed without items: the site's newest article's, else the epoch. From the data,
 * never the clock, so a watcher's publish and a full build write the same feed.
 */
const emptyFeedDate = (newest: FeedArticle | undefined): string => (newest?.date ?? new Date(0)).toISOString();

interface Section {
  scope: FeedScope;
  title: string;
  page: string;
  articles: FeedArticle[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type SectionKind = 'category' | 'tag' | 'author';
const KINDS: readonly SectionKind[] = ['category', 'tag', 'author'];
type ByKind<T> = Record<SectionKind, Map<string, T>>;
const byKind = <T>(): ByKind<T> => ({ category: new Map(), tag: new Map(), author: new Map() });
const PAGE_OF: Record<SectionKind, (slug: string) => string> = { category: paths.topic, tag: paths.tag, author: paths.author };

/** An article's section of a kind (slug and name), when it has one. */
const sectionOf = (a: FeedArticle, kind: SectionKind): { slug: string; name: string } | undefined => (kind === 'category' ? a.category : kind === 'tag' ? a.tag : a.author);

/** The sections' articles and pages, with the generation and routes they came from (../kept.ts FeedsKept.sections). */
export type KeptSections = { generation: number; routes: readonly PlannedRoute[]; lists: ByKind<FeedArticle[]>; pages: ByKind<string | undefined> };

function sections(input: FeedsInput, index: FeedArticleIndex, kept: FeedsKept | undefined): Section[] {
  const last = kept?.sections.take();
  const lists = (last && last.generation + 1 === index.generation && index.change && patchedLists(last.lists, index.change)) || listsOf(index.sorted);
  const routes = input.routes as readonly PlannedRoute[];
  const pages = last && (last.routes === routes || samePages(last.routes, routes)) ? last.pages : pagesOf(routes);
  kept?.sections.keep({ generation: index.generation, routes, lists, pages });
  const out: Section[] = [];
  for (const kind of KINDS) {
    for (const slug of new Set([...lists[kind].keys(), ...pages[kind].keys()])) {
      if (!checkSlug(slug).ok) continue;
      const articles = lists[kind].get(slug) ?? [];
      // Named by its newest article (else its slug); its page is the kind's, else the first page route.
      const name = articles.length ? sectionOf(articles[0], kind)!.name : slug;
      // The news category's and the security tag's feeds carry their section's site title, as their pages do.
      const scope = kind === 'category' ? ({ kind: 'topic', cat_slug: slug } as const) : kind === 'tag' ? ({ kind: 'tag', subcat: slug } as const) : ({ kind: 'other' } as const);
      out.push({ scope: { kind, slug }, title: `${siteTitle(input.site, scope)}: ${name}`, page: (articles.length ? undefined : pages[kind].get(slug)) ?? PAGE_OF[kind](slug), articles });
    }
  }
  const keys = new Map(out.map((x) => [x, feedPath(x.scope, 'rss')]));
  return out.sort((a, b) => cmp(keys.get(a)!, keys.get(b)!));
}

/** Every article in its sections' lists, in the order of `all` (newest first). */
function listsOf(all: readonly FeedArticle[]): ByKind<FeedArticle[]> {
  const lists = byKind<FeedArticle[]>();
  for (const kind of KINDS) {
    const byKind = lists[kind];
    for (const a of all) {
      const slug = sectionOf(a, kind)?.slug;
      if (slug === undefined) continue;
      const list = byKind.get(slug);
      if (list) list.push(a);
      else byKind.set(slug, [a]);
    }
  }
  return lists;
}

/** The last lists, in place, with the articles the list of every article dropped and added since them; undefined when one dropped is not where its list's order puts it. */
function patchedLists(lists: ByKind<FeedArticle[]>, change: NonNullable<FeedArticleIndex['change']>): ByKind<FeedArticle[]> | undefined {
  for (const a of change.removed) {
    for (const kind of KINDS) {
      const slug = sectionOf(a, kind)?.slug;
      if (slug === undefined) continue;
      const list = lists[kind].get(slug);
      // Found by binary search: a section's list is in the strict order of every article's.
      const at = list ? lowerBound(list, a, newestFirst) : -1;
      if (at < 0 || list![at] !== a) return undefined;
      list!.splice(at, 1);
      if (list!.length === 0) lists[kind].delete(slug);
    }
  }
  for (const a of change.added) {
    for (const kind of KINDS) {
      const slug = sectionOf(a, kind)?.slug;
      if (slug === undefined) continue;
      const list = lists[kind].get(slug);
      if (!list) {
        lists[kind].set(slug, [a]);
        continue;
      }
      // Its place by the order of `all` (strict: SortedCache patches only a list without ties).
      list.splice(lowerBound(list, a, newestFirst), 0, a);
    }
  }
  return lists;
}

/** Whether no topic, tag or author route came or went between two route lists (references compared in order): then pagesOf answers the same. */
function samePages(before: readonly PlannedRoute[], after: readonly PlannedRoute[]): boolean {
  const { added, removed } = listChange(before, after);
  const gives = (r: PlannedRoute) => r.kind === 'topic' || r.kind === 'tag' || r.kind === 'author';
  return !added.some(gives) && !removed.some(gives);
}

/** The page of each section a topic, tag or author route gives a feed (the first route of a section, in plan order). */
function pagesOf(routes: readonly PlannedRoute[]): ByKind<string | undefined> {
  const pages = byKind<string | undefined>();
  const add = (kind: SectionKind, slug: string, page: string | undefined) => {
    if (!pages[kind].has(slug)) pages[kind].set(slug, page);
  };
  for (const r of routes) {
    if (r.kind === 'topic' && r.params.cat_slug && !r.params.subcat) add('category', r.params.cat_slug, r.path);
    if (r.kind === 'topic' && r.params.subcat) add('tag', r.params.subcat, undefined);
    if (r.kind === 'tag' && r.params.subcat) add('tag', r.params.subcat, r.path);
    if (r.kind === 'author' && r.params.auther_name) add('author', r.params.auther_name, r.path);
  }
  return pages;
}

/** A feed's files with the inputs they came from (../kept.ts FeedsKept.rendered). */
export interface RenderedFeed {
  meta: string;
  items: readonly FeedArticle[];
  files: FeedFile[];
}

/** A feed's file, with its bytes' id: the writer carries an unchanged one without encoding and hashing it again. */
export interface FeedFile {
  path: string;
  contents: string;
  id: ContentId;
}

const sameItems = (a: readonly FeedArticle[], b: readonly FeedArticle[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Every feed file, sorted by path. `kept`: the session's part, none in a one-off build. */
export function renderFeeds(input: FeedsInput, kept?: FeedsKept): FeedFile[] {
  const index = feedArticleIndex(input, kept);
  const all = index.sorted;
  const logo = /^https?:\/\//.test(input.site.logo) ? input.site.logo : absoluteUrl(input.site.url, input.site.logo);
  const base = { siteUrl: input.site.url, language: input.site.language, image: logo, emptyDate: emptyFeedDate(all[0]) };
  const list: Section[] = [{ scope: { kind: 'site' }, title: input.site.title, page: '/', articles: all.slice(0, input.items) }, ...sections(input, index, kept)];
  const files: FeedFile[] = [];
  const seen = new Set<string>();
  const rendered = kept?.rendered;
  for (const s of list) {
    const meta: FeedMeta = { ...base, scope: s.scope, title: s.title, description: s.scope.kind === 'site' ? input.site.description : `The latest stories from ${s.title}`, link: pageAbsoluteUrl(input.site, s.page) };
    const items = s.articles.slice(0, input.items);
    const file = (f: 'rss' | 'atom' | 'json') => decodeURIComponent(feedPath(s.scope, f).slice(1));
    const id = file('rss');
    // emptyDate shows only in a feed without items (src/emit/feeds/render.ts `updated`).
    const metaKey = JSON.stringify(items.length ? { ...meta, emptyDate: '' } : meta);
    seen.add(id);
    let done = rendered?.get(id);
    if (done?.meta !== metaKey || !sameItems(done.items, items)) {
      const made = (path: string, contents: string): FeedFile => ({ path, contents, id: contentId(contents) });
      const fragments = kept?.fragments;
      done = { meta: metaKey, items, files: [made(id, rss(meta, items, fragments)), made(file('atom'), atom(meta, items, fragments)), made(file('json'), jsonFeed(meta, items, fragments))] };
      rendered?.set(id, done);
    }
    files.push(...done.files);
  }
  if (rendered) for (const id of rendered.keys()) if (!seen.has(id)) rendered.delete(id);
  return files.sort((a, b) => cmp(a.path, b.path));
}
