// How long a plan stays true while only the clock moves (docs/operations.md, "Scheduled runs that
// find nothing"). The same snapshot plans other routes, sitemap entries or event lists when:
// - the build day changes (events split by "today", the home page's lastmod), at the next UTC midnight;
// - a kind reads the clock finer than its day (a story enters or leaves the news window: PageKind.clockBound).
// The release records the earliest of these, so a later run of the same snapshot knows, without
// reading it, whether publishing again could change a byte (src/pipeline/unchanged.ts).
import type { PageKind, SiteContextForKinds, SnapshotView } from '../site/types.ts';

const DAY_MS = 86_400_000;

/** The start of the UTC day after `today` (YYYY-MM-DD), in ms. */
export function nextDay(today: string): number {
  return Date.parse(`${today}T00:00:00Z`) + DAY_MS;
}

/** The first instant after ctx.now at which a plan of `snap` could differ, as ISO-8601. */
export function clockBound(kinds: readonly PageKind[], snap: SnapshotView, ctx: SiteContextForKinds): string {
  let bound = nextDay(ctx.today);
  for (const kind of kinds) if (kind.clockBound) bound = Math.min(bound, kind.clockBound(snap, ctx));
  return new Date(bound).toISOString();
}
