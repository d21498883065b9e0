// `pressroom serve` (docs/cli.md): out/ served as a static host serves it: each page at its URL in the
// build's form (site.trailingSlash, from the manifest) from its file (`x/index.html` or `x.html`), the
// other form of a page URL redirected (301) to it, `404.html` with 404, the `_redirects` rules, content types, HEAD, no
// traversal; files compressed, ranged and revalidated (./static.ts).
//
// The sample site uses same-origin API and images, so /api/* and /uploads/* are proxied to
// --api-proxy or, for a site built from the embedded sample, to an embedded sample API of the same
// seed, size and today (POSTs persist under .pressroom/sample-data), so `npm start` works fully.
//
// Under a base path (--base, default the build's) out/ is served at /project/ as a GitHub Pages
// project site: outside it 404, /project/api/* and /project/uploads/* proxied. `_redirects` and
// `_headers` already carry the prefix, so rules match the whole request path.
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { recover } from '../publish/swap.ts';
import { MANIFEST_FILE, urlFormOf, type ManifestHead } from '../emit/index.ts';
import { cacheControlFor, contentTypeOf } from '../emit/file-headers.ts';
import { shellRewrites } from '../plan/index.ts';
import { isBasePath, pageUrl, sitePathOf, stripBase, withBase, type UrlForm } from '../site/paths.ts';
import { startSampleApi } from '../sample-api/index.ts';
import { HOST_DEFAULT_CACHE, headersFor, parseHeadersFile, type HeaderRule } from './headers.ts';
import { matchRule, parseRedirects, type ServeRule } from './rules.ts';
import { CompressedBodies, sendStatic } from './static.ts';
import { acrossSwaps, OutMissing, outPresent, type SwapWait } from './swap-wait.ts';

export interface ServeOptions {
  out?: string;
  port?: number;
  host?: string;
  /** Live API for /api/* and /uploads/*; default: from the manifest's source. */
  apiProxy?: string;
  /** Where an embedded sample API keeps its POSTs (default .pressroom/sample-data beside out/). */
  dataDir?: string;
  /** Serve out/ under this path prefix (e.g. /project); default: the base path the site was built with. */
  base?: string;
  /** Hears of each request that waits for a publish's swap of out/ (./swap-wait.ts), as the wait starts and ends. */
  onSwapWait?: (e: SwapWait) => void;
}

export interface Serving {
  /** Where the site is: the origin, with the base path when there is one (no trailing slash: `${url}/about`). */
  url: string;
  /** The path prefix the site is served under ('' at the root). */
  base: string;
  /** The API that /api/* and /uploads/* go to, if any. */
  apiProxy: string | null;
  /** What this preview cannot show (e.g. no redirects without a _redirects file). */
  notes: string[];
  close(): Promise<void>;
}

const PROXIED = /^\/(api|uploads)\//;

