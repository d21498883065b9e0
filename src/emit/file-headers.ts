// The one definition of the Content-Type and Cache-Control a file of out/ is served with:
// `pressroom serve` sends them, and the deploy targets (src/deploy) set them on what they
// upload (an S3 object keeps the headers it was put with). The host files (_headers and the
// server snippets, ./headers.ts and ./redirects/) say the same in each host's own syntax:
// content-hashed assets immutable for a year, everything else (HTML, data/, images...) revalidated.
import { HASHED_ASSET, IMMUTABLE, REVALIDATE } from './headers.ts';

/** Content types by extension (lower case, with the dot). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.conf': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  // The static search index (out/pagefind/): Pagefind's WebAssembly and index
  // files are gzip streams that its script fetches and inflates itself, so they
  // go out as bytes, never with a Content-Encoding (src/serve/static.ts compresses only text types).
  '.pagefind': 'application/octet-stream',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_filter': 'application/octet-stream',
  // Precompressed siblings (./precompress.ts) are bytes to a host that does not serve them as an encoding.
  '.br': 'application/octet-stream',
  '.gz': 'application/gzip',
};

/** What a path without a known extension is sent as (`_redirects`, `_headers`, `.htaccess`). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const extOf = (path: string): string => {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
};

/** The Content-Type of a file of out/ ('topic/news/index.html'), or undefined for an unknown extension. */
export const contentTypeOf = (path: string): string | undefined => CONTENT_TYPES[extOf(path)];

/** The Content-Type a deploy sets: the known one, else bytes. */
export const contentTypeFor = (path: string): string => contentTypeOf(path) ?? DEFAULT_CONTENT_TYPE;

/** The Cache-Control of a file of out/ (relative, '/'-separated): esbuild's content-hashed output immutable, the rest revalidated. */
export const cacheControlFor = (path: string): string => (HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE);
