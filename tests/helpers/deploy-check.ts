// What a deploy target holds, compared with out/ (tests/integration/deploy-property.test.ts and
// deploy-kill.test.ts): an s3rver bucket read through the S3 protocol, an rsync folder, a git
// branch's tree. Each comparison returns its differences as lines (empty: equal), so that a
// failing step names every file that differs. The test's own reads of a bucket carry a header
// (CHECK_HEADER) by which tests/helpers/s3rver.ts keeps them out of the log of the deploy's requests.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import pLimit from 'p-limit';
import { cacheControlFor, contentTypeFor } from '../../src/emit/file-headers.ts';
import { hostSnippetsDirFor } from '../../src/emit/host-snippets.ts';
import { s3Redirects } from '../../src/deploy/targets/s3-hosts.ts';
import { listFiles, treeHashes } from './files.ts';
import { CHECK_HEADER, S3RVER_ENV } from './s3rver.ts';

/** A file of the site: its hashes as each target can be compared (git's blob id for a git tree). */
export interface SiteFile {
  sha256: string;
  md5: string;
  blob: string;
  size: number;
}

/** What a target may hold besides the site: its marker and state under `.pressroom/`. */
const own = (path: string) => path.startsWith('.pressroom/');

/** Every file of the published folder but `.pressroom/`, with its hashes. */
export async function siteFiles(root: string): Promise<Map<string, SiteFile>> {
  const files = new Map<string, SiteFile>();
  for (const path of await listFiles(root)) {
    if (own(path)) continue;
    const bytes = await readFile(join(root, path));
    files.set(path, {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      md5: createHash('md5').update(bytes).digest('hex'),
      blob: createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex'),
      size: bytes.length,
    });
  }
  return files;
}

/** The redirect objects the build of `out` wrote for S3, key (relative to out/) -> location. */
export async function expectedRedirects(out: string): Promise<Map<string, string>> {
  return new Map((await s3Redirects(hostSnippetsDirFor(out))).map((r) => [r.path, r.location]));
}

const mismatch = (what: string, path: string, got: unknown, want: unknown) => `${what} of ${path}: ${String(got)}, not ${String(want)}`;

/** An S3 client for the test's own reads of s3rver, its requests marked so that s3rver's request log leaves them out. */
export function checkClient(endpoint: string): S3Client {
  // The SDK's notice about Node versions is for whoever pins its version (src/deploy/targets/s3-client.ts).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: S3RVER_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: S3RVER_ENV.AWS_SECRET_ACCESS_KEY } });
  client.middlewareStack.add(
    (next) => async (args) => {
      (args.request as { headers: Record<string, string> }).headers[CHECK_HEADER] = '1';
      return next(args);
    },
    { step: 'build', name: 'pressroomTestCheck' },
  );
  return client;
}

export interface HeldObject {
  etag: string;
  size: number;
}

