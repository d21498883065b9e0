// One canonical redirect list (plan's rules plus shell rewrites), rendered by one module per host
// format (docs/deploying.md, "Redirect formats and limits"), each of this shape.
import type { SiteConfig } from '../../config/schema.ts';
import type { RewriteRule } from '../../plan/types.ts';
import type { UrlForm } from '../../site/paths.ts';
import type { RedirectRule } from '../../site/types.ts';
import type { Warn } from '../../errors/warnings.ts';

export type HostName = SiteConfig['hosts'][number];

export interface RedirectInput {
  /** Validated, sorted by source (src/plan/redirects.ts). */
  redirects: readonly RedirectRule[];
  rewrites: readonly RewriteRule[];
  /** The configured hosts (config.hosts). */
  hosts: readonly HostName[];
  /** Folders holding content-hashed assets ('/assets/'); only the hashed names in them are cached forever. */
  immutablePrefixes: readonly string[];
  /** The site's address (config.site.url, ending in the base path); GitHub Pages' canonical links need it. */
  siteUrl?: string;
  /** config.site.basePath: every host file is written for the site served under it (./base.ts). Default ''. */
  basePath?: string;
  /** The site's URL form and page-file layout (config.site.trailingSlash, config.output.pageFiles). Default: "never", "folder". */
  urls?: UrlForm;
  /** Files the pages already occupy in out/ (GitHub Pages redirect pages must not overwrite one). */
  pageFiles?: ReadonlySet<string>;
  /** Non-fatal notes (a rule a host cannot carry and skips). */
  warn?: Warn;
}

export interface OutputFile {
  path: string;
  contents: string;
  /** Server configuration for the operator (nginx, Caddy, S3): written beside out/, not published (../host-snippets.ts). */
  beside?: true;
}

export interface HostFormat {
  /** The hosts that read this format; it is written when any of them is configured. */
  hosts: readonly HostName[];
  /** The files, or PR_REDIRECT_LIMIT naming the host and the count. */
  render(input: RedirectInput): OutputFile[];
}
