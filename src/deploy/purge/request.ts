// One HTTP exchange of a purger, through node:http rather than fetch: a Varnish purge must
// carry the site's Host header while it is sent to the cache's own address, and fetch does
// not let a caller choose Host. Each purge() makes its own keep-alive agents and destroys
// them when it ends, so nothing outlives the call.
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Agents {
  request(url: URL, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }): Promise<Answer>;
  close(): void;
}

/** No single purge request should hang a deploy: a cache or API that does not answer in this time has failed. */
const TIMEOUT_MS = 30_000;
/** Bodies are read for error messages only (Cloudflare's `errors`); a longer one is cut. */
const BODY_CAP = 64 * 1024;

export function agents(maxSockets: number): Agents {
  const http = new HttpAgent({ keepAlive: true, maxSockets });
  const https = new HttpsAgent({ keepAlive: true, maxSockets });
  return {
    request(url, { method, headers, body, signal }) {
      const secure = url.protocol === 'https:';
      const send = secure ? httpsRequest : httpRequest;
      return new Promise<Answer>((ok, fail) => {
        const req = send(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: secure ? https : http, signal, timeout: TIMEOUT_MS }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            if (text.length < BODY_CAP) text += d;
          });
          res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: text.slice(0, BODY_CAP) }));
          res.on('error', fail);
        });
        req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
        req.on('error', fail);
        req.end(body);
      });
    },
    close() {
      http.destroy();
      https.destroy();
    },
  };
}

/** A failed exchange's cause in one line ('connect ECONNREFUSED 127.0.0.1:6081'). */
export const causeOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
