// The crawl's HTTP client (docs/architecture.md, "crawl"): an undici Agent with keep-alive, bounded
// concurrency, a deadline per request, bounded full-jitter retries for GETs, a size cap, a JSON check
// and conditional requests. Failures are catalogue errors naming the endpoint. Why:
// - Full jitter keeps many workers from retrying in lock-step against a struggling API.
// - Retry-After (RFC 9110, 10.2.3) is honoured but capped: unbounded waits on 429 have stalled CI.
// - Only GETs are retried (idempotent); the form POSTs are not.
// - The contract's non-2xx answers (tag 500, details 501...) are rendered pages, final, never retried.
// - Conditional requests let a rebuild skip unchanged bodies.
import { Agent, request, type Dispatcher } from 'undici';
import pLimit from 'p-limit';
import { isPressroomError, pressroomError, type PressroomError } from '../errors/errors.ts';

export interface ApiClientOptions {
  /** API origin (and optional base path), e.g. http://127.0.0.1:4000 */
  base: string;
  timeoutMs: number;
  /** Retries after the first attempt (GET only). */
  retries: number;
  maxResponseBytes: number;
  concurrency: number;
  /** Tests pass a MockAgent; by default the client owns a keep-alive Agent. */
  dispatcher?: Dispatcher;
  onRetry?: (info: { path: string; attempt: number; delayMs: number; reason: string }) => void;
  /** [0, 1); injectable for deterministic jitter in tests. */
  random?: () => number;
  /** Injectable so tests never really wait. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  retryAfterCapMs?: number;
  /** Total time one request may spend sleeping between retries. */
  retryBudgetMs?: number;
  /** Where `base` was set (`--api`, `PRESSROOM_API`, `api.base in FILE`), named in connection hints. */
  baseFrom?: string;
}

/** The hint's words for where the API address was set, when the caller does not know. */
export const API_BASE_FROM_ANY = 'api.base in the configuration file, PRESSROOM_API or --api';

export interface GetOptions {
  etag?: string;
  lastModified?: string;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON; undefined when notModified. */
  body: unknown;
  etag?: string;
  lastModified?: string;
  notModified: boolean;
  attempts: number;
}

export interface ApiStats {
  requests: number;
  retries: number;
  notModified: number;
  bytes: number;
}

export interface ApiClient {
  get(path: string, opts?: GetOptions): Promise<ApiResponse>;
  /** Never retried: a POST may have taken effect before the failure. */
  post(path: string, json: unknown): Promise<ApiResponse>;
  readonly stats: Readonly<ApiStats>;
  close(): Promise<void>;
}

