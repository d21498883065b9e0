// plan: snapshot -> routes, redirects, rewrites and sitemap entries (docs/architecture.md, "plan").
// Pure: no disk, network or clock beyond the context given, no memory beyond the session's part.
// Everything is sorted, so two plans of one snapshot are equal.
import type { SiteConfig } from '../config/schema.ts';
import { pressroomError } from '../errors/errors.ts';
import { firstNotBefore, patchedList } from '../lists/sorted.ts';
import { notedPlaces, noteReplaced } from '../lists/list-change.ts';
import { SAMPLE_REDIRECTS_PATH } from '../crawl/discover.ts';
import { PAGE_KINDS, routesOf, SHELLS } from '../site/kinds/index.ts';
import { absoluteUrl, outputFileFor, pageAbsoluteUrl, pageUrl, type PageFiles } from '../site/paths.ts';
import { collisionKey } from '../site/slug.ts';
import type { PageKind, RouteSpec, SiteContextForKinds, SnapshotView } from '../site/types.ts';
import { byRouteOrder, type LastPlan, type PlanKept } from './kept.ts';
import { clockBound } from './clock-bound.ts';
import { cmp, mergeRedirects, rulesFromRecords } from './redirects.ts';
import type { BuildPlan, PlannedRoute, RedirectRecord, RewriteRule, SitemapEntry } from './types.ts';

export type { BuildPlan, PlannedRoute, RewriteRule, SitemapEntry } from './types.ts';
export { newPlanKept, type PlanKept } from './kept.ts';

export type PlanConfig = Pick<SiteConfig, 'site' | 'api' | 'redirects'> & { output: Pick<SiteConfig['output'], 'pageFiles'> };

/** The build's plan; `kept`: the session's part (./kept.ts), none in a one-off build. */
export function plan(snap: SnapshotView, ctx: SiteContextForKinds, config: PlanConfig, kinds: readonly PageKind[] = PAGE_KINDS, kept?: PlanKept): BuildPlan {
  // concat, not flatMap: flatMap costs about 90 ns an item (4.5 ms a publish at 50,000 routes).
  const routes = planRoutes(
    joinedSpecs(kinds.map((k) => routesOf(k, snap, ctx)), kept),
    ctx.quarantine &&
      ((twin, first) => {
        const q = { endpoint: twin.deps[0] ?? twin.path, id: twin.record, reason: `writes the same file ${twin.file} as ${first.record}, which is published (of two twins the first by path, then record, in code-unit order wins)` };
        ctx.warn('W_QUARANTINE', { endpoint: q.endpoint, id: q.id, reason: q.reason });
        ctx.quarantine!(q);
      }),
    kept,
    config.output.pageFiles,
  );
  // The routes are sorted by path: a path is looked up by binary search, not in a set of every path made per plan.
  const routePaths = { has: (path: string) => hasPath(routes, path) };
  const candidates = [
    ...config.redirects.map((r, i) => ({ from: r.from, to: r.to, status: r.status ?? 301, source: `config redirects[${i}]` })),
    ...rulesFromRecords(apiRedirectRecords(snap, ctx)),
    ...concatAll(kinds.map((k) => k.redirects?.(snap, ctx) ?? [])),
  ];
  // Old URLs and targets in the site's URL form: a target is linked as every page is.
  const slash = config.site.trailingSlash;
  const merged = mergeRedirects({ candidates, allowHosts: config.api.redirectAllowHosts, routePaths, warn: ctx.warn });
  const redirects = slash === 'always' ? merged.map((r) => ({ ...r, from: pageUrl(slash, r.from), to: pageUrl(slash, r.to) })) : merged;
  return { routes, redirects, rewrites: shellRewrites(), sitemap: sitemapEntries(routes, config, kept), validUntil: clockBound(kinds, snap, ctx) };
}

/** The lists one after the other in one new array. */
const concatAll = <T>(lists: readonly (readonly T[])[]): T[] => ([] as T[]).concat(...lists);

/**
 * The kinds' route descriptions joined. When every kind has as many as last time, the join is the
 * last one with the changed places replaced, noted (src/lists/list-change.ts), so planned routes
 * and order are patched by those places instead of walking every route.
 */
function joinedSpecs(lists: readonly (readonly RouteSpec[])[], kept: PlanKept | undefined): readonly RouteSpec[] {
  const last = kept?.join.take();
  let joined: readonly RouteSpec[] | undefined;
  if (last && last.lists.length === lists.length && lists.every((l, k) => l.length === last.lists[k].length)) {
    const places: number[] = [];
    const specs: RouteSpec[] = [];
    let offset = 0;
    lists.forEach((list, k) => {
      const before = last.lists[k];
      const at = list === before ? [] : (notedPlaces(before, list) ?? list.map((_, i) => i));
      for (const i of at) {
        if (list[i] === before[i]) continue;
        places.push(offset + i);
        specs.push(list[i]);
      }
      offset += list.length;
    });
    // No description replaced (every kind's answer the last one: src/site/kinds/index.ts): the last join itself, not a copy of it.
    if (places.length === 0) joined = last.joined;
    else {
      const copy = last.joined.slice();
      places.forEach((p, k) => (copy[p] = specs[k]));
      joined = noteReplaced(copy, last.joined, places);
    }
  }
  joined ??= concatAll(lists);
  kept?.join.keep({ lists, joined });
  return joined;
}

