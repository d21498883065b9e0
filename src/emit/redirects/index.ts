// The redirect writers by host format. A format is written when one of its
// hosts is in config.hosts; hosts whose format arrives with a later issue
// (vercel, apache, caddy, s3, github-pages: issue 8) are listed there and
// simply have no module here yet.
import { netlifyRedirects } from './netlify.ts';
import { nginxRedirects } from './nginx.ts';
import type { HostFormat, OutputFile, RedirectInput } from './types.ts';

export type { HostFormat, HostName, OutputFile, RedirectInput } from './types.ts';

export const HOST_FORMATS: readonly HostFormat[] = [netlifyRedirects, nginxRedirects];

export function renderRedirects(input: RedirectInput, formats: readonly HostFormat[] = HOST_FORMATS): OutputFile[] {
  return formats
    .filter((f) => f.hosts.some((h) => input.hosts.includes(h)))
    .flatMap((f) => f.render(input))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}
