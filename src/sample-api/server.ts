// The sample content API: a loopback HTTP server answering the whole contract (docs/api-contract.md)
// from a generated corpus, with the image host, durable POST storage, fault injection and, with
// `mutable`, editing endpoints and a signed change webhook.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCatalog, patchCatalog, type Catalog } from './catalog.ts';
import { type Corpus, type CorpusKind, generateCorpus } from './corpus.ts';
import { type FaultRule, Faults } from './faults.ts';
import type { HostileOptions } from './hostile.ts';
import { clampWidth, placeholder } from './images.ts';
import { forgetExcerpts } from './items.ts';
import { EDITS, editing } from './mutable-routes.ts';
import type { Mutations } from './mutate.ts';
import { type Body, BodyTooLarge, CORS, HTML_ERROR_PAGE, jsonBody, notModified, readBody, send } from './respond.ts';
import { Router } from './router.ts';
import { OTHER_GETS, POSTS } from './routes-other.ts';
import { type Ctx, POST_GETS } from './routes-posts.ts';
import { Store } from './store.ts';
import { Webhook, type WebhookOptions } from './webhook.ts';

export interface SampleApiOptions {
  /** 0 (default) picks a free port */
  port?: number;
  host?: string;
  seed?: number;
  posts?: number;
  /** ISO date or date-time: the one clock for the corpus dates and the events split */
  today?: string;
  /** where POSTs are stored durably; without it they live in memory */
  dataDir?: string | null;
  corpus?: CorpusKind;
  /** hostile corpus options, e.g. `{ twins: false }` to leave out the case and NFC/NFD twins */
  hostile?: HostileOptions;
  faults?: FaultRule[] | string | null;
  /** serve the editing endpoints under /__sample/ to loopback clients (docs/sample-api.md, "Editing the sample API") */
  mutable?: boolean;
  /** POST the REFs of every mutation (HTTP or programmatic) here, signed with `secret` */
  webhook?: WebhookOptions | null;
  /**
   * Idle keep-alive in ms (Node's 5 s default), announced in `Keep-Alive: timeout=N`. Tests counting
   * connections set it past their length, so no speed-dependent idle close counts.
   */
  keepAliveMs?: number;
}

export interface SampleApi {
  /** base URL, e.g. http://127.0.0.1:40123 (also the image host) */
  url: string;
  port: number;
  corpus: Corpus;
  store: Store;
  mutate: Mutations;
  setFaults(faults: FaultRule[] | string | null): void;
  /** Resolves when every webhook notification queued so far is delivered or given up (at once without a webhook). */
  webhooksIdle(): Promise<void>;
  /** Stops the server; webhook notifications not yet delivered are dropped (await webhooksIdle() first to keep them). */
  close(): Promise<void>;
}

const CACHE_MAX = 5_000; // serialized GET bodies kept; cleared wholesale when full or on mutation

