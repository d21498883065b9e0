import { ep } from '../../api/endpoints.ts';
import { CATEGORY_SLUGS, type Post } from '../../api/types.ts';
import { paths } from '../paths.ts';
import { sameJsonValue } from '../../encoding/json.ts';
import { changedPlaces, notedPlaces, noteReplaced } from '../../lists/list-change.ts';
import { isRecent, listedDetails, listedPosts, recentAt, type PostHead } from '../common.ts';
import type { SiteKept } from '../kept.ts';
import type { ListedDetails } from '../listed.ts';
import { checkSlug } from '../slug.ts';
import type { PageKind, RouteSpec } from '../types.ts';
import { patternsOf } from './patterns.ts';

// Article pages (docs/pages.md, "Article"): every published post in a topic listing. Drafts are never
// listed, so never routes.

export function articleDeps(post: Pick<Post, 'cat_slug' | 'post_name' | 'post_author_id'>): string[] {
  return [ep.postDetails(post.cat_slug, post.post_name), ep.authorById(post.post_author_id)];
}

// Read by every article page after hydration, not in its HTML
// (docs/decisions/0054-article-side-lists-after-hydration.md).
export function articleAfterHydration(snap: Parameters<NonNullable<PageKind['fetches']>>[0], kept?: SiteKept): string[] {
  return [...new Set(listedPosts(snap, CATEGORY_SLUGS, kept).map((p) => ep.asideTopic(p.cat_slug)))].concat(ep.latest());
}

// The route of a details record, kept with the record, so a change-driven build (and each crawl round)
// derives routes only for changed posts. Keyed also by what else the route reads (the item's id and
// slugs, whether the clock puts it in the news window), compared field by field. Module-level: it
// memoises articleRoute, a pure function of the immutable record and the fields checked beside it.
const SPECS = new WeakMap<PostHead, { date: number; recent: boolean; id: number; cat: string; name: string; spec: RouteSpec | null }>();

/**
 * A listed post's route (or null) and date, by its record's kept spec. `before`: its slot's last
 * route; a new record whose route is equal in every field keeps that object, so plan, sitemap and
 * feeds see no route replaced. Its page is still rendered again (src/incremental/aligned.ts).
 */
function specOf({ item, post }: ListedDetails, now: number, nowText: string, before?: RouteSpec | null): { spec: RouteSpec | null; date: number } {
  if (!post || typeof post !== 'object') return { spec: null, date: NaN };
  let hit = SPECS.get(post);
  const date = hit?.date ?? Date.parse(post.post_date);
  const recent = recentAt(date, now);
  if (hit?.recent !== recent || hit.id !== item.id || hit.cat !== item.cat_slug || hit.name !== item.post_name) {
    const made = articleRoute(post, item, nowText);
    const spec = before && made && sameJsonValue(made, before) ? before : made;
    SPECS.set(post, (hit = { date, recent, id: item.id, cat: item.cat_slug, name: item.post_name, spec }));
  }
  return { spec: hit.spec, date };
}

// A post is "late" when a later clock may move it in or out of the news window: dated in the window
// or after the clock. Older posts' routes do not change with the clock.
const WINDOW_MS = 2 * 86_400_000;
const isLate = (date: number, now: number) => Number.isFinite(date) && now - date <= WINDOW_MS;

/**
 * The last routes answer of a session, by listed slot: a change-driven build's listed posts are the
 * last ones with a few slots replaced, found by reference, so only those and the late posts' routes
 * are made again (with fetches, 40 ms an edit at 50,000 posts). Else every slot.
 */
export type RoutesAnswer = { details: readonly ListedDetails[]; now: number; specs: (RouteSpec | null)[]; late: Set<number>; routes: RouteSpec[]; nulls: number };

function articleRoutes(details: readonly ListedDetails[], nowText: string, kept: SiteKept | undefined): RouteSpec[] {
  const now = Date.parse(nowText);
  const last = kept?.articleRoutes.take();
  const redo = last && now >= last.now ? changedPlaces(last.details, details) : undefined;
  const made = last && redo ? patchedRoutes(last, redo, details, now, nowText) : walkedRoutes(details, nowText);
  kept?.articleRoutes.keep(made);
  return made.routes;
}

/** The last answer (changed in place) with the routes of the replaced slots and the late posts made again. */
function patchedRoutes(last: RoutesAnswer, redo: readonly number[], details: readonly ListedDetails[], now: number, nowText: string): RoutesAnswer {
  const { specs, late } = last;
  const replaced: number[] = [];
  let nulls = last.nulls;
  for (const i of new Set([...redo, ...late])) {
    const { spec, date } = specOf(details[i], now, nowText, specs[i]);
    if (spec !== specs[i]) {
      replaced.push(i);
      nulls += (spec === null ? 1 : 0) - (specs[i] === null ? 1 : 0);
    }
    specs[i] = spec;
    if (isLate(date, now)) late.add(i);
    else late.delete(i);
  }
  return { details, now, specs, late, routes: replaced.length === 0 ? last.routes : routesAfter(last, replaced, nulls), nulls };
}

/**
 * The routes after the specs at `replaced` changed: while every slot has a route, the last routes
 * with those places replaced, noted (src/lists/list-change.ts); otherwise every slot's route in order.
 */
function routesAfter(last: RoutesAnswer, replaced: readonly number[], nulls: number): RouteSpec[] {
  const { specs } = last;
  if (nulls > 0 || last.nulls > 0) return specs.filter((s) => s !== null) as RouteSpec[];
  const routes = last.routes.slice();
  for (const i of replaced) routes[i] = specs[i]!;
  return noteReplaced(routes, last.routes, replaced);
}

