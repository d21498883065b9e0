// The copy of the static pages (docs/pages.md, "Static pages"): About, Privacy
// Policy, Site Map, Contact and the opt-out form show texts from the
// configuration. Each page's copy is embedded in that page's own page data
// only (src/render), not in the public configuration every page embeds; a link
// to one of these pages from another page is an ordinary page load
// (src/app/components/PageLink.tsx), because the document it leaves does not
// carry the copy (docs/pages.md, "Static pages").
import type { SiteConfig } from './schema.ts';
import { paths } from '../site/paths.ts';
import type { PageKindName } from '../site/types.ts';

const COPY = {
  about: { path: paths.about(), of: (c: SiteConfig) => c.about },
  'privacy-policy': { path: paths.privacy(), of: (c: SiteConfig) => c.privacy },
  'sitemap-page': { path: paths.sitemapPage(), of: (c: SiteConfig) => c.sitemapPage },
  contact: { path: paths.contact(), of: (c: SiteConfig) => c.pages.contact },
  'opt-out-form': { path: paths.optOut(), of: (c: SiteConfig) => c.pages.optOut },
} as const satisfies Partial<Record<PageKindName, { path: string; of: (c: SiteConfig) => unknown }>>;

/** The page kinds that render copy from the configuration. */
export type CopyKind = keyof typeof COPY;
export type CopyOf<K extends CopyKind> = ReturnType<(typeof COPY)[K]['of']>;
/** Copy by page kind; a page's data holds its own kind's only. */
export type PageCopy = { [K in CopyKind]?: CopyOf<K> };

export const COPY_KINDS = Object.keys(COPY) as CopyKind[];

const isCopyKind = (kind: string): kind is CopyKind => Object.hasOwn(COPY, kind);

/** The copy a page of `kind` renders: `{[kind]: copy}`, or null for a kind that renders none. */
export function pageCopy(config: SiteConfig, kind: PageKindName): PageCopy | null {
  return isCopyKind(kind) ? { [kind]: COPY[kind].of(config) } : null;
}

/** Every static page's copy (tests, which render several pages under one provider). */
export function allPageCopy(config: SiteConfig): PageCopy {
  return Object.fromEntries(COPY_KINDS.map((k) => [k, COPY[k].of(config)])) as PageCopy;
}

const COPY_PATHS: ReadonlySet<string> = new Set(COPY_KINDS.map((k) => COPY[k].path));

/**
 * Whether a site-relative link leads to a page that renders configuration copy
 * (its document carries the copy; no other does), so following it must load
 * that document rather than route on the client. Query, fragment and trailing
 * slashes are ignored; anything that is not a site path is not such a page.
 */
export function loadsOwnDocument(to: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//')) return false;
  const path = to.replace(/[?#].*$/s, '').replace(/\/+$/, '') || '/';
  return COPY_PATHS.has(path);
}