/** Every key of a bucket (ListObjects version 1, paged by Marker: s3rver's version 2 tokens need DES). */
export async function listBucket(client: S3Client, bucket: string): Promise<Map<string, HeldObject>> {
  const held = new Map<string, HeldObject>();
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Marker: marker }));
    for (const o of page.Contents ?? []) held.set(o.Key!, { etag: (o.ETag ?? '').replace(/"/g, ''), size: o.Size ?? -1 });
    marker = page.Contents?.at(-1)?.Key;
    if (!page.IsTruncated || !marker) return held;
  }
}

/**
 * How the bucket differs from the site: every key is a file of the site (its md5 and size, from
 * the listing), a redirect object of the build (its location), or the target's own under
 * `.pressroom/`; every file and redirect is there. The objects named by `read` (default: all of
 * them) are read back whole: the body's sha256, the Content-Type and Cache-Control that
 * src/emit/file-headers.ts gives the file, and the x-amz-meta-sha256 the target sets.
 */
export async function bucketDiff(client: S3Client, bucket: string, site: ReadonlyMap<string, SiteFile>, redirects: ReadonlyMap<string, string>, read?: ReadonlySet<string>): Promise<string[]> {
  const held = await listBucket(client, bucket);
  const diff: string[] = [];
  for (const [key, o] of held) {
    if (own(key)) continue;
    const file = site.get(key);
    if (file) {
      if (o.etag !== file.md5 || o.size !== file.size) diff.push(mismatch('md5/size', key, `${o.etag}/${o.size}`, `${file.md5}/${file.size}`));
    } else if (!redirects.has(key)) diff.push(`${key}: in the bucket, neither a file of out/ nor a redirect`);
  }
  for (const path of [...site.keys(), ...redirects.keys()]) if (!held.has(path)) diff.push(`${path}: missing from the bucket`);
  const limit = pLimit(16);
  await Promise.all(
    [...held.keys()]
      .filter((key) => !own(key) && (site.has(key) || redirects.has(key)) && (!read || read.has(key)))
      .map((key) =>
        limit(async () => {
          const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          const bytes = Buffer.from(await got.Body!.transformToByteArray());
          const file = site.get(key);
          if (!file) {
            if (got.WebsiteRedirectLocation !== redirects.get(key)) diff.push(mismatch('redirect', key, got.WebsiteRedirectLocation, redirects.get(key)));
            return;
          }
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          if (sha256 !== file.sha256) diff.push(mismatch('sha256', key, sha256, file.sha256));
          if (got.Metadata?.sha256 !== file.sha256) diff.push(mismatch('x-amz-meta-sha256', key, got.Metadata?.sha256, file.sha256));
          if (got.ContentType !== contentTypeFor(key)) diff.push(mismatch('Content-Type', key, got.ContentType, contentTypeFor(key)));
          // A precompressed sibling (x.js.br) is cached as its file is (src/deploy/changes.ts siblingFile).
          const cacheControl = cacheControlFor(key.replace(/\.(br|gz)$/, ''));
          if (got.CacheControl !== cacheControl) diff.push(mismatch('Cache-Control', key, got.CacheControl, cacheControl));
          if (got.WebsiteRedirectLocation !== undefined) diff.push(mismatch('redirect', key, got.WebsiteRedirectLocation, 'none'));
        }),
      ),
  );
  return diff.sort();
}

/** How a folder differs from the site (its own `.pressroom/` aside). */
export async function folderDiff(root: string, site: ReadonlyMap<string, SiteFile>): Promise<string[]> {
  const held = Object.entries(await treeHashes(root).catch(() => ({}) as Record<string, string>)).filter(([p]) => !own(p));
  const diff = held.filter(([p, sha]) => site.get(p)?.sha256 !== sha).map(([p]) => (site.has(p) ? `${p}: differs` : `${p}: not a file of out/`));
  const have = new Set(held.map(([p]) => p));
  for (const p of site.keys()) if (!have.has(p)) diff.push(`${p}: missing`);
  return diff.sort();
}

/** How the tree of a branch's tip in a (bare) repository differs from the site (the marker under `.pressroom/` aside). */
export function gitDiff(gitDir: string, branch: string, site: ReadonlyMap<string, SiteFile>): string[] {
  const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', '--full-tree', `refs/heads/${branch}`], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\0').filter(Boolean);
  const diff: string[] = [];
  const have = new Set<string>();
  for (const line of listing) {
    const [meta, path] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
    if (own(path)) continue;
    have.add(path);
    const [mode, , blob] = meta.split(' ');
    const file = site.get(path);
    if (!file) diff.push(`${path}: not a file of out/`);
    else if (blob !== file.blob || mode !== '100644') diff.push(mismatch('blob/mode', path, `${blob}/${mode}`, `${file.blob}/100644`));
  }
  for (const p of site.keys()) if (!have.has(p)) diff.push(`${p}: missing`);
  return diff.sort();
}

/** A reference of a page to a file under the site's root: a script, style, image, icon or JSON. */
const REFERENCE = /(?:src|href)="\/([^"#?]+\.(?:js|css|svg|png|jpe?g|webp|json|webmanifest))"/g;
/** Paths a host proxies to the content API (src/serve/index.ts PROXIED): not files of the site. */
const PROXIED = /^(api|uploads)\//;

/** The references of `html` to files of the site (paths relative to the root). */
export const pageReferences = (html: string): string[] => [...html.matchAll(REFERENCE)].map((m) => decodeURI(m[1]!)).filter((p) => !PROXIED.test(p));

/** Pages of the bucket that reference a file the bucket does not hold ('page -> file'). */
export async function bucketMissingAssets(client: S3Client, bucket: string): Promise<string[]> {
  const held = await listBucket(client, bucket);
  const missing = new Set<string>();
  const limit = pLimit(16);
  await Promise.all(
    [...held.keys()]
      .filter((k) => k.endsWith('.html') && held.get(k)!.size > 0)
      .map((page) =>
        limit(async () => {
          const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: page }));
          for (const ref of pageReferences(await got.Body!.transformToString('utf8'))) if (!held.has(ref)) missing.add(`${page} -> ${ref}`);
        }),
      ),
  );
  return [...missing].sort();
}
