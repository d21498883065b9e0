// The catalogue of page kinds (URL patterns: ./patterns.ts). Order matters only for stable output.
import { sameJsonValue } from '../../encoding/json.ts';
import type { SiteKept } from '../kept.ts';
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
 * A kind's routes, once per snapshot state and clock (crawl, prune and plan each ask). Routes read
 * only the snapshot and the clock, never the context's sinks.
 */
export function routesOf(kind: PageKind, snap: SnapshotView, ctx: SiteContextForKinds): readonly RouteSpec[] {
  // Asked of the kind object, not its name: a test's kind may share another's name.
  return memoBySnapshot(snap, `routes\0${ctx.now}\0${ctx.today}`, () => (kind.keepsOwnRoutes ? kind.routes(snap, ctx) : asLastIfAlike(kind, kind.routes(snap, ctx), ctx.kept)), kind);
}

/** The kind's last answer (SiteKept.kindAnswers) when this one is alike route by route. */
function asLastIfAlike(kind: PageKind, routes: RouteSpec[], kept: SiteKept | undefined): readonly RouteSpec[] {
  const last = kept?.kindAnswers.get(kind);
  const alike = last !== undefined && last.length === routes.length && routes.every((r, i) => sameJsonValue(r, last[i]));
  if (alike) return last;
  kept?.kindAnswers.set(kind, routes);
  return routes;
}