/** Every listed slot's route (what a build that keeps nothing answers, and what the patched answer must equal). */
export function walkedRoutes(details: readonly ListedDetails[], nowText: string): RoutesAnswer {
  const now = Date.parse(nowText);
  const specs: (RouteSpec | null)[] = [];
  const late = new Set<number>();
  details.forEach((d, i) => {
    const { spec, date } = specOf(d, now, nowText);
    specs.push(spec);
    if (isLate(date, now)) late.add(i);
  });
  const routes = specs.filter((s) => s !== null) as RouteSpec[];
  return { details, now, specs, late, routes, nulls: specs.length - routes.length };
}

/**
 * The last fetches answer by listed slot: replaced slots' details paths changed, and the side lists
 * remade only when a replaced slot's category differs (they follow category first appearance).
 */
export type FetchesAnswer = { details: readonly ListedDetails[]; paths: string[]; after: string[]; fetches: string[] };

function articleFetches(snap: Parameters<NonNullable<PageKind['fetches']>>[0], kept: SiteKept | undefined): string[] {
  const details = listedDetails(snap, kept);
  const last = kept?.articleFetches.take();
  let made: FetchesAnswer;
  if (last && last.details === details) made = last;
  else if (last && last.details.length === details.length) {
    const { paths } = last;
    let pathMoved = false;
    let catMoved = false;
    const visit = (i: number) => {
      const was = last.details[i];
      const d = details[i];
      if (d === was) return;
      if (d.path !== paths[i]) (paths[i] = d.path), (pathMoved = true);
      if (d.item.cat_slug !== was.item.cat_slug) catMoved = true;
    };
    // The slots noted as replaced (src/site/listed.ts), else every slot.
    const noted = notedPlaces(last.details, details);
    if (noted) noted.forEach(visit);
    else for (let i = 0; i < details.length; i++) visit(i);
    const after = catMoved ? articleAfterHydration(snap, kept) : last.after;
    made = { details, paths, after, fetches: pathMoved || catMoved ? paths.concat(after) : last.fetches };
  } else made = walkedFetches(snap, kept);
  kept?.articleFetches.keep(made);
  return made.fetches;
}

/** Every listed post's details path, then the lists read after hydration (what the patched answer must equal). */
export function walkedFetches(snap: Parameters<NonNullable<PageKind['fetches']>>[0], kept?: SiteKept): FetchesAnswer {
  const details = listedDetails(snap, kept);
  const paths = details.map((d) => d.path);
  const after = articleAfterHydration(snap, kept);
  return { details, paths, after, fetches: paths.concat(after) };
}

export const article: PageKind = {
  kind: 'article',
  patterns: patternsOf('article'),
  keepsOwnRoutes: true,
  routes(snap, ctx) {
    return articleRoutes(listedDetails(snap, ctx.kept), ctx.now, ctx.kept);
  },
  fetches(snap, ctx) {
    return articleFetches(snap, ctx.kept);
  },
  clockBound(snap, ctx) {
    return articleClockBound(listedDetails(snap, ctx.kept), Date.parse(ctx.now), ctx.kept);
  },
};

/** When a post dated `date` changes its route with the clock alone after `now`: it enters the news window, or leaves it. */
export function postClockBound(date: number, now: number): number {
  if (!Number.isFinite(date)) return Infinity;
  if (date > now) return date;
  return now - date <= WINDOW_MS ? date + WINDOW_MS + 1 : Infinity;
}

/**
 * The first instant after `now` at which a listed post's route changes with the clock alone. Only
 * late posts can (isLate): a session's last routes answer names them (the routes were just made, so
 * the answer is this snapshot's), else every listed post is looked at.
 */
function articleClockBound(details: readonly ListedDetails[], now: number, kept: SiteKept | undefined): number {
  const last = kept?.articleRoutes.take();
  if (last) kept!.articleRoutes.keep(last);
  const dateOf = (d: ListedDetails) => (d.post && typeof d.post === 'object' ? (SPECS.get(d.post)?.date ?? Date.parse(d.post.post_date)) : NaN);
  let bound = Infinity;
  if (last && last.details === details && last.now === now) {
    for (const i of last.late) bound = Math.min(bound, postClockBound(dateOf(details[i]), now));
  } else {
    for (const d of details) bound = Math.min(bound, postClockBound(dateOf(d), now));
  }
  return bound;
}

/** A published post's route, or null (a draft, an unsafe slug). */
function articleRoute(post: PostHead, item: Pick<Post, 'id' | 'cat_slug' | 'post_name'>, now: string): RouteSpec | null {
  if (post.post_status && post.post_status !== 'publish') return null;
  if (!checkSlug(post.cat_slug).ok || !checkSlug(post.post_name).ok) return null;
  return {
    kind: 'article',
    path: paths.article(post.cat_slug, post.post_name),
    params: { cat_slug: post.cat_slug, post_name: post.post_name },
    deps: articleDeps(post),
    sitemap: {
      lastmod: post.post_date,
      changefreq: 'weekly',
      priority: 0.7,
      images: post.banner_img ? [post.banner_img] : [],
      // Google News needs a title: an article without one is left out of the news sitemap (the sitemap package would write an empty news:title).
      news: isRecent(post.post_date, now) && post.post_title.trim() !== '' ? { title: post.post_title, publicationDate: post.post_date } : undefined,
    },
    // Named by the listed record, so a collision of NFC/NFD twins names both records.
    record: `post ${item.id} (${item.cat_slug}/${item.post_name})`,
  };
}
