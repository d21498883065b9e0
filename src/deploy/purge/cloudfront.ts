// `type: "cloudfront"`: one CreateInvalidation of the changed paths (docs/deploying.md, "CDN
// purge"). CloudFront wants paths that start with '/' and are URL-encoded where they hold
// non-ASCII or unsafe characters: the paths from ./urls.ts already are, as the site's links are.
// It allows invalidations of at most 3,000 individual paths in progress per distribution, so
// more than `maxPaths` (default 3,000) become one wildcard under the site's base path, which
// CloudFront counts as one path (of 15 wildcards in progress): a second batch of exact paths
// would only be refused with TooManyInvalidationsInProgress while the first one runs.
//
// CallerReference is the release id plus a hash of the paths: a deploy retried after a
// timeout sends the same reference and CloudFront answers with the invalidation it already
// made instead of a second one, while the same paths in a later release are a new request.
import { createHash } from 'node:crypto';
import { pressroomError } from '../../errors/errors.ts';
import type { PurgeConfig, Purger } from '../types.ts';

export type CloudFrontPurgeConfig = Extract<PurgeConfig, { type: 'cloudfront' }>;

/** Individual paths CloudFront allows in progress per distribution. */
export const CLOUDFRONT_MAX_PATHS = 3000;

export interface CloudFrontCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** `credentials`: from the given environment when it names a key pair, else undefined and the SDK's default chain (profiles, SSO, instance roles) applies. */
export function cloudFrontPurger(config: CloudFrontPurgeConfig, credentials: CloudFrontCredentials | undefined): Purger {
  const maxPaths = config.maxPaths ?? CLOUDFRONT_MAX_PATHS;
  return {
    name: config.name,
    type: 'cloudfront',
    async purge(paths, { siteUrl, release, signal }) {
      if (paths.length === 0) return { requests: 0, urls: 0 };
      const base = new URL(siteUrl).pathname.replace(/\/+$/, '');
      const items = paths.length > maxPaths ? [`${base}/*`] : paths;
      const reference = callerReference(release, items);
      // CloudFront is a global service; its API answers in us-east-1 whatever the distribution serves.
      // Imported here, not at the top: the SDK takes a good part of a second to load, which every build paid.
      const { CloudFrontClient, CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
      const client = new CloudFrontClient({ region: config.region ?? 'us-east-1', ...(config.endpoint ? { endpoint: config.endpoint } : {}), ...(credentials ? { credentials } : {}) });
      try {
        await client.send(new CreateInvalidationCommand({ DistributionId: config.distribution, InvalidationBatch: { CallerReference: reference, Paths: { Quantity: items.length, Items: items } } }), { abortSignal: signal });
      } catch (e) {
        const err = e as Error & { $metadata?: { httpStatusCode?: number } };
        const status = err.$metadata?.httpStatusCode;
        throw pressroomError('PR_DEPLOY_PURGE', { purger: config.name, url: `CreateInvalidation of ${items.length} path(s) on distribution ${config.distribution} (CallerReference ${reference})`, detail: `${status ? `status ${status}, ` : ''}${err.name}: ${err.message}` }, e);
      } finally {
        client.destroy();
      }
      return { requests: 1, urls: items.length };
    },
  };
}

/** `pressroom-<release>-<16 hex of sha256 of the paths>`: the same for a retry of one purge, new for anything else. */
export function callerReference(release: string, items: readonly string[]): string {
  return `pressroom-${release}-${createHash('sha256').update(items.join('\n')).digest('hex').slice(0, 16)}`;
}
