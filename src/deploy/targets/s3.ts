// The `s3` deploy target (docs/deploying.md, "S3, R2, MinIO, B2, GCS";
// docs/decisions/0108-s3-target.md): AWS S3 and the stores that speak its protocol, through
// @aws-sdk/client-s3. A deploy puts the change's files phase by phase (assets, pages, then the
// host files with the redirect objects and the website configuration), removes the deleted
// keys in batches, and puts the marker last. It never lists the bucket: what changed comes
// from the change, and what the target holds of the redirects and the website configuration
// from its own marker. Only `list()` (for `deploy --verify`) lists, and then only the prefix.
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, PutBucketWebsiteCommand, PutObjectCommand, ListObjectsCommand, type PutBucketWebsiteCommandInput } from '@aws-sdk/client-s3';
import pLimit from 'p-limit';
import { REVALIDATE } from '../../emit/headers.ts';
import { hostSnippetsDirFor } from '../../emit/host-snippets.ts';
import { pressroomError } from '../../errors/errors.ts';
import { killPoint } from '../../runtime/kill-point.ts';
import type { ApplyContext, ApplyReport, DeployChange, DeployTarget, TargetMarker } from '../types.ts';
import { md5OfEtag, normalisePrefix, s3Client, s3Failure, type S3Config } from './s3-client.ts';
import { redirectChanges, s3Redirects, s3Website, type S3Marker } from './s3-hosts.ts';

export { fileMd5, md5OfEtag, normalisePrefix } from './s3-client.ts';
export { s3Redirects } from './s3-hosts.ts';

export interface S3TargetContext {
  /** The published folder (the files themselves come from DeployFile.source). */
  out: string;
  /** Where the credentials and the region come from (default: this process's environment). */
  env?: Record<string, string | undefined>;
  /** `.pressroom/<out>/hosts`, where the build wrote s3/website.json and s3/redirect-objects.json (default: beside `out`). */
  hostsDir?: string;
  /** config.site.basePath ('/project'): the build's S3 keys carry it. */
  basePath?: string;
}

/** Where the marker lives under the prefix. */
export const S3_MARKER = '.pressroom/deploy.json';
/** DeleteObjects takes at most this many keys (the S3 API's limit). */
export const S3_DELETE_BATCH = 1000;

/** One request's work: the bytes it uploaded, or undefined for what is not an object (the website configuration). */
type Job = () => Promise<number | undefined>;

const notImplemented = (e: unknown): boolean => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NotImplemented' || err?.$metadata?.httpStatusCode === 501;
};

