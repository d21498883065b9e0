// What the plan stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import { Slot } from '../runtime/kept.ts';
import { SortedCache } from '../lists/sorted.ts';
import type { RouteSpec } from '../site/types.ts';
import { cmp } from './redirects.ts';
import type { PlannedRoute, SitemapEntry } from './types.ts';

/** The routes' order: by path, then file, then record (a one-off build sorts by it once). */
export const byRouteOrder = (a: PlannedRoute, b: PlannedRoute): number => cmp(a.path, b.path) || cmp(a.file, b.file) || cmp(a.record, b.record);

/**
 * The last plan when it had no twins: its sorted routes and their files by collision key. A plan
 * whose sorted routes were patched from those (a few came or went, src/lists/sorted.ts) checks only
 * the new routes' files against the map, not every file.
 */
export type LastPlan = { routes: readonly PlannedRoute[]; byFile: Map<string, PlannedRoute> };

/** The plan stage's memory between the builds of one session. */
export interface PlanKept {
  /** The kinds' route lists of the last plan, and their join. */
  readonly join: Slot<{ lists: readonly (readonly RouteSpec[])[]; joined: readonly RouteSpec[] }>;
  readonly planned: Slot<LastPlan>;
  /** The last plan's order, patched when few routes came or went (src/lists/sorted.ts). */
  readonly routeOrder: SortedCache<PlannedRoute>;
  /** A route's collision key (src/site/slug.ts collisionKey of its file). */
  readonly collisionKeys: WeakMap<PlannedRoute, string>;
  /**
   * The planned form of a RouteSpec, kept with it: a kind that keeps its RouteSpecs between builds
   * (src/site/kinds/article.ts) gets the same planned route back, which is what the input hashes
   * (src/incremental/index.ts) and sitemap entries are kept by.
   */
  readonly routeOf: WeakMap<RouteSpec, PlannedRoute>;
  /**
   * The last call: its route descriptions and routes (a description at the same place as the last
   * time, an article's kept by its kind, gets its route by comparing references), and the routes of
   * the other kinds' descriptions by their JSON: those kinds make new descriptions on each pass (a
   * listing page, a tag, an author), and one equal to the last plan's gets that plan's route back,
   * so a change-driven build does not hash, sort and print the site's listing pages again for a
   * one-post change.
   */
  readonly lastCall: Slot<{ specs: readonly RouteSpec[]; routes: PlannedRoute[]; byContent: Map<string, PlannedRoute> }>;
  /** A route's sitemap entry, kept with the planned route (see routeOf) and the two addresses it reads. */
  readonly entries: WeakMap<PlannedRoute, { key: string; entry: SitemapEntry }>;
  /**
   * The last plan's entries with the routes and addresses they came from: a plan whose routes are
   * the same list (a publish that changed no route) has the same entries, and one whose routes were
   * patched from that list (src/lists/sorted.ts changeFrom) drops the gone routes' entries and
   * inserts the new ones, instead of making and sorting 50,000 again. Not when two routes shared a
   * URL (which one is listed depends on all of them). The sitemap's shards compare their entries by
   * reference (src/emit/sitemap.ts).
   */
  readonly sitemap: Slot<{ routes: readonly PlannedRoute[]; key: string; entries: readonly SitemapEntry[]; shared: boolean }>;
  /**
   * The number of article routes of a plan's route list (src/pipeline/search-index-mode.ts): a plan
   * that changed no route gives the same list back, and counting 50,000 routes is a walk.
   */
  readonly articles: WeakMap<readonly PlannedRoute[], number>;
  /** The last route list counted: the next is counted from it by the routes that came and went (src/lists/list-change.ts), not by a walk of 50,000 routes. */
  readonly counted: Slot<{ routes: readonly PlannedRoute[]; articles: number }>;
}

/** An empty one, for a new session. */
export function newPlanKept(): PlanKept {
  return {
    join: new Slot(),
    planned: new Slot(),
    routeOrder: new SortedCache<PlannedRoute>(byRouteOrder),
    collisionKeys: new WeakMap(),
    routeOf: new WeakMap(),
    lastCall: new Slot(),
    entries: new WeakMap(),
    sitemap: new Slot(),
    articles: new WeakMap(),
    counted: new Slot(),
  };
}
