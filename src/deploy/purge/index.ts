// CDN purges (docs/deploying.md, "CDN purge"): after a deploy, each configured cache is told
// the URL paths of the changed files (./urls.ts) and nothing else. A purger is made once per
// run from its configuration and the environment; a missing token fails here, when the
// purger is made, so `pressroom check` and the start of a watcher report it before any
// deploy is attempted, naming the variable to set.
import { isPressroomError, pressroomError, type PressroomError } from '../../errors/errors.ts';
import type { PurgeConfig, Purger } from '../types.ts';
import { cloudflarePurger } from './cloudflare.ts';
import { cloudFrontPurger } from './cloudfront.ts';
import { httpPurger, tokenVariable } from './http.ts';
import { purgePaths } from './urls.ts';

export { purgePaths } from './urls.ts';
export { tokenVariable } from './http.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** The variable Cloudflare's tools read a token from; PRESSROOM_PURGE_TOKEN_<NAME> overrides it for one purge (two zones, two accounts). */
export const CLOUDFLARE_TOKEN_VARIABLE = 'CLOUDFLARE_API_TOKEN';

export function purgerFor(config: PurgeConfig, env: Env): Purger {
  const own = nonEmpty(env[tokenVariable(config.name)]);
  switch (config.type) {
    case 'http': {
      checkUrl(config, 'url', config.url);
      // Varnish needs no token (its VCL trusts the publishing machine's address); a configured header needs one.
      if (config.header && own === undefined) throw pressroomError('PR_DEPLOY_PURGE_TOKEN', { purger: config.name, variable: tokenVariable(config.name) });
      return httpPurger(config, own);
    }
    case 'cloudflare': {
      if (config.endpoint !== undefined) checkUrl(config, 'endpoint', config.endpoint);
      if (config.batchSize !== undefined && !(Number.isInteger(config.batchSize) && config.batchSize >= 1 && config.batchSize <= 500)) invalid(config, 'batchSize', `expected a whole number from 1 to 500 (Cloudflare's largest documented batch), got ${config.batchSize}`);
      const token = own ?? nonEmpty(env[CLOUDFLARE_TOKEN_VARIABLE]);
      if (token === undefined) throw pressroomError('PR_DEPLOY_PURGE_TOKEN', { purger: config.name, variable: `${CLOUDFLARE_TOKEN_VARIABLE} (or ${tokenVariable(config.name)})` });
      return cloudflarePurger(config, token);
    }
    case 'cloudfront': {
      if (config.endpoint !== undefined) checkUrl(config, 'endpoint', config.endpoint);
      if (config.maxPaths !== undefined && !(Number.isInteger(config.maxPaths) && config.maxPaths >= 1 && config.maxPaths <= 3000)) invalid(config, 'maxPaths', `expected a whole number from 1 to 3000 (CloudFront's limit of paths in progress), got ${config.maxPaths}`);
      const id = nonEmpty(env.AWS_ACCESS_KEY_ID);
      const secret = nonEmpty(env.AWS_SECRET_ACCESS_KEY);
      const session = nonEmpty(env.AWS_SESSION_TOKEN);
      return cloudFrontPurger(config, id && secret ? { accessKeyId: id, secretAccessKey: secret, ...(session ? { sessionToken: session } : {}) } : undefined);
    }
  }
}

export interface PurgeOutcome {
  name: string;
  type: PurgeConfig['type'];
  requests: number;
  urls: number;
  /** Set when this purge failed; the others ran all the same. */
  error?: PressroomError;
}

/**
 * Tells each purger the changed files' URL paths, all at once (they are different caches), and
 * reports each one's outcome: one cache that is down does not keep the others stale.
 */
export async function runPurges(purgers: readonly Purger[], changedFiles: readonly string[], ctx: { basePath: string; siteUrl: string; release: string; signal?: AbortSignal }): Promise<PurgeOutcome[]> {
  const paths = purgePaths(changedFiles, { basePath: ctx.basePath });
  return Promise.all(
    purgers.map(async (p): Promise<PurgeOutcome> => {
      if (paths.length === 0) return { name: p.name, type: p.type, requests: 0, urls: 0 };
      try {
        return { name: p.name, type: p.type, ...(await p.purge(paths, { siteUrl: ctx.siteUrl, release: ctx.release, signal: ctx.signal })) };
      } catch (e) {
        const error = isPressroomError(e) ? e : pressroomError('PR_DEPLOY_PURGE', { purger: p.name, url: `${paths.length} path(s)`, detail: e instanceof Error ? e.message : String(e) }, e);
        return { name: p.name, type: p.type, requests: 0, urls: 0, error };
      }
    }),
  );
}

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());

function checkUrl(config: PurgeConfig, key: string, value: string): void {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) invalid(config, key, `expected an http:// or https:// URL, got ${JSON.stringify(value)}`);
}

function invalid(config: PurgeConfig, key: string, detail: string): never {
  throw pressroomError('PR_CONFIG_INVALID', { where: `purge[${JSON.stringify(config.name)}].${key}`, detail });
}
