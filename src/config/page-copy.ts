// The copy of the static pages (docs/pages.md, "Static pages"): About, Privacy Policy, Site Map,
// Contact and the opt-out form. Each page's copy is embedded only in its own page data, not the
// public configuration every page carries, so a link to one of them is a full page load
// (src/app/components/PageLink.tsx).
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
 * Whether a site-relative link leads to a page that renders configuration copy, so it must load
 * that document. Query, fragment and trailing slashes are ignored; non-site paths are not such pages.
 */
export function loadsOwnDocument(to: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//')) return false;
  const path = to.replace(/[?#].*$/s, '').replace(/\/+$/, '') || '/';
  return COPY_PATHS.has(path);
}
