// Host files for a site served under a base path (config site.basePath, e.g.
// /project). Every format is written for a host that serves out/ at the base
// path, so the paths a host matches and sends readers to are the URLs readers
// request: /project/old -> /project/new, /project/search/* -> the shell at
// /project/_shell/search.html, the 404 page at /project/404.html. That is how
// GitHub Pages and GitLab Pages serve project sites, how nginx, Apache and
// Caddy serve out/ copied to {root}/project/, how S3 serves out/ synced under
// the key prefix project/, and what `pressroom serve --base` does. Plan's
// rules stay site paths; only the writers add the prefix, through this view,
// so the redirect list is validated once whatever the base path. With '' the
// view is the input itself (byte-identical files).
import type { RewriteRule } from '../../plan/types.ts';
import { withBase } from '../../site/paths.ts';
import type { RedirectRule } from '../../site/types.ts';
import type { HostName, RedirectInput } from './types.ts';

export interface HostView {
  basePath: string;
  redirects: readonly RedirectRule[];
  rewrites: readonly RewriteRule[];
  /** Folders of content-hashed assets, as URL paths under the base path. */
  immutablePrefixes: readonly string[];
  /** The URL path of out/404.html. */
  notFound: string;
}

export function hostView(input: Pick<RedirectInput, 'redirects' | 'rewrites' | 'immutablePrefixes' | 'basePath'>): HostView {
  const b = input.basePath ?? '';
  if (!b) return { basePath: '', redirects: input.redirects, rewrites: input.rewrites, immutablePrefixes: input.immutablePrefixes, notFound: '/404.html' };
  return {
    basePath: b,
    redirects: input.redirects.map((r) => ({ ...r, from: `${b}${r.from}`, to: withBase(b, r.to) })),
    rewrites: input.rewrites.map((r) => ({ ...r, prefix: `${b}${r.prefix}`, to: `${b}${r.to}` })),
    immutablePrefixes: input.immutablePrefixes.map((p) => `${b}${p}`),
    notFound: `${b}/404.html`,
  };
}

/** A base path as the literal start of a regular expression (its only metacharacter is '.'). */
export const baseRegex = (basePath: string) => basePath.replace(/\./g, '\\.');

/**
 * Hosts that publish a deploy at the root of its own domain and cannot map a
 * path prefix to it: with a base path their files still name /project/...,
 * which only a proxy in front that keeps the prefix would reach.
 */
export const ROOT_ONLY_HOSTS: readonly HostName[] = ['netlify', 'cloudflare', 'vercel'];
export const BASE_PATH_ROOT_HOST = 'W_BASE_PATH_ROOT_HOST';

/** The warning for a base path with root-only hosts selected; null when there is none. */
export function rootHostWarning(basePath: string | undefined, hosts: readonly HostName[]): string | null {
  if (!basePath) return null;
  const root = ROOT_ONLY_HOSTS.filter((h) => hosts.includes(h));
  if (!root.length) return null;
  return `site.basePath is ${basePath}, but ${root.join(', ')} serve a deploy at the root of a domain: the pages, links and host files name ${basePath}/..., which such a deploy does not answer. Use an empty base path there, or a host that serves the site under the prefix (github-pages, gitlab, nginx, apache, caddy, s3; docs/deploying.md).`;
}