export function s3Target(config: S3Config, ctx: S3TargetContext): DeployTarget {
  const client = s3Client(config, ctx.env ?? process.env);
  const hostsDir = ctx.hostsDir ?? hostSnippetsDirFor(ctx.out);
  const prefix = normalisePrefix(config.prefix);
  const Bucket = config.bucket;
  const markerKey = `${prefix}${S3_MARKER}`;
  const concurrency = Math.max(1, config.concurrency ?? 8);
  // What this target last read or wrote as its marker, so that a deploy right after readMarker()
  // does not read it again (per target object: a watcher keeps one per target).
  let known: { marker: S3Marker | undefined } | undefined;
  // Whether the store takes DeleteObjects (false once it answered NotImplemented).
  let multiDelete = true;

  const send = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      throw s3Failure(e, config, what);
    }
  };

  async function readFullMarker(signal?: AbortSignal): Promise<S3Marker | undefined> {
    let text: string;
    try {
      const got = await client.send(new GetObjectCommand({ Bucket, Key: markerKey }), { abortSignal: signal });
      text = (await got.Body?.transformToString('utf8')) ?? '';
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey') return (known = { marker: undefined }).marker;
      throw s3Failure(e, config, `reading ${markerKey}`);
    }
    let parsed: S3Marker | undefined;
    try {
      const m = JSON.parse(text) as S3Marker;
      // A marker of another shape is one this target cannot trust: the next deploy is a full one.
      if (typeof m.release === 'string' && typeof m.manifest === 'string') parsed = m;
    } catch {
      parsed = undefined;
    }
    return (known = { marker: parsed }).marker;
  }

  /** Runs jobs with bounded concurrency; on the first failure no further job starts, and the failure is thrown once the running ones end. */
  async function batch(jobs: Job[], signal: AbortSignal | undefined, done: (bytes: number | undefined) => void): Promise<void> {
    const limit = pLimit(concurrency);
    let failed: { e: unknown } | undefined;
    await Promise.all(
      jobs.map((job) =>
        limit(async () => {
          if (failed) return;
          try {
            signal?.throwIfAborted();
            done(await job());
          } catch (e) {
            failed ??= { e };
          }
        }),
      ),
    );
    if (failed) throw failed.e;
  }

  async function apply(change: DeployChange, actx: ApplyContext): Promise<ApplyReport> {
    const { signal } = actx;
    const report: ApplyReport = { uploaded: 0, bytes: 0, deleted: 0, requests: 0 };
    const counted = <T>(what: string, run: () => Promise<T>) => {
      report.requests += 1;
      return send(what, run);
    };
    // The redirects (only where the bucket is a website: on a store without S3 website hosting an
    // empty object would answer 200 where a redirect was meant): every one the build wrote for S3,
    // diffed against what the marker says the bucket holds; and those the change names (the
    // deploy stage's own diff of them), sent whatever the marker says. A redirect object is
    // deleted only when the build no longer writes it.
    const websiteOn = config.website !== false;
    const all = websiteOn ? await s3Redirects(hostsDir, ctx.basePath) : [];
    const named = websiteOn ? change.redirects : [];
    const website = websiteOn ? await s3Website(hostsDir) : undefined;

    // What the target holds of the redirects and the website configuration: its marker (one GET, none after readMarker()).
    if (!known) report.requests += 1;
    const prior = known ? known.marker : await readFullMarker(signal);
    const uploaded = new Set(change.phases.flatMap((p) => p.files.map((f) => f.path)));
    const diff = redirectChanges(all, prior?.s3?.redirects, { full: change.full, uploaded });
    const put = [...new Map([...diff.put, ...named].map((r) => [r.path, r])).values()];
    const holds = new Map([...all, ...named].map((r) => [r.path, r.location]));
    const websiteChanged = website !== undefined && (change.full || prior?.s3?.website !== website.sha256);
    // A key that is a redirect now is not deleted (a page moved away leaves its redirect in its place).
    const deletions = [...new Set([...change.deletions.filter((p) => !holds.has(p) && !uploaded.has(p)), ...diff.remove])].sort();

    const files = change.phases.reduce((n, p) => n + p.files.length, 0);
    const total = files + put.length + (websiteChanged ? 1 : 0) + deletions.length;
    if (actx.dryRun) {
      const bytes = change.phases.reduce((n, p) => n + p.files.reduce((m, f) => m + f.size, 0), 0);
      return { uploaded: files + put.length, bytes, deleted: deletions.length, requests: 0 };
    }
    let done = 0;
    const progress = (n = 1) => {
      done += n;
      actx.onProgress?.(done, total);
    };
    const count = (bytes: number | undefined) => {
      if (bytes !== undefined) {
        report.uploaded += 1;
        report.bytes += bytes;
      }
      progress();
    };

    const hostJobs = (): Job[] => [
      ...put.map((r): Job => async () => {
        await counted(`putting the redirect ${r.path}`, () =>
          client.send(new PutObjectCommand({ Bucket, Key: prefix + r.path, Body: new Uint8Array(0), ContentLength: 0, ContentType: 'text/html; charset=utf-8', CacheControl: REVALIDATE, WebsiteRedirectLocation: r.location }), { abortSignal: signal }),
        );
        return 0;
      }),
      ...(websiteChanged
        ? [
            async () => {
              const WebsiteConfiguration = website!.config as PutBucketWebsiteCommandInput['WebsiteConfiguration'];
              await counted('applying the website configuration', () => client.send(new PutBucketWebsiteCommand({ Bucket, WebsiteConfiguration, ChecksumAlgorithm: 'MD5' }), { abortSignal: signal }));
              return undefined;
            },
          ]
        : []),
    ];
    let hostsSent = false;
    for (const { phase, files: list } of change.phases) {
      signal?.throwIfAborted();
      const jobs: Job[] = list.map((f) => async () => {
        const body = await readFile(f.source);
        const ContentMD5 = createHash('md5').update(body).digest('base64');
        await counted(`putting ${f.path}`, () =>
          client.send(new PutObjectCommand({ Bucket, Key: prefix + f.path, Body: body, ContentLength: body.length, ContentType: f.contentType, CacheControl: f.cacheControl, ContentMD5, Metadata: { sha256: f.sha256 } }), { abortSignal: signal }),
        );
        return body.length;
      });
      if (phase === 'hosts' && !hostsSent) {
        hostsSent = true;
        jobs.push(...hostJobs());
      }
      await batch(jobs, signal, count);
      killPoint(`deploy-${phase}`);
      await actx.onPhase?.(phase);
    }
    signal?.throwIfAborted();
    if (!hostsSent) {
      await batch(hostJobs(), signal, count);
      killPoint('deploy-hosts');
    }

    for (let i = 0; i < deletions.length; i += S3_DELETE_BATCH) {
      signal?.throwIfAborted();
      const keys = deletions.slice(i, i + S3_DELETE_BATCH);
      if (multiDelete) {
        report.requests += 1;
        // Content-MD5, not the SDK's default CRC32: MinIO, B2 and Ceph refuse a DeleteObjects without it.
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((k) => ({ Key: prefix + k })), Quiet: true }, ChecksumAlgorithm: 'MD5' }), { abortSignal: signal }).catch((e: unknown) => {
          // GCS's interoperability mode has no multi-object delete: one DeleteObject per key instead, from now on.
          if (!notImplemented(e)) throw s3Failure(e, config, `deleting ${keys.length} keys`);
          multiDelete = false;
          return undefined;
        });
        const errors = res?.Errors ?? [];
        if (errors.length) {
          const first = errors[0]!;
          throw pressroomError('PR_DEPLOY_TARGET', {
            target: config.name,
            type: 's3',
            detail: `${errors.length} of ${keys.length} keys were not deleted from the bucket ${Bucket}, e.g. ${first.Key}: ${first.Code} ${first.Message ?? ''} (the key needs s3:DeleteObject on the prefix)`,
          });
        }
      }
      if (!multiDelete) {
        const one = (k: string): Job => async () => {
          await counted(`deleting ${k}`, () => client.send(new DeleteObjectCommand({ Bucket, Key: prefix + k }), { abortSignal: signal }));
          return undefined;
        };
        await batch(keys.map(one), signal, () => undefined);
      }
      report.deleted += keys.length;
      progress(keys.length);
    }

    killPoint('deploy-deletions');
    // Last: the marker says what the target holds only once it holds all of it.
    signal?.throwIfAborted();
    const marker: S3Marker = {
      ...change.to,
      s3: { website: website?.sha256 ?? prior?.s3?.website ?? null, redirects: Object.fromEntries([...holds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) },
    };
    await counted(`writing ${markerKey}`, () =>
      client.send(new PutObjectCommand({ Bucket, Key: markerKey, Body: `${JSON.stringify(marker, null, 1)}\n`, ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store' }), { abortSignal: signal }),
    );
    known = { marker };
    return report;
  }

  return {
    name: config.name,
    type: 's3',
    async readMarker(): Promise<TargetMarker | undefined> {
      const m = await readFullMarker();
      return m && { release: m.release, manifest: m.manifest, at: m.at };
    },
    apply,
    async list() {
      const held = new Map<string, { md5?: string; size?: number }>();
      // ListObjects (version 1) paged by Marker, the last key of the page before: every
      // S3-compatible store takes it the same way, where version 2's continuation tokens are each
      // store's own (s3rver's are DES-encrypted, which OpenSSL 3 no longer offers).
      let marker: string | undefined;
      for (;;) {
        const page = await send(`listing ${prefix || 'the bucket'}`, () => client.send(new ListObjectsCommand({ Bucket, Prefix: prefix || undefined, Marker: marker })));
        for (const o of page.Contents ?? []) {
          const path = o.Key!.slice(prefix.length);
          if (!path.startsWith('.pressroom/')) held.set(path, { md5: md5OfEtag(o.ETag), size: o.Size });
        }
        marker = page.Contents?.at(-1)?.Key;
        if (!page.IsTruncated || !marker) return held;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
