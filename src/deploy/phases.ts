// The order of a deploy (docs/deploying.md, "The order"): a reader must never get a page whose
// assets are not there yet, nor a host rule (a redirect, a header) pointing at a page not there.
//   assets  hashed JS/CSS, data/ (what the client fetches), images, the search index: anything
//           a page may reference and that is not itself a page
//   pages   HTML (404.html included: it references assets too), feeds, sitemaps, robots.txt
//   hosts   the files a host reads as rules (_redirects, _headers, vercel.json, .htaccess) and the
//           site's manifest (pressroom-manifest.json and its parts), which describes every other
//           file and so goes last: a manifest on a target never names a file that is not there
// Deletions come after every upload, and the target's marker after the deletions.
import { isManifestFile } from '../emit/index.ts';
import type { DeployPhase } from './types.ts';

export const PHASES: readonly DeployPhase[] = ['assets', 'pages', 'hosts'];

/** Files a static host reads as its own configuration, at the root of the published folder. */
export const HOST_FILES: ReadonlySet<string> = new Set(['_redirects', '_headers', 'vercel.json', '.htaccess']);

const PAGE = /\.(html|xml|txt)$/i;
const FEED_JSON = /(^|\/)feed\.json$/;

export function phaseOf(path: string): DeployPhase {
  if (HOST_FILES.has(path) || isManifestFile(path)) return 'hosts';
  // A sibling (x.html.br) goes with its file.
  const file = path.replace(/\.(br|gz)$/, '');
  if (PAGE.test(file) || FEED_JSON.test(file)) return 'pages';
  return 'assets';
}