export async function startServe(opts: ServeOptions = {}): Promise<Serving> {
  const root = resolve(opts.out ?? 'out');
  // An interrupted publish is restored first (docs/decisions/0103-publish-kill-recovery.md); best
  // effort, so a server that may not write beside out/ still serves.
  const notes: string[] = await recover(root).catch((e: Error) => [`could not tidy up beside ${root}: ${e.message}`]);
  const manifest = await readManifest(root);
  const built = manifest.basePath ?? '';
  const base = opts.base ?? built;
  if (!isBasePath(base)) throw pressroomError('PR_USAGE', { detail: `--base ${JSON.stringify(base)} is not a base path: "" or a path such as /project, no trailing slash` });
  if (base !== built) notes.push(`the site was built for ${built ? `the base path ${built}` : 'the root of a domain'} but is served under ${base ? base : '/'}: its links, assets and redirects name ${built || '/'} and will not be found`);
  const redirectsFile = await readFile(join(root, '_redirects'), 'utf8').catch(() => null);
  // Without a rules file the client-only shells must still answer, so their rewrites apply anyway.
  const rules = redirectsFile === null ? shellRewrites().map((r) => ({ from: `${base}${r.prefix}`, prefix: true, to: `${base}${r.to}`, status: r.status })) : parseRedirects(redirectsFile);
  if (redirectsFile === null) notes.push('no _redirects in this build (hosts has none of netlify, cloudflare, gitlab): serving the search and preview rewrites only, without the redirects');
  // `_headers` as Netlify/Cloudflare apply it; null when the build wrote none.
  const headerRules = await readFile(join(root, '_headers'), 'utf8').then(parseHeadersFile, () => null);
  let apiProxy = opts.apiProxy ?? null;
  let embedded: { close(): Promise<void> } | null = null;
  if (!apiProxy && manifest.source.kind === 'embedded-sample') {
    const s = manifest.source;
    const api = await startSampleApi({ port: 0, seed: s.seed, posts: s.posts, today: s.today, dataDir: opts.dataDir ?? join(dirname(root), '.pressroom', 'sample-data') });
    embedded = api;
    apiProxy = api.url;
  } else if (!apiProxy && manifest.source.kind === 'api') {
    apiProxy = manifest.source.base;
  }

  const compressed = new CompressedBodies();
  const server = createServer((req, res) => {
    const site = { root, base, rules, headerRules, apiProxy, compressed, urls: urlFormOf(manifest) };
    acrossSwaps(root, res, () => handle(site, req, res), opts.onSwapWait).catch((e) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`internal error: ${(e as Error).message}\n`);
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((ok, fail) => {
    server.once('error', (e) => fail(pressroomError('PR_USAGE', { detail: `cannot listen on ${opts.host ?? '127.0.0.1'}:${opts.port ?? 0}: ${e.message}` })));
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => ok());
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}${base}`,
    base,
    apiProxy,
    notes,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      await embedded?.close();
    },
  };
}

async function readManifest(root: string): Promise<ManifestHead> {
  try {
    return JSON.parse(await readFile(join(root, MANIFEST_FILE), 'utf8')) as ManifestHead;
  } catch (e) {
    throw pressroomError('PR_USAGE', { detail: `${root} holds no built site (${MANIFEST_FILE}: ${(e as Error).message}); run \`pressroom build\` first` });
  }
}

interface Site {
  root: string;
  base: string;
  rules: readonly ServeRule[];
  headerRules: readonly HeaderRule[] | null;
  apiProxy: string | null;
  /** This server's compressed bodies of files the build wrote no sibling for (./static.ts). */
  compressed: CompressedBodies;
  /** The build's URL form and page files (its manifest). */
  urls: UrlForm;
}

