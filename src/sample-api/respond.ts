// Writing answers, including the faulty ones: truncated bodies (Content-Length
// larger than what is sent, then the socket is destroyed), dripped bodies, and
// conditional GET (ETag / Last-Modified -> 304).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';

export const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

export interface Body {
  status: number;
  bytes: Buffer;
  etag: string;
}

/** Strong ETag: a hash of the exact bytes. */
export function etagOf(bytes: Buffer | string): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

export function jsonBody(status: number, value: unknown): Body {
  const bytes = Buffer.from(JSON.stringify(value));
  return { status, bytes, etag: etagOf(bytes) };
}

/** RFC 9110 13.1.2/13.1.3: If-None-Match wins; If-Modified-Since only when it is absent. */
export function notModified(req: IncomingMessage, etag: string, lastModifiedMs: number): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims !== undefined) {
    const t = Date.parse(ims);
    return !Number.isNaN(t) && Math.floor(lastModifiedMs / 1000) * 1000 <= t;
  }
  return false;
}

export interface SendFaults {
  truncate?: boolean;
  dripMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  bytes: Buffer,
  faults: SendFaults = {},
): Promise<void> {
  res.writeHead(status, { ...CORS, ...headers, 'Content-Length': String(bytes.length) });
  if (req.method === 'HEAD' || status === 304 || status === 204) {
    res.end();
    return;
  }
  if (faults.truncate) {
    // Promise the whole body, send half, then drop the connection.
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
    return;
  }
  if (faults.dripMs) {
    const chunks = 8;
    const size = Math.max(1, Math.ceil(bytes.length / chunks));
    for (let off = 0; off < bytes.length; off += size) {
      if (res.destroyed) return;
      res.write(bytes.subarray(off, off + size));
      await sleep(faults.dripMs);
    }
    res.end();
    return;
  }
  res.end(bytes);
}

export class BodyTooLarge extends Error {}

/** Reads a request body up to `max` bytes. */
export async function readBody(req: IncomingMessage, max = 16_384): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new BodyTooLarge(`request body over ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const HTML_ERROR_PAGE = Buffer.from(
  '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The upstream server is temporarily unavailable.</p><hr><address>nginx</address></body></html>',
);
