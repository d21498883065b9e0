// Feeds for the whole site, each category, each tag (sub-category) and each
// author (docs/deploying.md, "Feeds"), in RSS 2.0, Atom and JSON Feed 1.1, capped at
// config.feeds.items newest items. Paths: src/site/feeds.ts. A section gets a
// feed when it has articles or a page (topic, tag, author route), so every
// <link rel="alternate"> a page carries resolves.
import { siteTitle } from '../../app/lib/site-title.ts';
import type { SiteConfig } from '../../config/schema.ts';
import type { PlannedRoute } from '../../plan/types.ts';
import { feedPath, type FeedScope } from '../../site/feeds.ts';
import { absoluteUrl, paths } from '../../site/paths.ts';
import { checkSlug } from '../../site/slug.ts';
import { feedArticles, type FeedArticle, type FeedSource } from './model.ts';
import { atom, jsonFeed, rss, type FeedMeta } from './render.ts';
import { contentId, type ContentId } from '../writer.ts';
import { keepsForNextBuild } from '../../core/resident.ts';

export { feedArticles, type FeedArticle } from './model.ts';

export interface FeedsInput extends FeedSource {
  site: Pick<SiteConfig['site'], 'name' | 'newsTitle' | 'securityTitle' | 'title' | 'description' | 'language' | 'logo' | 'url'>;
  items: number;
  now: string;
}

interface Section {
  scope: FeedScope;
  title: string;
  page: string;
  articles: FeedArticle[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sections(input: FeedsInput, all: readonly FeedArticle[]): Section[] {
  // One map per kind, keyed by slug: no key string built per article.
  const groups = { category: new Map<string, Section>(), tag: new Map<string, Section>(), author: new Map<string, Section>() };
  const pageOf = { category: paths.topic, tag: paths.tag, author: paths.author };
  const add = (kind: 'category' | 'tag' | 'author', slug: string, name: string, page: string | undefined, a?: FeedArticle) => {
    const byKind = groups[kind];
    let s = byKind.get(slug);
    if (!s) {
      if (!checkSlug(slug).ok) return;
      // The news category's and the security tag's feeds carry their section's site title, as their pages do.
      const scope = kind === 'category' ? ({ kind: 'topic', cat_slug: slug } as const) : kind === 'tag' ? ({ kind: 'tag', subcat: slug } as const) : ({ kind: 'other' } as const);
      s = { scope: { kind, slug }, title: `${siteTitle(input.site, scope)}: ${name}`, page: page ?? pageOf[kind](slug), articles: [] };
      byKind.set(slug, s);
    }
    if (a) s.articles.push(a);
  };
  for (const a of all) {
    add('category', a.category.slug, a.category.name, undefined, a);
    if (a.tag) add('tag', a.tag.slug, a.tag.name, undefined, a);
    if (a.author) add('author', a.author.slug, a.author.name, undefined, a);
  }
  // Pages without articles in the snapshot still get (empty) feeds, so their links resolve.
  for (const r of input.routes as PlannedRoute[]) {
    if (r.kind === 'topic' && r.params.cat_slug && !r.params.subcat) add('category', r.params.cat_slug, r.params.cat_slug, r.path);
    if (r.kind === 'topic' && r.params.subcat) add('tag', r.params.subcat, r.params.subcat, undefined);
    if (r.kind === 'tag' && r.params.subcat) add('tag', r.params.subcat, r.params.subcat, r.path);
    if (r.kind === 'author' && r.params.auther_name) add('author', r.params.auther_name, r.params.auther_name, r.path);
  }
  return [...groups.category.values(), ...groups.tag.values(), ...groups.author.values()].sort((a, b) => cmp(feedPath(a.scope, 'rss'), feedPath(b.scope, 'rss')));
}

// The last text of each feed with the inputs it came from. A feed is a pure
// function of its metadata and items, and a publish changes few of them, so a
// process that publishes again and again (pressroom watch) re-renders only the
// feeds whose inputs changed: items are kept per post between publishes
// (./model.ts), so comparing them is comparing references, and the metadata's
// JSON is a few hundred bytes. Rendering three formats through the feed library
// is what this saves. Entries of feeds that no longer exist are dropped on each call.
const RENDERED = new Map<string, { meta: string; items: readonly FeedArticle[]; files: FeedFile[] }>();

/** A feed's file, with its bytes' id: the writer carries an unchanged one without encoding and hashing it again. */
export interface FeedFile {
  path: string;
  contents: string;
  id: ContentId;
}

const sameItems = (a: readonly FeedArticle[], b: readonly FeedArticle[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Every feed file, sorted by path. */
export function renderFeeds(input: FeedsInput): FeedFile[] {
  const all = feedArticles(input);
  const logo = /^https?:\/\//.test(input.site.logo) ? input.site.logo : absoluteUrl(input.site.url, input.site.logo);
  const base = { siteUrl: input.site.url, language: input.site.language, image: logo, now: input.now };
  const list: Section[] = [{ scope: { kind: 'site' }, title: input.site.title, page: '/', articles: all.slice(0, input.items) }, ...sections(input, all)];
  const files: FeedFile[] = [];
  const seen = new Set<string>();
  for (const s of list) {
    const meta: FeedMeta = { ...base, scope: s.scope, title: s.title, description: s.scope.kind === 'site' ? input.site.description : `The latest stories from ${s.title}`, link: absoluteUrl(input.site.url, s.page) };
    const items = s.articles.slice(0, input.items);
    const file = (f: 'rss' | 'atom' | 'json') => decodeURIComponent(feedPath(s.scope, f).slice(1));
    const id = file('rss');
    // The build clock shows only in a feed without items (src/emit/feeds/render.ts `updated`).
    const metaKey = JSON.stringify(items.length ? { ...meta, now: '' } : meta);
    seen.add(id);
    let done = RENDERED.get(id);
    if (done?.meta !== metaKey || !sameItems(done.items, items)) {
      const made = (path: string, contents: string): FeedFile => ({ path, contents, id: contentId(contents) });
      done = { meta: metaKey, items, files: [made(id, rss(meta, items)), made(file('atom'), atom(meta, items)), made(file('json'), jsonFeed(meta, items))] };
      if (keepsForNextBuild()) RENDERED.set(id, done);
    }
    files.push(...done.files);
  }
  for (const id of RENDERED.keys()) if (!seen.has(id)) RENDERED.delete(id);
  return files.sort((a, b) => cmp(a.path, b.path));
}
