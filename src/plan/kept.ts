// What the plan stage keeps for the next build of a publish session (src/pipeline/session.ts).
// A one-off build has no session: the stage is given no `kept` and holds nothing past the build.
import { Slot } from '../runtime/kept.ts';
import { SortedCache } from '../lists/sorted.ts';
import type { RouteSpec } from '../site/types.ts';
import { cmp } from './redirects.ts';
import type { PlannedRoute, SitemapEntry } from './types.ts';

/** The routes' order: by path, then file, then record (a one-off build sorts by it once). */
export const byRouteOrder = (a: PlannedRoute, b: PlannedRoute): number => cmp(a.path, b.path) || cmp(a.file, b.file) || cmp(a.record, b.record);

/** The last plan without twins: routes and files by collision key; a patched plan checks only new files. */
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
  /** The planned form of a RouteSpec, kept with it, so kept specs get the same planned route back. */
  readonly routeOf: WeakMap<RouteSpec, PlannedRoute>;
  /**
   * The last call: descriptions and routes (a description at the same place gets its route by
   * reference), and other kinds' routes by their JSON, so a listing page equal to last time gets the
   * same route and is not hashed, sorted and printed again for a one-post change.
   */
  readonly lastCall: Slot<{ specs: readonly RouteSpec[]; routes: PlannedRoute[]; byContent: Map<string, PlannedRoute> }>;
  /** A route's sitemap entry, kept with the planned route (see routeOf) and the two addresses it reads. */
  readonly entries: WeakMap<PlannedRoute, { key: string; entry: SitemapEntry }>;
  /**
   * The last sitemap entries with their routes: the same route list gives the same entries; a patched
   * one (changeFrom) drops and inserts entries instead of making 50,000 again. Not when two routes
   * shared a URL. Shards compare entries by reference (src/emit/sitemap.ts).
   */
  readonly sitemap: Slot<{ routes: readonly PlannedRoute[]; key: string; entries: readonly SitemapEntry[]; shared: boolean }>;
  /** The article count of a route list (search-index-mode.ts): the same list needs no walk. */
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
