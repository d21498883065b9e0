// The operational configuration: content source, crawl, hosts, redirects, feeds, releases, shrink
// gate. Every key defaults to the sample site's behaviour except `api.base` (a build without it
// stops: ./load.ts apiSource). Objects are strict, so a typo is an error. A key is one line here
// (with `.default()` and a description), one in ./inputs.ts if a variable or flag sets it; then
// `npm run schema`.
import { z } from 'zod';
import { DEFAULT_MAX_INVALID_SHARE } from '../api/quarantine.ts';
import { ISO_DATE_EXPECTED, isoDateMs } from '../encoding/iso-date.ts';

export const httpUrl = z.url({ protocol: /^https?$/ });
const hostName = z.string().regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'a host name such as news.example.com');

/** Every static host Pressroom can write files for (docs/configuration.md, `hosts`). */
export const HOST_NAMES = ['netlify', 'cloudflare', 'gitlab', 'vercel', 'nginx', 'apache', 'caddy', 's3', 'github-pages'] as const;

/**
 * Hosts that serve `x/index.html` only at `/x/` (`/x` answers a redirect to it) and `x.html` at `/x`:
 * with site.trailingSlash "never" the pages are written as `x.html` for them (output.pageFiles "auto").
 * GitLab Pages also redirects `/x`, but redirects `/x` to `/x/` whenever a folder `x/` exists, even
 * beside `x.html` (docs/decisions/0117-trailing-slash-and-page-files.md): "always" suits it.
 */
export const FOLDER_SLASH_HOSTS = ['cloudflare', 'github-pages'] as const;

/** ISO date or date-time that Date can read, e.g. 2026-01-15 or 2026-01-15T12:00:00Z. */
const isoDate = z.string().refine((s) => !Number.isNaN(isoDateMs(s)), `expected ${ISO_DATE_EXPECTED}`);
const REDIRECT_CODES: readonly number[] = [301, 302, 307, 308];

export const apiSchema = z
  .strictObject({
    base: z
      .union([z.literal('sample'), httpUrl])
      .nullable()
      .default(null)
      .describe('The content API the build crawls: its origin, with a base path if it has one. "sample" crawls the embedded sample API (like --sample). Unset, a build stops with PR_CONFIG_NO_API rather than guess.'),
    publicBase: z.string().default('').describe('What browsers call for live requests (search, preview, forms, view counts). "" means the site\'s own origin, e.g. behind a proxy or `pressroom serve`.'),
    imageHost: z.string().default('').describe('Prefix of image URLs. "" means the site\'s own origin.'),
    ipLookup: z
      .strictObject({
        enabled: z.boolean().default(false).describe('Look up the reader\'s IP address for view counts. Off by default: it sends readers\' addresses to a third party.'),
        url: httpUrl.default('https://api.ipify.org?format=json').describe('The IP lookup service (answers {"ip": "..."}).'),
      })
      .prefault({})
      .describe('The IP lookup for view counts.'),
    optOutPath: z.string().startsWith('/').default('/api/contact/add').describe('API path the "Do Not Sell My Information" form posts to.'),
    redirectAllowHosts: z.array(hostName).default([]).describe('The only hosts a redirect (from the API or `redirects`) may send readers to; redirects to any other host are dropped.'),
  })
  .prefault({})
  .describe('The content API.');

export const crawlSchema = z
  .strictObject({
    concurrency: z.int().min(1).max(256).default(16).describe('Concurrent API requests.'),
    timeoutMs: z.int().min(100).default(15000).describe('Deadline per request in milliseconds (headers and body together).'),
    retries: z.int().min(0).max(10).default(3).describe('Retries of a GET after the first attempt (5xx, 429, network errors; Retry-After is honoured, capped).'),
    maxResponseBytes: z.int().min(1024).default(8388608).describe('Size cap of one API response in bytes.'),
    maxInvalidShare: z
      .number()
      .min(0)
      .max(1)
      .default(DEFAULT_MAX_INVALID_SHARE)
      .describe('Share of one list response whose records may fail their check and be left out (quarantined, named in the report) before the response counts as broken and the build stops. At least one record per list may always be left out; --strict stops on any.'),
  })
  .prefault({})
  .describe('How the crawl talks to the API.');