/** Statuses that are the contract's own answers on these paths (see header). */
const FINAL_ERROR_STATUS: readonly [RegExp, number][] = [
  [/^\/api\/post\/tag\//, 500],
  [/^\/api\/post\/asidetopic\//, 500],
  [/^\/api\/post\/(postdetails|preview-post)\//, 501],
  [/^\/api\/event\/eventdetails\//, 501],
];

export function isFinalAnswer(path: string, status: number): boolean {
  return FINAL_ERROR_STATUS.some(([re, s]) => s === status && re.test(path));
}

function isRetryableStatus(path: string, status: number): boolean {
  return (status === 429 || status >= 500) && !isFinalAnswer(path, status);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP-date (RFC 9110, section 10.2.3). */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A failure of one attempt; `retry` says whether another attempt may help. */
class AttemptError extends Error {
  constructor(
    readonly error: PressroomError,
    readonly retry: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

const header = (h: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * `concurrency` kept-alive connections per origin. pressroom watch keeps one for its life, so a
 * publish reuses connections instead of a handshake each.
 */
export function apiAgent(concurrency: number): Agent {
  return new Agent({ connections: concurrency, keepAliveTimeout: 10_000, pipelining: 1 });
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const base = opts.base.replace(/\/+$/, '');
  const owned = opts.dispatcher ? undefined : apiAgent(opts.concurrency);
  const dispatcher = opts.dispatcher ?? owned!;
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const backoffBase = opts.backoffBaseMs ?? 100;
  const backoffCap = opts.backoffCapMs ?? 2000;
  const retryAfterCap = opts.retryAfterCapMs ?? 10_000;
  const retryBudget = opts.retryBudgetMs ?? 30_000;
  const limit = pLimit(Math.max(1, opts.concurrency));
  const stats: ApiStats = { requests: 0, retries: 0, notModified: 0, bytes: 0 };
  const from = opts.baseFrom ?? API_BASE_FROM_ANY;

  async function attempt(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<ApiResponse> {
    const endpoint = `${method} ${path}`;
    stats.requests += 1;
    let res: Dispatcher.ResponseData;
    try {
      res = await request(`${base}${path}`, {
        method,
        headers,
        body,
        dispatcher,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
        // The overall deadline: header/body timeouts reset per chunk, so a slow drip could hang.
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (e) {
      throw new AttemptError(pressroomError('PR_API_UNREACHABLE', { endpoint, detail: describe(e, opts.timeoutMs), from }, e), true);
    }
    const { statusCode: status, headers: h } = res;
    const etag = header(h, 'etag');
    const lastModified = header(h, 'last-modified');
    if (status === 304) {
      await res.body.dump();
      stats.notModified += 1;
      return { status, body: undefined, etag, lastModified, notModified: true, attempts: 1 };
    }
    if (isRetryableStatus(path, status)) {
      await res.body.dump().catch(() => undefined);
      throw new AttemptError(pressroomError('PR_API_STATUS', { endpoint, status }), true, parseRetryAfter(header(h, 'retry-after'), now()));
    }
    const text = await readCapped(res, endpoint);
    const type = header(h, 'content-type') ?? '';
    if (type && !/[/+]json\b/i.test(type)) {
      throw new AttemptError(pressroomError('PR_API_NOT_JSON', { endpoint, detail: `status ${status}, content-type ${type}`, from }), false);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      // JSON that does not parse was cut short (a proxy or reset): worth another attempt.
      const detail = `status ${status}, ${text.length} bytes that do not parse: ${(e as Error).message}`;
      throw new AttemptError(pressroomError('PR_API_NOT_JSON', { endpoint, detail, from }), true);
    }
    return { status, body: parsed, etag, lastModified, notModified: false, attempts: 1 };
  }

  /** The body as text, streamed and abandoned as soon as it passes the cap. */
  async function readCapped(res: Dispatcher.ResponseData, endpoint: string): Promise<string> {
    const declared = Number(header(res.headers, 'content-length'));
    const tooLarge = () => new AttemptError(pressroomError('PR_API_TOO_LARGE', { endpoint, limit: opts.maxResponseBytes }), false);
    if (declared > opts.maxResponseBytes) {
      res.body.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > opts.maxResponseBytes) {
          res.body.destroy();
          throw tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
    } catch (e) {
      if (e instanceof AttemptError) throw e;
      // A reset mid-body or a content-length mismatch: a truncated response.
      throw new AttemptError(pressroomError('PR_API_UNREACHABLE', { endpoint, detail: `body cut short: ${describe(e, opts.timeoutMs)}`, from }, e), true);
    }
    stats.bytes += size;
    return Buffer.concat(chunks).toString('utf8');
  }

  async function withRetries(path: string, run: () => Promise<ApiResponse>): Promise<ApiResponse> {
    let slept = 0;
    for (let n = 0; ; n++) {
      try {
        const res = await run();
        return { ...res, attempts: n + 1 };
      } catch (e) {
        if (!(e instanceof AttemptError)) throw isPressroomError(e) ? e : pressroomError('PR_INTERNAL', { detail: String(e) }, e);
        if (!e.retry || n >= opts.retries) throw e.error;
        const backoff = random() * Math.min(backoffCap, backoffBase * 2 ** n);
        const delayMs = Math.round(e.retryAfterMs === undefined ? backoff : Math.min(retryAfterCap, Math.max(e.retryAfterMs, backoff)));
        if (slept + delayMs > retryBudget) throw e.error;
        slept += delayMs;
        stats.retries += 1;
        opts.onRetry?.({ path, attempt: n + 1, delayMs, reason: e.error.message });
        await sleep(delayMs);
      }
    }
  }

  return {
    stats,
    get(path, o = {}) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (o.etag) headers['if-none-match'] = o.etag;
      if (o.lastModified) headers['if-modified-since'] = o.lastModified;
      return limit(() => withRetries(path, () => attempt('GET', path, headers)));
    },
    post(path, json) {
      const headers = { accept: 'application/json', 'content-type': 'application/json' };
      return limit(() => withRetries(path, () => attempt('POST', path, headers, JSON.stringify(json)).catch((e) => {
        throw e instanceof AttemptError ? new AttemptError(e.error, false) : e;
      })));
    },
    async close() {
      await owned?.close();
    },
  };
}

function describe(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; code?: string; message?: string };
  if (err?.name === 'TimeoutError' || err?.code === 'UND_ERR_HEADERS_TIMEOUT' || err?.code === 'UND_ERR_BODY_TIMEOUT') {
    return `no complete answer within ${timeoutMs} ms`;
  }
  return err?.code ? `${err.code}: ${err.message}` : String(err?.message ?? e);
}
