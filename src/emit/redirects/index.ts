// The redirect writers by host format, each written when one of its hosts is in config.hosts.
// GitHub Pages is opt-in (docs/decisions/0018-host-output-opt-in.md): its meta-refresh pages are
// files, and a file shadows a `_redirects` rule on Netlify, Cloudflare, GitLab and `pressroom serve`,
// which would then answer 200 instead of 301. Selecting both is warned about.
import { apacheRedirects } from './apache.ts';
import { BASE_PATH_ROOT_HOST, rootHostWarning } from './base.ts';
import { caddyRedirects } from './caddy.ts';
import { githubPagesRedirects } from './github-pages.ts';
import { gitlabRedirects } from './gitlab.ts';
import { netlifyRedirects } from './netlify.ts';
import { nginxRedirects } from './nginx.ts';
import { s3Redirects } from './s3.ts';
import { vercelRedirects } from './vercel.ts';
import type { HostFormat, HostName, OutputFile, RedirectInput } from './types.ts';

export type { HostFormat, HostName, OutputFile, RedirectInput } from './types.ts';

export const HOST_FORMATS: readonly HostFormat[] = [
  netlifyRedirects,
  gitlabRedirects,
  nginxRedirects,
  vercelRedirects,
  apacheRedirects,
  caddyRedirects,
  s3Redirects,
  githubPagesRedirects,
];

/** Hosts that redirect over HTTP from `_redirects`, where a file at the old URL wins over the rule. */
const RULE_FILE_HOSTS: readonly HostName[] = ['netlify', 'cloudflare', 'gitlab'];

export const GITHUB_PAGES_CONFLICT = 'W_REDIRECT_PAGES_SHADOW_RULES';

/** The warning when GitHub Pages' redirect pages would shadow another host's HTTP redirects; null when there is no conflict. */
export function hostConflict(hosts: readonly HostName[]): string | null {
  if (!hosts.includes('github-pages')) return null;
  const shadowed = RULE_FILE_HOSTS.filter((h) => hosts.includes(h));
  if (!shadowed.length) return null;
  return `hosts include github-pages together with ${shadowed.join(', ')}: the GitHub Pages redirect pages (meta refresh, status 200) are files at the old URLs, and files win over _redirects rules, so ${shadowed.join(', ')} (and pressroom serve) will serve those meta pages instead of HTTP redirects. Build GitHub Pages output separately (--hosts github-pages) to keep real redirects.`;
}

export function renderRedirects(input: RedirectInput, formats: readonly HostFormat[] = HOST_FORMATS): OutputFile[] {
  const conflict = hostConflict(input.hosts);
  if (conflict && formats.some((f) => f.hosts.includes('github-pages'))) input.warn?.(GITHUB_PAGES_CONFLICT, { detail: conflict });
  const rootHosts = rootHostWarning(input.basePath, input.hosts);
  if (rootHosts) input.warn?.(BASE_PATH_ROOT_HOST, { detail: rootHosts });
  return formats
    .filter((f) => f.hosts.some((h) => input.hosts.includes(h)))
    .flatMap((f) => f.render(input))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}
