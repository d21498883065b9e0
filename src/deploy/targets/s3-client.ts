// The S3 client of an `s3` deploy target (./s3.ts; docs/deploying.md, "S3, R2, MinIO, B2,
// GCS"), and what its failures mean to an operator. One client per target, made from the
// target's configuration and the process environment: credentials are never in the
// configuration file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { pressroomError, type PressroomError } from '../../errors/errors.ts';
import type { TargetConfig } from '../types.ts';

export type S3Config = Extract<TargetConfig, { type: 's3' }>;
type Env = Record<string, string | undefined>;

/** The variables the hint of a refused deploy names. */
export const S3_CREDENTIAL_VARS = 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (AWS_SESSION_TOKEN for temporary ones)';
/** The SDK's own switch for its Node-version notice (@aws-sdk/core, emitWarningIfUnsupportedVersion). */
const SDK_NODE_WARNING = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

/** The key prefix as keys use it: no leading slash, one trailing slash unless empty ('/site' -> 'site/'). */
export const normalisePrefix = (prefix = ''): string => {
  const p = prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  return p ? `${p}/` : '';
};

/**
 * The region to sign with: the configured one, else AWS_REGION / AWS_DEFAULT_REGION, else
 * 'auto' for an `endpoint` (what R2 wants; MinIO and GCS accept it) and 'us-east-1' for AWS
 * itself, where the client then follows a bucket's region redirect (one request more per
 * deploy: configure the bucket's region to save it).
 */
export function regionOf(config: S3Config, env: Env): { region: string; guessed: boolean } {
  const region = config.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (region) return { region, guessed: false };
  return { region: config.endpoint ? 'auto' : 'us-east-1', guessed: config.endpoint === undefined };
}

export function s3Client(config: S3Config, env: Env): S3Client {
  const { region, guessed } = regionOf(config, env);
  const key = env.AWS_ACCESS_KEY_ID;
  const secret = env.AWS_SECRET_ACCESS_KEY;
  // The SDK prints a notice on Node 20 that its releases of 2027 will need Node 22: addressed to
  // whoever picks the SDK's version (Pressroom pins it), not to an operator, whose stderr it would
  // fill on every start. The SDK reads its switch while the client is made; an operator's own
  // setting of it is kept.
  const own = process.env[SDK_NODE_WARNING];
  if (own === undefined) process.env[SDK_NODE_WARNING] = 'true';
  try {
    return new S3Client({
      region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle ?? false,
      followRegionRedirects: guessed,
      // Explicit keys from the environment given to the deploy; else the SDK's default chain.
      credentials: key && secret ? { accessKeyId: key, secretAccessKey: secret, sessionToken: env.AWS_SESSION_TOKEN } : undefined,
      // Content-MD5 is the integrity check every S3-compatible store knows (R2, MinIO, B2, GCS);
      // the SDK's newer CRC32 headers are only sent where an operation requires a checksum.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The SDK's standard retry strategy: 3 attempts (2 retries with backoff) per request.
      maxAttempts: 3,
    });
  } finally {
    if (own === undefined) delete process.env[SDK_NODE_WARNING];
  }
}

/** The MD5 of bytes, hex: what a single-part PutObject's ETag is. */
export const md5Hex = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/** The MD5 of a file, hex, streamed: for `deploy --verify` to compare with `list()`'s ETags. */
export function fileMd5(file: string): Promise<string> {
  return new Promise((ok, fail) => {
    const hash = createHash('md5');
    createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('error', fail)
      .on('end', () => ok(hash.digest('hex')));
  });
}

/** The ETag of a single-part upload is its MD5; a multipart one ('...-3') or another store's says nothing. */
export const md5OfEtag = (etag: string | undefined): string | undefined => {
  const m = /^"?([0-9a-f]{32})"?$/i.exec(etag ?? '');
  return m ? m[1]!.toLowerCase() : undefined;
};

const AUTH_CODES: ReadonlySet<string> = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidToken', 'ExpiredToken', 'TokenRefreshRequired', 'CredentialsProviderError']);

/** An SDK error (or a network one) as the catalogue's PR_DEPLOY_* error naming the target; an abort stays an abort. */
export function s3Failure(e: unknown, config: S3Config, what: string): PressroomError | unknown {
  const err = e as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (err?.name === 'AbortError') return e;
  const code = e instanceof S3ServiceException ? e.name : (err?.code ?? err?.name ?? 'Error');
  const status = err?.$metadata?.httpStatusCode;
  const where = `${config.endpoint ?? 'AWS S3'}${config.endpoint ? '' : ` (${config.region ?? 'region not set'})`}`;
  const target = config.name;
  if (code === 'NoSuchBucket') {
    return pressroomError('PR_DEPLOY_TARGET', { target, type: 's3', detail: `the bucket ${config.bucket} does not exist at ${where} (${what}): create it, or fix bucket, region, endpoint or forcePathStyle of the target in the configuration` }, e);
  }
  if (AUTH_CODES.has(code) || status === 403 || /Could not load credentials/.test(err?.message ?? '')) {
    return pressroomError('PR_DEPLOY_AUTH', {
      target,
      type: 's3',
      detail: `${code}${status ? ` (HTTP ${status})` : ''} while ${what} in the bucket ${config.bucket} at ${where}: ${err?.message ?? ''}`.trim(),
      vars: S3_CREDENTIAL_VARS,
      advice: 'The key needs s3:PutObject, s3:GetObject and s3:DeleteObject on the prefix, s3:PutBucketWebsite for the website configuration, and s3:ListBucket (for --verify, and so that a first deploy\'s missing marker answers 404, not 403) (docs/deploying.md).',
    }, e);
  }
  return pressroomError('PR_DEPLOY_TARGET', {
    target,
    type: 's3',
    detail: `${code}${status ? ` (HTTP ${status})` : ''} while ${what} in the bucket ${config.bucket} at ${where}: ${err?.message ?? String(e)} (after 3 attempts)`,
  }, e);
}
