// The CMS's change notification: after each mutation, a POST of its REFs (e.g. ["post:5019"]) signed
// in X-Pressroom-Signature-256 (docs/sample-api.md, "Webhook"). One delivery at a time, in order,
// after its mutation's answer; a few doubling retries on a network error, 5xx or 429. A final failure
// is a line on stderr; nothing throws into the API.

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { SIGNATURE_HEADER, signBody } from '../webhook/signature.ts';

export interface WebhookOptions {
  /** http(s) URL the REF lists are POSTed to */
  url: string;
  /** shared secret of the HMAC-SHA256 signature */
  secret: string;
  /** retries after the first attempt (default 3) */
  retries?: number;
  /** first backoff in ms, doubled at each retry (default 250) */
  backoffMs?: number;
  /** per attempt (default 10,000 ms) */
  timeoutMs?: number;
  /** where the final-failure line goes (default stderr) */
  log?: (line: string) => void;
}

interface Attempt {
  status?: number;
  error?: string;
}

/** One POST; resolves with the status or the network error, never rejects. */
function postOnce(url: URL, body: string, headers: Record<string, string>, timeoutMs: number, signal: AbortSignal): Promise<Attempt> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    // agent: false, so no kept-alive socket outlives the delivery (or the API).
    const req = request(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent: false, timeout: timeoutMs, signal }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(body);
  });
}

const retryable = (a: Attempt) => a.status === undefined || a.status >= 500 || a.status === 429;

export class Webhook {
  private readonly url: URL;
  private readonly where: string;
  private tail: Promise<void> = Promise.resolve();
  private readonly stop = new AbortController();

  constructor(private readonly options: WebhookOptions) {
    this.url = new URL(options.url);
    if (!/^https?:$/.test(this.url.protocol)) throw new Error(`sample API: the webhook URL must be http or https, got ${options.url}`);
    if (!options.secret) throw new Error('sample API: the webhook needs a secret to sign with');
    // Logged without query or credentials: a token in the URL stays out of logs.
    this.where = `${this.url.origin}${this.url.pathname}`;
  }

  /** Queues the notification of one mutation; it is sent once `after` settles (the mutation's answer is out). */
  notify(refs: string[], after: Promise<unknown> = Promise.resolve()): void {
    const body = JSON.stringify(refs);
    // deliver() does not throw; the catch keeps one broken log callback from stopping the queue.
    this.tail = this.tail
      .then(() => after)
      .then(() => this.deliver(body), () => this.deliver(body))
      .catch(() => undefined);
  }

  /** Resolves when every notification queued so far has been delivered or given up. */
  async idle(): Promise<void> {
    for (let seen: Promise<void> | undefined; seen !== this.tail; ) {
      seen = this.tail;
      await seen;
    }
  }

  /** Stops retrying and sending; pending notifications are dropped (and said so). */
  async close(): Promise<void> {
    this.stop.abort();
    await this.idle();
  }

  private async deliver(body: string): Promise<void> {
    const { retries = 3, backoffMs = 250, timeoutMs = 10_000, log = (l: string) => process.stderr.write(`${l}\n`) } = this.options;
    const headers = { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBody(this.options.secret, body), 'User-Agent': 'pressroom-sample-api' };
    const { signal } = this.stop;
    let last: Attempt = {};
    let attempts = 0;
    while (!signal.aborted) {
      last = await postOnce(this.url, body, headers, timeoutMs, signal);
      attempts++;
      if (last.status !== undefined && last.status < 300) return;
      if (!retryable(last) || attempts > retries) break;
      await sleep(backoffMs * 2 ** (attempts - 1), signal);
    }
    if (signal.aborted) log(`sample API: webhook ${this.where}: ${body} not delivered: the API closed`);
    else log(`sample API: webhook ${this.where} failed for ${body} after ${attempts} attempt(s): ${last.status !== undefined ? `HTTP ${last.status}` : last.error}`);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
