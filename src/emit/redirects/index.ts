// The redirect writers by host format. A format is written when one of its
// hosts is in config.hosts; hosts whose format arrives with a later issue
// (vercel, apache, caddy, s3, github-pages: issue 8) are listed there and
// simply have no module here yet.
import { apacheRedirects } from './apache.ts';
import { caddyRedirects } from './caddy.ts';
import { githubPagesRedirects } from './github-pages.ts';
import { gitlabRedirects } from './gitlab.ts';
import { netlifyRedirects } from './netlify.ts';
import { nginxRedirects } from './nginx.ts';
import { s3Redirects } from './s3.ts';
import { vercelRedirects } from './vercel.ts';
import type { HostFormat, OutputFile, RedirectInput } from './types.ts';

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

export function renderRedirects(input: RedirectInput, formats: readonly HostFormat[] = HOST_FORMATS): OutputFile[] {
  return formats
    .filter((f) => f.hosts.some((h) => input.hosts.includes(h)))
    .flatMap((f) => f.render(input))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}
