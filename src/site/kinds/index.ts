// The catalogue of page kinds (their URL patterns: ./patterns.ts). Order matters only for the router's ranking on
// the client (it ranks by specificity anyway) and for stable output.
import { sameJsonValue } from '../../core/json.ts';
import { KeptWeakMap } from '../../core/resident.ts';
import { memoBySnapshot } from '../memo.ts';
import type { PageKind, RouteSpec, SiteContextForKinds, SnapshotView } from '../types.ts';
import { article } from './article.ts';
import { author } from './author.ts';
import { eventDetail, events, pastEventDetail, pastEvents } from './events.ts';
import { home } from './home.ts';
import { about, authorIndex, contact, noPosts, notFound, optOutForm, preview, privacyPolicy, search, sitemapPage } from './static.ts';
import { tag } from './tag.ts';
import { topic } from './topic.ts';

export const PAGE_KINDS: readonly PageKind[] = [
  home,
  topic,
  tag,
  article,
  author,
  authorIndex,
  noPosts,
  events,
  pastEvents,
  eventDetail,
  pastEventDetail,
  about,
  privacyPolicy,
  optOutForm,
  contact,
  sitemapPage,
  search,
  preview,
  notFound,
];

export { SHELLS } from './static.ts';

/**
 * A kind's routes, once per snapshot state and build clock: the crawl's last round, its prune
 * and the plan each ask every kind for them (the article kind walks every listed post). Routes
 * read only the snapshot and the clock (`now`, `today`), never the context's sinks.
 */
export function routesOf(kind: PageKind, snap: SnapshotView, ctx: SiteContextForKinds): readonly RouteSpec[] {
  let id = KIND_IDS.get(kind);
  if (id === undefined) KIND_IDS.set(kind, (id = KIND_IDS_GIVEN++));
  return memoBySnapshot(snap, `routes\0${id}\0${ctx.now}\0${ctx.today}`, () => (kind.keepsOwnRoutes ? kind.routes(snap, ctx) : asLastIfAlike(kind, kind.routes(snap, ctx))));
}

// The last answer of each kind of a process that publishes again (src/core/resident.ts). The kinds
// other than the article kind make new route objects on each call (a listing, a tag, an author, an
// event: a few hundred routes); an answer alike route by route to the last is that last array, the
// very objects. The plan, the crawl's wanted paths and the incremental decision then see this kind
// unchanged by reference, and copy none of their lists of every route of the site for it; a page
// whose route is kept is still rendered again when a response it reads changed (its inputs' hash).
const LAST_ANSWER = new KeptWeakMap<PageKind, readonly RouteSpec[]>();

function asLastIfAlike(kind: PageKind, routes: RouteSpec[]): readonly RouteSpec[] {
  const last = LAST_ANSWER.get(kind);
  const alike = last !== undefined && last.length === routes.length && routes.every((r, i) => sameJsonValue(r, last[i]));
  if (alike) return last;
  LAST_ANSWER.set(kind, routes);
  return routes;
}

// Each kind object by a number of its own: a test's kind may share another's name.
const KIND_IDS = new WeakMap<PageKind, number>();
let KIND_IDS_GIVEN = 0;
