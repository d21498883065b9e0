// An S3-compatible server for the deploy tests and bench/deploy.ts: s3rver in this process on
// 127.0.0.1, port 0, its data in a folder of the caller's, every request it answers logged (the
// tests count them: a deploy must not list the bucket). s3rver checks only the access key of a
// SigV4 request, not its signature; a middleware here checks the signature too (the canonical
// request of AWS's Signature Version 4, recomputed with the secret), so a wrong secret is
// refused with SignatureDoesNotMatch as S3 refuses it. And a full deploy's change of the
// release out/ holds, made here from the release record and its manifest, as the deploy stage
// makes it (the files by content from the object store, in the order assets, pages, host files).
import { createHash, createHmac } from 'node:crypto';
import { extname } from 'node:path';
import S3rver from 's3rver';
import { HASHED_ASSET, IMMUTABLE, REVALIDATE } from '../../src/emit/headers.ts';
import { readReleaseFiles } from '../../src/publish/manifest.ts';
import { objectFile } from '../../src/publish/paths.ts';
import { currentReleaseId, readRecord } from '../../src/publish/releases.ts';
import type { DeployChange, DeployFile, DeployPhase } from '../../src/deploy/types.ts';

/** A request carrying this header is a test's own read of the bucket (tests/helpers/deploy-check.ts): not logged. */
export const CHECK_HEADER = 'x-pressroom-test-check';

/** s3rver's fixed credentials (it checks SigV4 signatures against them). */
export const S3RVER_ENV = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  port: number;
  /** `METHOD /bucket/key?query` of every request, in order of arrival, but a test's own reads (CHECK_HEADER). */
  log: string[];
  /** false: DeleteObjects answers 501 NotImplemented, as GCS's interoperability mode does. */
  multiDelete: boolean;
  close(): Promise<void>;
}

export async function startS3rver(directory: string, buckets: string[]): Promise<TestS3> {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const log: string[] = [];
  const self = { multiDelete: true };
  // s3rver is a Koa application: middlewares first in its chain see every request.
  (server as unknown as { middleware: unknown[] }).middleware.unshift(
    async (c: KoaContext, next: () => Promise<void>) => {
      if (!c.req.headers[CHECK_HEADER]) log.push(`${c.method} ${c.url}`);
      await next();
    },
    async (c: KoaContext, next: () => Promise<void>) => {
      if (sigV4Matches(c.method, c.url, c.req.headers) === false) {
        c.status = 403;
        c.type = 'application/xml';
        c.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>';
        return;
      }
      // As MinIO, B2 and Ceph do: a DeleteObjects must carry Content-MD5 (the SDK sends a CRC32 by default).
      if (c.method === 'POST' && /\?delete\b/.test(c.url) && !c.req.headers['content-md5']) {
        c.status = 400;
        c.type = 'application/xml';
        c.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>MissingContentMD5</Code><Message>Missing required header for this request: Content-Md5.</Message></Error>';
        return;
      }
      if (!self.multiDelete && c.method === 'POST' && /\?delete\b/.test(c.url)) {
        c.status = 501;
        c.type = 'application/xml';
        c.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NotImplemented</Code><Message>A header or query you provided requested a function that is not implemented.</Message></Error>';
        return;
      }
      await next();
    },
  );
  const { port } = (await server.run()) as { port: number };
  return Object.assign(self, { endpoint: `http://127.0.0.1:${port}`, port, log, close: () => server.close() });
}

interface KoaContext {
  method: string;
  url: string;
  req: { headers: Record<string, string | string[] | undefined> };
  status: number;
  type: string;
  body: unknown;
}

const SECRETS: Readonly<Record<string, string>> = { S3RVER: 'S3RVER' };
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Whether a SigV4 header signature is right for s3rver's account; undefined for a request not signed so, or of an unknown key (s3rver answers those). */
function sigV4Matches(method: string, url: string, headers: KoaContext['req']['headers']): boolean | undefined {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(String(headers.authorization ?? ''));
  if (!auth) return undefined;
  const [, key, day, region, service, signed, signature] = auth;
  const secret = SECRETS[key!];
  if (secret === undefined) return undefined;
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const [k, v] = eq === -1 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      return [rfc3986(decodeURIComponent(k)), rfc3986(decodeURIComponent(v))];
    })
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signed!.split(';');
  const canonicalHeaders = names.map((n) => `${n}:${String(headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const request = [method, path, canonicalQuery, canonicalHeaders, signed, String(headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD')].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', String(headers['x-amz-date']), scope, createHash('sha256').update(request).digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), service!), 'aws4_request');
  return createHmac('sha256', signingKey).update(toSign).digest('hex') === signature;
}

/** Whether a logged request listed a bucket (ListObjects, V1 or V2). */
export const isListing = (line: string): boolean => /^GET \/[^/?]+\/?(\?.*)?$/.test(line) && !/[?&](website|location|cors)\b/.test(line);

// The test's own table of the types the sample site has (the deploy's one definition of them
// comes with the deploy stage; these are what `pressroom serve` sends).
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};
export const testContentType = (path: string): string => TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
export const testCacheControl = (path: string): string => (HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE);

export const phaseOf = (path: string): DeployPhase => (/^_|^\.htaccess$|^vercel\.json$/.test(path) ? 'hosts' : path.endsWith('.html') ? 'pages' : 'assets');

/** A file of a release as a deploy sends it, its bytes from the object store. */
export const deployFile = (out: string, path: string, f: { sha256: string; size: number }): DeployFile => ({
  path,
  source: objectFile(out, f.sha256),
  sha256: f.sha256,
  size: f.size,
  contentType: testContentType(path),
  cacheControl: testCacheControl(path),
});

/** The change of a first deploy of the release out/ holds: every file of its manifest. */
export async function fullChange(out: string, at = new Date().toISOString()): Promise<DeployChange> {
  const release = await currentReleaseId(out);
  const record = release && (await readRecord(out, release));
  if (!release || !record) throw new Error(`no current release in ${out}`);
  const files = await readReleaseFiles(out, record.manifest);
  const phases: Record<DeployPhase, DeployFile[]> = { assets: [], pages: [], hosts: [] };
  for (const [path, f] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    phases[phaseOf(path)].push(deployFile(out, path, f));
  }
  return {
    to: { release, manifest: record.manifest, at },
    full: true,
    phases: (['assets', 'pages', 'hosts'] as const).map((phase) => ({ phase, files: phases[phase] })),
    redirects: [],
    deletions: [],
  };
}
