// `type: "cloudflare"`: purge by URL through the Cloudflare API (docs/deploying.md, "CDN purge").
// `POST {endpoint}/zones/{zone}/purge_cache` with `{"files": [absolute URLs]}` and an API token
// as a Bearer credential. Cloudflare documents a cap on URLs per call (30 on Free, Pro and
// Business zones for years, 500 on Enterprise; its newer purge limits table says 100 for every
// plan), so batches default to 30, which every plan accepts, and `batchSize` raises it. Purges
// are rate limited by a token bucket per account (Free: 5 requests a minute, a bucket of 25):
// batches go one after another, and a 429 (or a 5xx) is retried after its Retry-After, a
// bounded number of times.
import { setTimeout as sleep } from 'node:timers/promises';
import { pressroomError } from '../../errors/errors.ts';
import type { PurgeConfig, Purger } from '../types.ts';
import { excerpt } from './http.ts';
import { agents, causeOf, type Answer } from './request.ts';

export type CloudflarePurgeConfig = Extract<PurgeConfig, { type: 'cloudflare' }>;

export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';
/** URLs per purge call that every plan accepts (the documented Free/Pro/Business limit). */
export const CLOUDFLARE_BATCH = 30;
/** Attempts per batch when Cloudflare answers 429 or 5xx. */
export const CLOUDFLARE_TRIES = 5;
/** The longest wait between attempts, whatever Retry-After says: a watcher must not stall for minutes. */
const MAX_WAIT_MS = 60_000;

export function cloudflarePurger(config: CloudflarePurgeConfig, token: string): Purger {
  const endpoint = (config.endpoint ?? CLOUDFLARE_API).replace(/\/+$/, '');
  const batchSize = config.batchSize ?? CLOUDFLARE_BATCH;
  const url = new URL(`${endpoint}/zones/${encodeURIComponent(config.zone)}/purge_cache`);
  return {
    name: config.name,
    type: 'cloudflare',
    async purge(paths, { siteUrl, signal }) {
      // Paths carry the base path already; the site URL gives the scheme and host.
      const origin = new URL(siteUrl).origin;
      const files = paths.map((p) => `${origin}${p}`);
      const pool = agents(1);
      let requests = 0;
      try {
        for (let i = 0; i < files.length; i += batchSize) {
          const batch = files.slice(i, i + batchSize);
          const what = `${url.href} (URLs ${i + 1}-${i + batch.length} of ${files.length}, first ${batch[0]})`;
          const body = JSON.stringify({ files: batch });
          for (let attempt = 1; ; attempt++) {
            signal?.throwIfAborted();
            requests++;
            const answer = await pool.request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': 'pressroom-purge' }, body, signal }).catch((e: unknown) => {
              throw pressroomError('PR_DEPLOY_PURGE', { purger: config.name, url: what, detail: causeOf(e) }, e);
            });
            const parsed = parse(answer);
            if (answer.status === 200 && parsed?.success === true) break;
            const retryable = answer.status === 429 || answer.status >= 500;
            if (!retryable || attempt >= CLOUDFLARE_TRIES) {
              const tries = retryable ? ` after ${attempt} attempts` : '';
              throw pressroomError('PR_DEPLOY_PURGE', { purger: config.name, url: what, detail: `status ${answer.status}${tries}${describe(parsed, answer.body)}` });
            }
            await sleep(waitMs(answer, attempt), undefined, { signal });
          }
        }
      } finally {
        pool.close();
      }
      return { requests, urls: files.length };
    },
  };
}

interface CloudflareAnswer {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
}

function parse(answer: Answer): CloudflareAnswer | undefined {
  try {
    const v = JSON.parse(answer.body) as unknown;
    return v && typeof v === 'object' ? (v as CloudflareAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/** Cloudflare's own error list ("1012 Request must contain one of ..."), else the body's start. */
function describe(parsed: CloudflareAnswer | undefined, body: string): string {
  const errors = Array.isArray(parsed?.errors) ? parsed.errors.map((e) => [e.code, e.message].filter((x) => x !== undefined).join(' ')).filter(Boolean) : [];
  return errors.length ? `: ${errors.join('; ')}` : excerpt(body);
}

/** Retry-After in seconds or as an HTTP date; without one, 1 s, 2 s, 4 s... */
function waitMs(answer: Answer, attempt: number): number {
  const header = answer.headers['retry-after'];
  const value = Array.isArray(header) ? header[0] : header;
  let ms = 1000 * 2 ** (attempt - 1);
  if (value !== undefined && /^\s*\d+\s*$/.test(value)) ms = Number(value) * 1000;
  else if (value !== undefined && !Number.isNaN(Date.parse(value))) ms = Date.parse(value) - Date.now();
  return Math.min(Math.max(ms, 0), MAX_WAIT_MS);
}
