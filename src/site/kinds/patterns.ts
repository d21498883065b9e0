// The client's route table: each kind's URL patterns, in catalogue order. The kinds take theirs from
// here, so prerendered and client routes agree; the client imports only this table, not the kinds'
// build-time parts (docs/architecture.md, "bundle").
import type { PageKindName } from '../types.ts';

export const ROUTE_PATTERNS = [
  { kind: 'home', patterns: ['/'] },
  { kind: 'topic', patterns: ['/topic/:cat_slug', '/topic/:cat_slug/:subcat', '/topic/:cat_slug/page/:page', '/topic/:cat_slug/:subcat/page/:page'] },
  { kind: 'tag', patterns: ['/tag/:subcat'] },
  { kind: 'article', patterns: ['/:cat_slug/:post_name'] },
  { kind: 'author', patterns: ['/author/:auther_name', '/author/:auther_name/page/:page'] },
  { kind: 'author-index', patterns: ['/author'] },
  { kind: 'no-posts', patterns: ['/no-posts'] },
  { kind: 'events', patterns: ['/events', '/events/page/:page'] },
  { kind: 'past-events', patterns: ['/past-events'] },
  { kind: 'event-detail', patterns: ['/events/:event_slug'] },
  { kind: 'past-event-detail', patterns: ['/past-events/:event_slug'] },
  { kind: 'about', patterns: ['/about'] },
  { kind: 'privacy-policy', patterns: ['/privacy-policy'] },
  { kind: 'opt-out-form', patterns: ['/opt-out-form'] },
  { kind: 'contact', patterns: ['/contact-us'] },
  { kind: 'sitemap-page', patterns: ['/sitemap'] },
  { kind: 'search', patterns: ['/search/:cat/:searchVal'] },
  { kind: 'preview', patterns: ['/preview/:cat_slug/:post_name'] },
  { kind: 'not-found', patterns: ['*'] },
] as const satisfies readonly { kind: PageKindName; patterns: readonly string[] }[];

/** The URL patterns of `kind`. */
export function patternsOf(kind: PageKindName): readonly string[] {
  return ROUTE_PATTERNS.find((r) => r.kind === kind)?.patterns ?? [];
}