/** Whether routes sorted by path (planRoutes) have one of this path: a binary search. */
function hasPath(routes: readonly PlannedRoute[], path: string): boolean {
  return routes[firstNotBefore(routes, (r) => r.path < path)]?.path === path;
}

/**
 * Routes sorted by path with their files. Two routes on one file (case or Unicode twins) cannot both
 * be published: the first by path (code units), then by record name, stays, whatever the API's order.
 * With `onTwin` the other is reported and left out; without, the build fails.
 */
export function planRoutes(specs: readonly RouteSpec[], onTwin?: (twin: PlannedRoute, first: PlannedRoute) => void, kept?: PlanKept, pageFiles: PageFiles = 'folder'): readonly PlannedRoute[] {
  const planned = plannedAll(specs, kept, pageFiles);
  // A one-off build sorts once: nothing is kept for a next call.
  const routes = kept ? kept.routeOrder.sort(planned) : [...planned].sort(byRouteOrder);
  const last = kept?.planned.take();
  if (kept && last && patchedFiles(last, routes, kept)) {
    kept.planned.keep({ routes, byFile: last.byFile });
    return routes;
  }
  const byFile = new Map<string, PlannedRoute>();
  const published: PlannedRoute[] = [];
  for (const route of routes) {
    const key = collisionKeyOf(route, kept);
    const first = byFile.get(key);
    if (first && !onTwin) throw pressroomError('PR_ROUTE_COLLISION', { file: route.file, first: first.record, second: route.record });
    if (first) {
      onTwin!(route, first);
      continue;
    }
    byFile.set(key, route);
    published.push(route);
  }
  // Without twins every route is kept: the sorted list itself is the answer (and the next plan's start).
  if (published.length < routes.length) return published;
  kept?.planned.keep({ routes, byFile });
  return routes;
}

/** Brings the last plan's file map up to date with `routes` when they were patched from its routes; false when a new route has a twin, or they were sorted again. */
function patchedFiles(last: LastPlan, routes: readonly PlannedRoute[], kept: PlanKept): boolean {
  if (routes === last.routes) return true;
  const change = kept.routeOrder.changeFrom(last.routes);
  if (!change) return false;
  const { byFile } = last;
  for (const route of change.removed) {
    const key = collisionKeyOf(route, kept);
    if (byFile.get(key) === route) byFile.delete(key);
  }
  for (const route of change.added) {
    const key = collisionKeyOf(route, kept);
    // A twin: the whole list is checked again (which of two is kept depends on their order).
    if (byFile.has(key)) return false;
    byFile.set(key, route);
  }
  return true;
}

function collisionKeyOf(route: PlannedRoute, kept: PlanKept | undefined): string {
  let key = kept?.collisionKeys.get(route);
  if (key === undefined) {
    key = collisionKey(route.file);
    kept?.collisionKeys.set(route, key);
  }
  return key;
}

function plannedAll(specs: readonly RouteSpec[], kept: PlanKept | undefined, pageFiles: PageFiles): PlannedRoute[] {
  const newRoute = (spec: RouteSpec) => plannedRoute(spec, pageFiles);
  // A one-off build plans once: no JSON of each route description, nothing kept.
  if (!kept) return specs.map(newRoute);
  const last = kept.lastCall.take();
  const byContent = new Map<string, PlannedRoute>();
  const planned = (spec: RouteSpec, i: number): PlannedRoute => {
    if (last && last.specs[i] === spec) return last.routes[i];
    let route = kept.routeOf.get(spec);
    if (route) return route;
    const key = JSON.stringify(spec);
    const before = byContent.has(key) ? undefined : last?.byContent.get(key);
    route = before ?? newRoute(spec);
    byContent.set(key, route);
    kept.routeOf.set(spec, route);
    return route;
  };
  // Descriptions noted as the last with a few places replaced: only those places are planned again.
  const places = last && notedPlaces(last.specs, specs);
  let routes: PlannedRoute[];
  // The same descriptions (joinedSpecs gave the last join back): the same routes, not a copy.
  if (last && specs === last.specs) routes = last.routes;
  else if (last && places) {
    routes = last.routes.slice();
    for (const i of places) routes[i] = planned(specs[i], i);
    noteReplaced(routes, last.routes, places);
  } else routes = specs.map(planned);
  kept.lastCall.keep({ specs, routes, byContent });
  return routes;
}

