// The watcher's HTTP side (docs/operations.md, "Publishing on change"):
//
//   POST /hooks/publish   a signed webhook naming what changed -> 202 and queued
//   GET  /healthz         liveness: 200 "ok" while the process and its event loop answer
//   GET  /status          the scheduler's state, last publish, last error, counters
//
// Signature (src/webhook/signature.ts), timestamp age and replay (./webhook-guard.ts,
// docs/decisions/0104-signed-webhook-timestamps.md) are checked before the body is parsed, so an
// unsigned caller makes the watcher do nothing. Refusals are counted and reported (./rejections.ts).
// The body is read up to --max-body bytes (an announced larger one refused before reading).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPressroomError, pressroomError } from '../errors/errors.ts';
import { formatRef, refsFromWebhookBody, type Ref } from '../webhook/refs.ts';
import type { WatchStatus } from './queue.ts';
import type { Rejection } from './rejections.ts';
import { type RejectReason, WebhookGuard } from './webhook-guard.ts';

export const HOOK_PATH = '/hooks/publish';

export interface WatchServerOptions {
  host: string;
  port: number;
  secret: string;
  maxBody: number;
  /** How far a signed timestamp may be from now, and how long an accepted delivery is remembered. */
  toleranceMs: number;
  /** Refuse body-only signatures. */
  requireTimestamp: boolean;
  /** The clock the timestamps are checked against (default Date.now). */
  now?: () => number;
  /** Each refused request, for the log. */
  onReject?(r: Rejection): void;
  /** Queues the REFs of an accepted webhook; returns the pending count, or null when the watcher is stopping. */
  accept(refs: readonly Ref[], receivedAt: number): number | null;
  status(): WatchStatus;
}

export interface WatchServer {
  url: string;
  /** Stops accepting connections and waits for the requests in flight. */
  close(): Promise<void>;
}

/** Webhooks refused (401, 409, 400, 413), for /status. */
type Rejected = { signature: number; timestamp: number; replayed: number; body: number; tooLarge: number };
const COUNTER: Partial<Record<RejectReason, keyof Rejected>> = {
  'missing signature': 'signature',
  'bad signature': 'signature',
  'missing timestamp': 'timestamp',
  'bad timestamp': 'timestamp',
  'stale timestamp': 'timestamp',
  replayed: 'replayed',
  'bad delivery id': 'body',
  'bad body': 'body',
  'too large': 'tooLarge',
};

/** What one server shares between its requests: the counters, the remembered deliveries, the report of a refusal. */
interface Context {
  o: WatchServerOptions;
  rejected: Rejected;
  guard: WebhookGuard;
  reject(req: IncomingMessage, reason: RejectReason, status: number): void;
}

export async function startWatchServer(o: WatchServerOptions): Promise<WatchServer> {
  const rejected: Rejected = { signature: 0, timestamp: 0, replayed: 0, body: 0, tooLarge: 0 };
  const now = o.now ?? Date.now;
  const c: Context = {
    o,
    rejected,
    guard: new WebhookGuard({ secret: o.secret, toleranceMs: o.toleranceMs, requireTimestamp: o.requireTimestamp, now }),
    reject(req, reason, status) {
      const counter = COUNTER[reason];
      if (counter) rejected[counter] += 1;
      const wrongRoute = reason === 'bad method' || reason === 'unknown path';
      // The path without its query: a token a sender puts in the URL stays out of the log.
      const path = (req.url ?? '/').split('?')[0].slice(0, 200);
      o.onReject?.({ reason, status, address: req.socket.remoteAddress ?? 'unknown', ...(wrongRoute ? { request: `${req.method} ${path}` } : {}) });
    },
  };
  const server = createServer((req, res) => {
    route(c, req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, 500, { error: `internal error: ${(e as Error).message}` });
      else res.destroy();
    });
  });
  // `Expect: 100-continue`: refuse an announced oversized body before it is sent.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (announcedTooLarge(req, o.maxBody)) return void tooLarge(c, req, res);
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

async function route(c: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { o, rejected } = c;
  const receivedAt = Date.now();
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const read = req.method === 'GET' || req.method === 'HEAD';
  switch (path) {
    case HOOK_PATH:
      if (req.method !== 'POST') return methodNotAllowed(c, req, res, 'POST');
      return hook(c, req, res, receivedAt);
    case '/healthz':
      if (!read) return methodNotAllowed(c, req, res, 'GET, HEAD');
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(req.method === 'HEAD' ? undefined : 'ok\n');
    case '/status':
      if (!read) return methodNotAllowed(c, req, res, 'GET, HEAD');
      return json(res, 200, { ...o.status(), rejected }, req.method === 'HEAD');
    default:
      c.reject(req, 'unknown path', 404);
      return json(res, 404, { error: `not found: ${path.slice(0, 200)} (the watcher answers POST ${HOOK_PATH}, GET /healthz and GET /status)` });
  }
}

async function hook(c: Context, req: IncomingMessage, res: ServerResponse, receivedAt: number): Promise<void> {
  const { o } = c;
  if (announcedTooLarge(req, o.maxBody)) return tooLarge(c, req, res);
  const body = await readLimited(req, o.maxBody);
  if (body === null) return tooLarge(c, req, res);
  const verdict = c.guard.check(req.headers, body);
  if (!verdict.ok) {
    c.reject(req, verdict.reason, verdict.status);
    return json(res, verdict.status, { error: verdict.error });
  }
  let refs: Ref[];
  try {
    refs = refsFromWebhookBody(JSON.parse(body.toString('utf8')));
  } catch (e) {
    c.reject(req, 'bad body', 400);
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

function tooLarge(c: Context, req: IncomingMessage, res: ServerResponse): void {
  c.reject(req, 'too large', 413);
  const max = c.o.maxBody;
  // Connection: close, so node stops reading the rest of the body and drops the connection after the answer.
  res.shouldKeepAlive = false;
  json(res, 413, { error: `the body is larger than --max-body (${max} bytes)` });
}

function methodNotAllowed(c: Context, req: IncomingMessage, res: ServerResponse, allow: string): void {
  c.reject(req, 'bad method', 405);
  res.setHeader('allow', allow);
  json(res, 405, { error: `method not allowed: use ${allow}` });
}

function json(res: ServerResponse, status: number, body: unknown, head = false): void {
  const bytes = Buffer.from(`${JSON.stringify(body, null, 2)}\n`);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length, 'cache-control': 'no-store' });
  res.end(head ? undefined : bytes);
}
