// Sending one file as static hosts do: by Accept-Encoding from the build's `.br`/`.gz` sibling, or
// compressed here without one; Range, ETag and Last-Modified by `send` (express.static's sender).
// This module only picks the variant and compresses.
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import send from 'send';

/** Types worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|xml|txt|svg|map|webmanifest|conf)$/i;
export type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the client accepts, best first (br over gzip at equal q; `q=0` refuses). */
export function negotiate(header: string | string[] | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (e: string) => q.get(e) ?? (q.has('*') ? q.get('*')! : 0);
  return (['br', 'gzip'] as const).filter((e) => of(e) > 0).sort((a, b) => of(b) - of(a));
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const CACHE_LIMIT = 256;

/**
 * Compressed bodies of sibling-less files by path, mtime, size and encoding: one server's (startServe
 * makes one each). The oldest goes past CACHE_LIMIT.
 */
export class CompressedBodies {
  readonly #bodies = new Map<string, Buffer>();

  async get(file: string, st: { mtimeMs: number; size: number }, encoding: Encoding): Promise<Buffer> {
    const key = `${file}\0${st.mtimeMs}\0${st.size}\0${encoding}`;
    let body = this.#bodies.get(key);
    if (!body) {
      const raw = await readFile(file);
      // Fast levels: the build's siblings are the well-compressed copies; this is the fallback.
      body = encoding === 'br' ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : await gz(raw, { level: 6 });
      this.#bodies.set(key, body);
      if (this.#bodies.size > CACHE_LIMIT) this.#bodies.delete(this.#bodies.keys().next().value!);
    }
    return body;
  }
}

export interface StaticOptions {
  /** The folder `file` is in (send refuses paths outside it). */
  root: string;
  status: number;
  /** Content-Type and Cache-Control of the file, and the `_headers` result for the request path. */
  headers: Record<string, string>;
  /** The server's compressed bodies of files without siblings. */
  compressed: CompressedBodies;
}

export async function sendStatic(req: IncomingMessage, res: ServerResponse, file: string, opts: StaticOptions): Promise<void> {
  const compressible = COMPRESSIBLE.test(file);
  const encodings = compressible ? negotiate(req.headers['accept-encoding']) : [];
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  const st = await stat(file);

  for (const encoding of encodings) {
    const sibling = await stat(file + SUFFIX[encoding]).catch(() => null);
    // A sibling older than its file is stale (a hand-edited file): compress the file instead.
    if (sibling?.isFile() && sibling.mtimeMs >= st.mtimeMs && opts.status === 200) {
      return sendFile(req, res, file + SUFFIX[encoding], opts, { 'Content-Encoding': encoding }, false);
    }
  }
  if (encodings.length) {
    const encoding = encodings[0]!;
    const body = await opts.compressed.get(file, st, encoding);
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}-${encoding}"`;
    const lastModified = new Date(Math.floor(st.mtimeMs / 1000) * 1000).toUTCString();
    const headers: Record<string, string> = { ...opts.headers, 'Content-Encoding': encoding, ETag: etag, 'Last-Modified': lastModified, 'Content-Length': String(body.length) };
    if (opts.status === 200 && notModified(req, etag, st.mtimeMs)) {
      res.writeHead(304, { ETag: etag, 'Last-Modified': lastModified, 'Cache-Control': headers['cache-control'] ?? '' });
      return void res.end();
    }
    res.writeHead(opts.status, headers);
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  return sendFile(req, res, file, opts, {}, opts.status === 200);
}

/** RFC 9110: If-None-Match wins over If-Modified-Since. */
function notModified(req: IncomingMessage, etag: string, mtimeMs: number): boolean {
  const inm = req.headers['if-none-match'];
  if (inm) return inm.split(',').some((t) => t.trim() === etag || t.trim() === '*');
  const ims = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  return Number.isFinite(ims) && Math.floor(mtimeMs / 1000) * 1000 <= ims;
}

/** `send` with our Content-Type/Cache-Control; ranges only on identity bodies (a range of a compressed body is a range of other bytes). */
function sendFile(req: IncomingMessage, res: ServerResponse, file: string, opts: StaticOptions, extra: Record<string, string>, ranges: boolean): Promise<void> {
  const rel = relative(opts.root, file).split(sep).map(encodeURIComponent).join('/');
  return new Promise<void>((ok, fail) => {
    const stream = send(req, `/${rel}`, { root: opts.root, dotfiles: 'allow', index: false, acceptRanges: ranges, etag: true, lastModified: true, cacheControl: false });
    stream.on('headers', (r: ServerResponse) => {
      for (const [k, v] of Object.entries({ ...opts.headers, ...extra })) r.setHeader(k, v);
      if (!ranges) r.removeHeader('Accept-Ranges');
      if (opts.status !== 200) r.statusCode = opts.status;
    });
    stream.on('error', (e: Error & { status?: number; code?: string }) => {
      // A file gone between finding and opening it: the caller's swap check answers (./swap-wait.ts).
      if (!res.headersSent && e.code === 'ENOENT') return fail(e);
      if (!res.headersSent) res.writeHead(e.status ?? 500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(e.status === 404 ? 'not found\n' : `cannot send the file: ${e.message}\n`);
      ok();
    });
    stream.on('end', ok);
    res.on('close', ok);
    stream.pipe(res);
  });
}