function plannedRoute(spec: RouteSpec, pageFiles: PageFiles): PlannedRoute {
  const route = { ...spec, file: spec.file ?? outputFileFor(spec.path, pageFiles) };
  assertInside(route);
  return route;
}

/** Belt and braces: slugs were checked by the kinds, but no file may leave out/. */
function assertInside(route: PlannedRoute): void {
  const segs = route.file.split('/');
  if (route.file.startsWith('/') || segs.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) {
    throw pressroomError('PR_INTERNAL', { detail: `route ${route.record} maps to an unsafe file ${JSON.stringify(route.file)}` });
  }
}

function apiRedirectRecords(snap: SnapshotView, ctx: SiteContextForKinds): RedirectRecord[] {
  const body = snap.ok<unknown>(SAMPLE_REDIRECTS_PATH);
  if (body === undefined) return [];
  if (!Array.isArray(body)) {
    ctx.warn('W_REDIRECT_LIST', { path: SAMPLE_REDIRECTS_PATH });
    return [];
  }
  return body as RedirectRecord[];
}

/** Client-only routes answered by their shell page (docs/decisions/0006-run-time-shells.md). */
export function shellRewrites(): RewriteRule[] {
  return SHELLS.map((s) => ({ prefix: s.prefix, to: `/${s.file}`, status: 200 as const })).sort((a, b) => cmp(a.prefix, b.prefix));
}

const byUrl = (a: SitemapEntry, b: SitemapEntry) => cmp(a.url, b.url);

function sitemapEntries(routes: readonly PlannedRoute[], config: PlanConfig, kept: PlanKept | undefined): readonly SitemapEntry[] {
  const key = `${config.site.url}\0${config.api.imageHost}\0${config.site.trailingSlash}`;
  if (!kept) return entriesOf(routes, config, key, undefined).entries;
  const last = kept.sitemap.take();
  let made: { entries: readonly SitemapEntry[]; shared: boolean } | null = null;
  if (last && last.key === key && last.routes === routes) made = last;
  else if (last && last.key === key && !last.shared) {
    const change = kept.routeOrder.changeFrom(last.routes);
    if (change) {
      const gone = new Set<SitemapEntry>();
      for (const r of change.removed) {
        const e = entryFor(r, config, key, kept);
        if (e) gone.add(e);
      }
      const added: SitemapEntry[] = [];
      for (const r of change.added) {
        const e = entryFor(r, config, key, kept);
        if (e) added.push(e);
      }
      // Null when a new entry's URL is another's: then every route is looked at again.
      const patched = patchedList(last.entries, gone, added, byUrl);
      if (patched) made = { entries: patched, shared: false };
    }
  }
  made ??= entriesOf(routes, config, key, kept);
  kept.sitemap.keep({ routes, key, ...made });
  return made.entries;
}

/** A route's entry (none without `sitemap`), kept with it while the addresses are the same. */
function entryFor(r: PlannedRoute, config: PlanConfig, key: string, kept: PlanKept | undefined): SitemapEntry | undefined {
  if (!r.sitemap) return undefined;
  const hit = kept?.entries.get(r);
  if (hit?.key === key) return hit.entry;
  const origin = config.site.url;
  const image = (p: string) => (/^https?:\/\//.test(p) ? p : absoluteUrl(config.api.imageHost || origin, p));
  const { lastmod, changefreq, priority, images, news } = r.sitemap;
  const entry: SitemapEntry = {
    url: pageAbsoluteUrl(config.site, r.path),
    ...(lastmod ? { lastmod } : {}),
    ...(changefreq ? { changefreq } : {}),
    ...(priority !== undefined ? { priority } : {}),
    images: [...new Set((images ?? []).filter((p) => typeof p === 'string' && p !== '').map(image))].sort(),
    ...(news ? { news } : {}),
  };
  kept?.entries.set(r, { key, entry });
  return entry;
}

/** Every route's entry, sorted by URL, one per URL; `shared`: two routes had one URL. */
function entriesOf(routes: readonly PlannedRoute[], config: PlanConfig, key: string, kept: PlanKept | undefined): { entries: SitemapEntry[]; shared: boolean } {
  const out: SitemapEntry[] = [];
  for (const r of routes) {
    const e = entryFor(r, config, key, kept);
    if (e) out.push(e);
  }
  // One entry per URL: paths differing only in percent-encoding are one URL, and Search Console
  // reports a sitemap listing a URL twice. The stable sort keeps the first route.
  out.sort(byUrl);
  const entries = out.filter((e, i) => i === 0 || e.url !== out[i - 1].url);
  return { entries, shared: entries.length < out.length };
}
