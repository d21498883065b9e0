// Host files for a site under a base path (site.basePath, e.g. /project). Every format is written for
// a host serving out/ at the base path, so it matches and sends readers to the URLs they request:
// /project/old -> /project/new, the shells and 404 page under /project/ (as GitHub and GitLab Pages
// serve project sites, nginx/Apache/Caddy serve {root}/project/, S3 a key prefix, and `pressroom serve
// --base`). Plan's rules stay site paths, validated once; only this view adds the prefix. With '' the
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

/** Hosts that publish at a domain's root and cannot map a path prefix: only a proxy would reach /project/. */
export const ROOT_ONLY_HOSTS: readonly HostName[] = ['netlify', 'cloudflare', 'vercel'];
export const BASE_PATH_ROOT_HOST = 'W_BASE_PATH_ROOT_HOST';

/** The warning for a base path with root-only hosts selected; null when there is none. */
export function rootHostWarning(basePath: string | undefined, hosts: readonly HostName[]): string | null {
  if (!basePath) return null;
  const root = ROOT_ONLY_HOSTS.filter((h) => hosts.includes(h));
  if (!root.length) return null;
  return `site.basePath is ${basePath}, but ${root.join(', ')} serve a deploy at the root of a domain: the pages, links and host files name ${basePath}/..., which such a deploy does not answer. Use an empty base path there, or a host that serves the site under the prefix (github-pages, gitlab, nginx, apache, caddy, s3; docs/deploying.md).`;
}