export async function startSampleApi(options: SampleApiOptions = {}): Promise<SampleApi> {
  const corpus = generateCorpus({ seed: options.seed, posts: options.posts, today: options.today, corpus: options.corpus, hostile: options.hostile });
  const store = await Store.open(options.dataDir);
  const faults = new Faults(options.faults);
  const webhook = options.webhook ? new Webhook(options.webhook) : null;
  // Without `mutable` the editing paths are not registered: they answer 404 like any unknown path.
  const router = new Router([...POST_GETS, ...OTHER_GETS], POSTS, options.mutable ? EDITS : []);
  const ctx: Ctx = { cat: buildCatalog(corpus), store };
  const cache = new Map<string, Body>();
  // Last-Modified is a logical clock for reproducible answers: the newest post (or "today"), plus one
  // second per mutation.
  let lastModified = Math.max(corpus.todayMs, ...ctx.cat.byDate.slice(0, 1).map((p) => p.date));
  let lastModifiedHttp = new Date(lastModified).toUTCString();

  const edits = editing(
    corpus,
    (refs) => {
      const posts = refs.flatMap((r) => (/^post:\d+$/.test(r) ? [Number(r.slice(5))] : []));
      // Only edits of posts can leave every list as it was (patchCatalog); any other record: built again.
      if (posts.length === 0 || posts.length < refs.length || !patchCatalog(ctx.cat, posts)) ctx.cat = buildCatalog(corpus) as Catalog;
      forgetExcerpts(corpus, posts);
      cache.clear();
      lastModified = Math.floor(lastModified / 1000) * 1000 + 1000;
      lastModifiedHttp = new Date(lastModified).toUTCString();
    },
    webhook,
  );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Split by hand: new URL() would resolve dot segments and read "//host/x" as another host.
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const url = { searchParams: new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1)) };
    const decision = faults.active ? faults.decide(path) : null;
    if (decision?.latencyMs) await new Promise((r) => setTimeout(r, decision.latencyMs));
    switch (decision?.action) {
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'error':
        return sendJson(req, res, jsonBody(decision.rule.errorStatus ?? 503, { success: false, error: 'Injected fault' }));
      case 'ratelimit':
        return send(req, res, 429, { 'Content-Type': 'application/json', 'Retry-After': String(decision.rule.retryAfter ?? 1) }, Buffer.from('{"success":false,"error":"Too many requests"}'));
      case 'html':
        return send(req, res, 200, { 'Content-Type': 'text/html; charset=utf-8' }, HTML_ERROR_PAGE);
    }
    const sendFaults = { truncate: decision?.action === 'truncate', dripMs: decision?.dripMs };

    if (path.startsWith('/uploads/') && (req.method === 'GET' || req.method === 'HEAD')) {
      const img = placeholder(path, clampWidth(url.searchParams.get('width')));
      const headers = { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400', ETag: img.etag };
      if (notModified(req, img.etag, 0) && req.headers['if-none-match']) return send(req, res, 304, headers, Buffer.alloc(0));
      return send(req, res, 200, headers, Buffer.from(img.body), sendFaults);
    }

    const m = router.match(req.method === 'OPTIONS' ? 'GET' : (req.method ?? 'GET'), path);
    if (req.method === 'OPTIONS') {
      // CORS preflight (the POSTs send Content-Type: application/json).
      if (m.kind === 'none' || m.kind === 'bad') return sendJson(req, res, jsonBody(404, { success: false, error: `No such path: ${path}` }));
      if (m.kind === 'method' && m.edit) return sendJson(req, res, jsonBody(403, { success: false, error: 'the editing endpoints refuse browser requests: no CORS preflight' }));
      return send(req, res, 204, { ...CORS }, Buffer.alloc(0));
    }
    if (m.kind === 'bad') return sendJson(req, res, jsonBody(400, { success: false, error: m.reason }));
    if (m.kind === 'none') return sendJson(req, res, jsonBody(404, { success: false, error: `No such path: ${path}` }));
    if (m.kind === 'method') {
      return send(req, res, 405, { 'Content-Type': 'application/json', Allow: m.allow.join(', ') }, Buffer.from(JSON.stringify({ success: false, error: `Method ${req.method} not allowed on ${path}` })));
    }

    if (m.route.kind === 'edit') return edits.handle(req, res, m.route.handler, m.params);
    if (m.route.kind === 'get') {
      const key = rawUrl; // one spelling, one entry: the crawl always sends sorted query keys
      let body = cache.get(key);
      if (!body) {
        const reply = m.route.handler(ctx, m.params, url.searchParams);
        body = jsonBody(reply.status, reply.body);
        if (reply.cacheable !== false) {
          if (cache.size >= CACHE_MAX) cache.clear();
          cache.set(key, body);
        }
      }
      const headers = {
        'Content-Type': 'application/json; charset=utf-8',
        ETag: body.etag,
        'Last-Modified': lastModifiedHttp,
        'Cache-Control': 'no-cache',
      };
      if (body.status < 300 && notModified(req, body.etag, lastModified)) return send(req, res, 304, headers, Buffer.alloc(0));
      return send(req, res, body.status, headers, body.bytes, sendFaults);
    }

    let parsed: unknown;
    try {
      const text = await readBody(req);
      parsed = text.trim() === '' ? {} : JSON.parse(text);
    } catch (e) {
      const tooLarge = e instanceof BodyTooLarge;
      return sendJson(req, res, jsonBody(tooLarge ? 413 : 400, { success: false, error: tooLarge ? e.message : 'Body is not valid JSON' }));
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return sendJson(req, res, jsonBody(400, { success: false, error: 'Body must be a JSON object' }));
    const reply = await m.route.handler(ctx, m.params, parsed as Record<string, unknown>, req.socket.remoteAddress ?? 'unknown');
    return sendJson(req, res, jsonBody(reply.status, reply.body), sendFaults);
  }

  function sendJson(req: IncomingMessage, res: ServerResponse, body: Body, f = {}): Promise<void> {
    return send(req, res, body.status, { 'Content-Type': 'application/json; charset=utf-8' }, body.bytes, f);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('sample API: handler failed:', e);
      if (!res.headersSent) sendJson(req, res, jsonBody(500, { success: false, error: 'Internal error' })).catch(() => undefined);
      else res.destroy();
    });
  });
  if (options.keepAliveMs !== undefined) server.keepAliveTimeout = options.keepAliveMs;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(new Error(`sample API: cannot listen on ${host}:${options.port ?? 0}: ${e.code ?? e.message}`)));
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    corpus,
    store,
    mutate: edits.mutate,
    setFaults: (f) => faults.set(f),
    webhooksIdle: () => webhook?.idle() ?? Promise.resolve(),
    async close() {
      await webhook?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
    },
  };
}
