// The watcher's HTTP side (docs/operations.md, "Publishing on change"):
//
//   POST /hooks/publish   a signed webhook naming what changed -> 202 and queued
//   GET  /healthz         liveness: 200 "ok" while the process and its event loop answer
//   GET  /status          the scheduler's state, last publish, last error, counters
//
// The webhook's signature (HMAC-SHA256 of the raw body, src/core/signature.ts)
// is checked before the body is parsed: an unsigned caller cannot make the
// watcher parse, log or build anything. The body is read up to --max-body
// bytes and no further (a length announced above it is refused before a byte
// is read), so a large or endless body costs at most that much memory.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPressroomError, pressroomError } from '../core/errors.ts';
import { SIGNATURE_HEADERS, verifySignature } from '../core/signature.ts';
import { formatRef, refsFromWebhookBody, type Ref } from '../crawl/refs.ts';
import type { WatchStatus } from './queue.ts';

export const HOOK_PATH = '/hooks/publish';

export interface WatchServerOptions {
  host: string;
  port: number;
  secret: string;
  maxBody: number;
  /** Queues the REFs of an accepted webhook; returns the pending count, or null when the watcher is stopping. */
  accept(refs: readonly Ref[], receivedAt: number): number | null;
  status(): WatchStatus;
}

export interface WatchServer {
  url: string;
  /** Stops accepting connections and waits for the requests in flight. */
  close(): Promise<void>;
}

/** Webhooks refused (401, 400, 413), for /status. */
type Rejected = { signature: number; body: number; tooLarge: number };

export async function startWatchServer(o: WatchServerOptions): Promise<WatchServer> {
  const rejected: Rejected = { signature: 0, body: 0, tooLarge: 0 };
  const server = createServer((req, res) => {
    route(o, rejected, req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, 500, { error: `internal error: ${(e as Error).message}` });
      else res.destroy();
    });
  });
  // `Expect: 100-continue` (curl sends it for large bodies): refuse an announced
  // oversized body before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (announcedTooLarge(req, o.maxBody)) return void tooLarge(res, rejected, o.maxBody);
    res.writeContinue();
    server.emit('request', req, res);
  });
  // A webhook is small and quick: a client that trickles its headers or body is cut off.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', (e) => fail(pressroomError('PR_USAGE', { detail: `cannot listen on ${o.host}:${o.port}: ${e.message}` })));
    server.listen(o.port, o.host, () => ok());
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    async close() {
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      server.closeIdleConnections();
      await closed;
    },
  };
}

async function route(o: WatchServerOptions, rejected: Rejected, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const receivedAt = Date.now();
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const read = req.method === 'GET' || req.method === 'HEAD';
  switch (path) {
    case HOOK_PATH:
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      return hook(o, rejected, req, res, receivedAt);
    case '/healthz':
      if (!read) return methodNotAllowed(res, 'GET, HEAD');
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(req.method === 'HEAD' ? undefined : 'ok\n');
    case '/status':
      if (!read) return methodNotAllowed(res, 'GET, HEAD');
      return json(res, 200, { ...o.status(), rejected }, req.method === 'HEAD');
    default:
      return json(res, 404, { error: `not found: ${path.slice(0, 200)} (the watcher answers POST ${HOOK_PATH}, GET /healthz and GET /status)` });
  }
}

async function hook(o: WatchServerOptions, rejected: Rejected, req: IncomingMessage, res: ServerResponse, receivedAt: number): Promise<void> {
  if (announcedTooLarge(req, o.maxBody)) return tooLarge(res, rejected, o.maxBody);
  const body = await readLimited(req, o.maxBody);
  if (body === null) return tooLarge(res, rejected, o.maxBody);
  const header = SIGNATURE_HEADERS.map((h) => req.headers[h]).find((v) => v !== undefined);
  if (!verifySignature(o.secret, body, typeof header === 'string' ? header : undefined)) {
    rejected.signature += 1;
    return json(res, 401, { error: `${header === undefined ? 'missing' : 'bad'} signature: send X-Pressroom-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the shared secret>` });
  }
  let refs: Ref[];
  try {
    refs = refsFromWebhookBody(JSON.parse(body.toString('utf8')));
  } catch (e) {
    rejected.body += 1;
    const message = isPressroomError(e) ? e.message : `the body is not JSON: ${(e as Error).message}`;
    return json(res, 400, { error: message });
  }
  const queued = o.accept(refs, receivedAt);
  // Stopping: the sender should retry later (a restarted watcher's first poll also covers it).
  if (queued === null) {
    res.setHeader('retry-after', '10');
    return json(res, 503, { error: 'the watcher is stopping; send again later' });
  }
  json(res, 202, { accepted: refs.map(formatRef), queued });
}

function announcedTooLarge(req: IncomingMessage, max: number): boolean {
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > max;
}

/** The body's bytes, or null once it passes `max` bytes (then nothing more is kept). */
function readLimited(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      req.off('data', onData);
      req.off('end', onEnd);
      ok(null);
    };
    const onEnd = () => ok(Buffer.concat(chunks, size));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', fail);
  });
}

function tooLarge(res: ServerResponse, rejected: Rejected, max: number): void {
  rejected.tooLarge += 1;
  // Connection: close, so node stops reading the rest of the body and drops the connection after the answer.
  res.shouldKeepAlive = false;
  json(res, 413, { error: `the body is larger than --max-body (${max} bytes)` });
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('allow', allow);
  json(res, 405, { error: `method not allowed: use ${allow}` });
}

function json(res: ServerResponse, status: number, body: unknown, head = false): void {
  const bytes = Buffer.from(`${JSON.stringify(body, null, 2)}\n`);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length, 'cache-control': 'no-store' });
  res.end(head ? undefined : bytes);
}
