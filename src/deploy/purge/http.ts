// `type: "http"`: a Varnish- or Fastly-style cache told one URL at a time (docs/deploying.md,
// "CDN purge"). Each path goes to `url` + path with the method `method` (default PURGE) and
// the Host header of the site (Varnish's default hash is Host + URL, so a purge sent to the
// cache's own address must name the host readers use; `host` overrides it). Fastly answers
// `PURGE https://www.example.com/path` sent to the site itself, with `Fastly-Key` when the
// service requires authenticated purges: `header` names the header the token goes in.
import pLimit from 'p-limit';
import { pressroomError } from '../../errors/errors.ts';
import type { PurgeConfig, Purger } from '../types.ts';
import { agents, causeOf } from './request.ts';

export type HttpPurgeConfig = Extract<PurgeConfig, { type: 'http' }>;

/** Requests in flight at once: enough to purge a few hundred URLs well under a second, few enough for one Varnish. */
export const HTTP_PURGE_CONCURRENCY = 8;
/** Any 2xx; 404 is "not in the cache" (Fastly, Varnish setups that answer so): nothing to purge, so a success too. */
const purged = (status: number): boolean => (status >= 200 && status < 300) || status === 404;

/** The environment variable a `http` purge reads its token from: PRESSROOM_PURGE_TOKEN_<NAME>, the name upper-cased, other characters as '_'. */
export const tokenVariable = (name: string): string => `PRESSROOM_PURGE_TOKEN_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** `token`: the value for `config.header`, read by purgerFor from the environment. */
export function httpPurger(config: HttpPurgeConfig, token: string | undefined): Purger {
  const method = (config.method ?? 'PURGE').toUpperCase();
  const base = config.url.replace(/\/+$/, '');
  return {
    name: config.name,
    type: 'http',
    async purge(paths, { siteUrl, signal }) {
      const host = config.host ?? new URL(siteUrl).host;
      const headers: Record<string, string> = { host, 'user-agent': 'pressroom-purge' };
      if (config.header && token !== undefined) headers[config.header.toLowerCase()] = token;
      const pool = agents(HTTP_PURGE_CONCURRENCY);
      const limit = pLimit(HTTP_PURGE_CONCURRENCY);
      try {
        await Promise.all(
          paths.map((path) =>
            limit(async () => {
              signal?.throwIfAborted();
              const url = new URL(`${base}${path}`);
              const answer = await pool.request(url, { method, headers, signal }).catch((e: unknown) => {
                throw pressroomError('PR_DEPLOY_PURGE', { purger: config.name, url: `${method} ${url.href} (Host: ${host})`, detail: causeOf(e) }, e);
              });
              if (!purged(answer.status)) throw pressroomError('PR_DEPLOY_PURGE', { purger: config.name, url: `${method} ${url.href} (Host: ${host})`, detail: `status ${answer.status}${excerpt(answer.body)}` });
            }),
          ),
        );
      } finally {
        limit.clearQueue();
        pool.close();
      }
      return { requests: paths.length, urls: paths.length };
    },
  };
}

/** The start of an error body (Varnish's synthetic page, a proxy's message), on one line. */
export const excerpt = (body: string): string => {
  const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? `: ${text.slice(0, 200)}` : '';
};