export const buildKeys = {
  api: apiSchema,
  today: isoDate.nullable().default(null).describe('The build clock\'s "today" when --now is not given (ISO date or date-time); null means the real clock.'),
  crawl: crawlSchema,
  hosts: z
    .array(z.enum(HOST_NAMES))
    .default([])
    .describe('Static hosts to write redirect and header files for. Files a host reads from the published folder (_redirects, _headers, vercel.json, .htaccess, GitHub Pages redirect pages) go into out/; server snippets (nginx, Caddy, S3) go beside it in .pressroom/<out>/hosts/. Empty: none.'),
  redirects: z
    .array(
      z.strictObject({
        from: z.string().startsWith('/').describe('Site path to redirect from, e.g. /old-page.'),
        to: z.string().min(1).describe('Site path or allow-listed URL to redirect to.'),
        // A plain integer type (not a union of literals): plan re-checks every rule, whatever its origin.
        status: z
          .int()
          .refine((n) => REDIRECT_CODES.includes(n), 'expected 301, 302, 307 or 308')
          .optional()
          .meta({ enum: [...REDIRECT_CODES], description: 'HTTP status of the redirect. Default: 301.' }),
      }),
    )
    .default([])
    .describe('Operator redirects; they win over the API\'s redirect records for the same path.'),
  feeds: z
    .strictObject({ items: z.int().min(1).max(1000).default(50).describe('Items per feed (RSS, Atom, JSON Feed).') })
    .prefault({})
    .describe('Feeds.'),
  releases: z
    .strictObject({ keep: z.int().min(1).max(100).default(5).describe('Published builds kept beside out/ for `pressroom rollback`.') })
    .prefault({})
    .describe('Releases.'),
  output: z
    .strictObject({
      precompress: z
        .union([z.literal('auto'), z.boolean()])
        .default('auto')
        .describe('Write .br and .gz siblings of HTML, JS, CSS, JSON and XML files for hosts that serve them as they are; "auto" writes them when nginx or caddy is among the hosts.'),
      pageFiles: z
        .enum(['auto', 'folder', 'file'])
        .default('auto')
        .describe('The file of the page at /x: "folder" writes x/index.html, "file" writes x.html (the home stays index.html, the 404 page 404.html). "auto" is "file" when site.trailingSlash is "never" and hosts include cloudflare or github-pages (they serve x/index.html only at /x/, after a redirect), else "folder". "file" needs site.trailingSlash "never".'),
    })
    .prefault({})
    .describe('Output files.'),
  search: z
    .strictObject({
      staticIndex: z
        .enum(['auto', 'fallback', 'first', 'off'])
        .default('auto')
        .describe('The static search index of the article pages (Pagefind, written to out/pagefind/): "auto" is "fallback" for sites of up to 2,000 articles and "off" above (the index is rebuilt on every build and its cost grows faster than the site; the build says when it skips it), "fallback" searches it when the live search call fails or the API cannot be reached, "first" searches it before (and instead of) the live API, which is then asked only when the index cannot be loaded, "off" writes no index and searches the live API only.'),
    })
    .prefault({})
    .describe('Search.'),
  render: z
    .strictObject({
      workers: z
        .union([z.literal('auto'), z.int().min(0).max(256)])
        .default('auto')
        .describe('Render threads: "auto" is one per core available (the main thread below 2,000 routes), 0 renders on the main thread. The output is the same for any count.'),
    })
    .prefault({})
    .describe('Rendering.'),
  shrinkGate: z.number().min(0).max(1).default(0.1).describe('Share by which the route count may fall from the last build before a build stops (exit 8) unless --allow-shrink.'),
};