async function handle({ root, base, rules, headerRules, apiProxy, compressed, urls }: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // Outside the base path there is no site (on GitHub Pages, another repository's).
  const sitePath = stripBase(base, url.pathname);
  if (sitePath === null) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end(`not found: the site is served under ${base}/\n`);
  }
  const custom = headerRules ? { 'cache-control': HOST_DEFAULT_CACHE, ...headersFor(headerRules, url.pathname) } : undefined;
  if (apiProxy && PROXIED.test(sitePath)) return proxy(apiProxy, `${sitePath}${url.search}`, req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('method not allowed\n');
  }
  const rel = safePath(sitePath);
  if (rel === null) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('bad path\n');
  }
  // The other form of a page URL (/about/ for "never", /about for "always") goes to the page's URL,
  // as every host the build writes for does; a file of that very name (e.g. `_redirects`) is served.
  const canonical = pageUrl(urls.trailingSlash, sitePathOf(sitePath));
  if (canonical !== sitePath && !(await isFile(root, rel))) {
    // An old URL's own rule first: one hop to its target, not two.
    const own = [matchRule(rules, url.pathname), matchRule(rules, withBase(base, canonical))].find((r) => r && r.status >= 300 && r.status < 400);
    if (own) {
      res.writeHead(own.status, { location: own.to, 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(`redirecting to ${own.to}\n`);
    }
    const location = `${withBase(base, canonical)}${url.search}`;
    res.writeHead(301, { location, 'content-type': 'text/plain; charset=utf-8' });
    return void res.end(`redirecting to ${location}\n`);
  }
  const file = await findFile(root, rel, urls);
  if (file) return sendFile(req, res, { root, compressed }, file, 200, custom);
  // No file may mean no out/ for the instant of a publish's swap: answered again once it is back.
  if (!(await outPresent(root))) throw new OutMissing(root);
  const rule = matchRule(rules, url.pathname);
  if (rule && rule.status >= 300 && rule.status < 400) {
    res.writeHead(rule.status, { location: rule.to, 'content-type': 'text/plain; charset=utf-8' });
    return void res.end(`redirecting to ${rule.to}\n`);
  }
  if (rule && rule.status === 200) {
    // Rewrite targets are URL paths under the base path, like everything in _redirects.
    const targetPath = stripBase(base, rule.to);
    const target = targetPath === null ? null : safePath(targetPath);
    // A rewrite to `/_shell/search` (the form Cloudflare's `_redirects` needs) is served from
    // `_shell/search.html`, as Netlify and Cloudflare serve it, whatever the pages' layout.
    const rewritten = target === null ? null : ((await findFile(root, target, urls)) ?? (await findFile(root, target, { ...urls, pageFiles: 'file' })));
    if (rewritten) return sendFile(req, res, { root, compressed }, rewritten, 200, custom);
  }
  return sendFile(req, res, { root, compressed }, join(root, '404.html'), 404, custom);
}

/** The decoded, normalised path relative to out/, or null when it would leave it. */
export function safePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(decoded) || decoded.split('/').some((s) => s === '..')) return null;
  const norm = posix.normalize(decoded);
  if (!norm.startsWith('/')) return null;
  return norm.slice(1);
}

/** The file at `rel` itself, not a folder. */
const isFile = async (root: string, rel: string): Promise<boolean> => rel !== '' && (await stat(resolve(root, rel)).catch(() => null))?.isFile() === true;

/** A file, or the page's file in the build's layout: the folder's index.html for `x/` and `x` ("folder"), `x.html` for `x` ("file"). */
async function findFile(root: string, rel: string, urls: UrlForm): Promise<string | null> {
  const candidates = rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel, urls.pageFiles === 'file' ? `${rel}.html` : `${rel}/index.html`];
  for (const c of candidates) {
    const abs = resolve(root, c);
    if (abs !== root && !abs.startsWith(root + sep)) return null;
    const st = await stat(abs).catch(() => null);
    if (st?.isFile()) return abs;
  }
  return null;
}

/** `custom`: the `_headers` result for the request path; it replaces the built-in cache policy. */
async function sendFile(req: IncomingMessage, res: ServerResponse, site: Pick<Site, 'root' | 'compressed'>, file: string, status: number, custom?: Record<string, string>): Promise<void> {
  const st = await stat(file).catch(() => null);
  if (!st) {
    if (!(await outPresent(site.root))) throw new OutMissing(site.root);
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('not found\n');
  }
  // The headers a deploy gives the same file (src/emit/file-headers.ts): one definition for both.
  const rel = relative(site.root, file).split(sep).join('/');
  const type = contentTypeOf(rel);
  const headers: Record<string, string> = {
    ...(type ? { 'content-type': type } : {}),
    'cache-control': cacheControlFor(rel),
    ...custom,
  };
  await sendStatic(req, res, file, { root: site.root, status, headers, compressed: site.compressed });
}

/** `path`: the request's site path and query (the base path taken off: the API knows /api/...). */
function proxy(base: string, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = new URL(path, base);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<void>((ok) => {
    const upstream = send(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res).on('finish', ok).on('close', ok);
    });
    upstream.on('error', (e) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`the API at ${base} did not answer: ${e.message}\n`);
      ok();
    });
    req.pipe(upstream);
  });
}
