// `deploy: [...]` and `purge: [...]` (docs/deploying.md, "Deploy targets"): where each publish is
// sent, and which caches are told what changed. Strict objects as everywhere, with one more rule:
// a credential is never a key of the file (which sits in a repository and in backups), so a key that
// names one is refused with the environment variable to use instead. Names are unique (they name
// the local records beside out/ and `--target`), and a purge's `after` names a target.
import { z } from 'zod';
import { httpUrl } from './schema-build.ts';

const name = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a name of letters, digits, - and _ (at most 64), e.g. "r2" or "box"')
  .describe('The target\'s name: `pressroom deploy --target NAME`, and the record of what it last received (.pressroom/<out>/deploy/NAME.json).');
const maxDeletes = z.int().min(0).optional().describe('The most files one deploy may delete from this target before it stops (PR_DEPLOY_MAX_DELETES, exit 8) unless --force. Default: 256.');

const s3 = z.strictObject({
  name,
  type: z.literal('s3'),
  bucket: z.string().min(1).describe('The bucket.'),
  prefix: z.string().optional().describe('Key prefix the site is uploaded under ("" or e.g. "site/"). Default: "".'),
  region: z.string().optional().describe('The region ("auto" for Cloudflare R2). Default: the SDK\'s (AWS_REGION).'),
  endpoint: httpUrl.optional().describe('An S3-compatible endpoint (R2, MinIO, B2, GCS interop). Default: AWS.'),
  forcePathStyle: z.boolean().optional().describe('Path-style requests (MinIO and most S3-compatible servers).'),
  concurrency: z.int().min(1).max(256).optional().describe('Uploads at a time within a phase.'),
  website: z.boolean().optional().describe('Apply the bucket website configuration (index and error documents, routing rules) from the build.'),
  maxDeletes,
});
const rsync = z.strictObject({
  name,
  type: z.literal('rsync'),
  dest: z.string().min(1).describe('rsync destination: a local folder, or user@host:/srv/site/ over ssh.'),
  ssh: z.string().optional().describe('The remote shell rsync runs (its -e), e.g. "ssh -p 2222 -i /etc/pressroom/deploy_key".'),
  maxDeletes,
});
const git = z.strictObject({
  name,
  type: z.literal('git'),
  remote: z.string().min(1).describe('The remote: a URL or path git can push to (credentials from ssh keys or a credential helper).'),
  branch: z.string().regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'a branch name such as gh-pages').describe('The branch the site is committed to (created by the first deploy).'),
  message: z.string().optional().describe('Commit message; {release} is the release id. Default: "pressroom: release {release}".'),
  maxDeletes,
});
const command = z.strictObject({
  name,
  type: z.literal('command'),
  run: z.string().min(1).describe('A shell command (sh -c) that uploads the site, e.g. a host CLI; it gets the changed and removed files in PRESSROOM_DEPLOY_* variables.'),
  maxDeletes,
});

const purgeName = name.describe('The purge\'s name.');
const after = z.string().optional().describe('Purge only after this target was deployed. Default: after every target that was.');
const http = z.strictObject({
  name: purgeName,
  type: z.literal('http'),
  url: httpUrl.describe('The cache\'s address (Varnish, Fastly-style): each changed path is requested there with method PURGE.'),
  method: z.string().regex(/^[A-Z]+$/).optional().describe('Default: PURGE.'),
  header: z.string().regex(/^[A-Za-z0-9-]+$/).optional().describe('The header the purge token goes in (Fastly: "Fastly-Key"); the token comes from PRESSROOM_PURGE_TOKEN_<NAME> in the environment.'),
  host: z.string().min(1).optional().describe('The Host header of each purge (default: the host of site.url, which the cache keys objects by).'),
  after,
});
const cloudflare = z.strictObject({
  name: purgeName,
  type: z.literal('cloudflare'),
  zone: z.string().min(1).describe('The zone id.'),
  endpoint: httpUrl.optional().describe('The API base (tests).'),
  batchSize: z.int().min(1).max(500).optional().describe('URLs a purge request (default 30, which every plan accepts; raise it to your plan\'s limit).'),
  after,
});
const cloudfront = z.strictObject({
  name: purgeName,
  type: z.literal('cloudfront'),
  distribution: z.string().min(1).describe('The distribution id.'),
  endpoint: httpUrl.optional().describe('The API endpoint (tests).'),
  region: z.string().optional(),
  maxPaths: z.int().min(1).max(3000).optional().describe('Paths an invalidation names before it becomes one wildcard under the base path (default 3,000, CloudFront\'s limit in progress).'),
  after,
});

/** Keys that would hold a secret, and where the secret goes instead. */
const SECRET_KEY = /secret|token|password|passphrase|credential|accesskey|apikey|privatekey/i;
const secretHint = (type: unknown): string =>
  type === 's3' || type === 'cloudfront'
    ? 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, the SDK\'s default chain)'
    : type === 'cloudflare'
      ? 'CLOUDFLARE_API_TOKEN (or PRESSROOM_PURGE_TOKEN_<NAME>)'
      : type === 'git' || type === 'rsync'
        ? 'an ssh key or git credential helper'
        : 'an environment variable the command reads';

/**
 * A credential key is refused with where it goes instead, on the list as given (the strict object
 * would only call it unknown); it is then left out, so it is reported once.
 */
function refuseSecrets(list: unknown, ctx: z.RefinementCtx): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const o = item as Record<string, unknown>;
    const secrets = Object.keys(o).filter((k) => SECRET_KEY.test(k));
    for (const k of secrets) ctx.addIssue({ code: 'custom', path: [i, k], message: `is a credential, which never goes in the configuration file: give it in the environment instead (${secretHint(o.type)})` });
    return secrets.length ? Object.fromEntries(Object.entries(o).filter(([k]) => !secrets.includes(k))) : o;
  });
}

/** Refuses repeated names, on whatever the list holds (every problem at once). */
function listChecks(what: string) {
  return (list: unknown, ctx: z.RefinementCtx) => {
    if (!Array.isArray(list)) return;
    const seen = new Map<string, number>();
    list.forEach((item, i) => {
      if (typeof item !== 'object' || item === null) return;
      const o = item as Record<string, unknown>;
      if (typeof o.name !== 'string') return;
      if (seen.has(o.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `repeats the ${what} name ${JSON.stringify(o.name)} of entry ${seen.get(o.name)}` });
      else seen.set(o.name, i);
    });
  };
}

const when = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };

export const deployKeys = {
  deploy: z
    .preprocess(refuseSecrets, z.array(z.discriminatedUnion('type', [s3, rsync, git, command])).superRefine(listChecks('target'), when))
    .default([])
    .describe('Deploy targets: after each publish (`pressroom deploy`, `build --deploy`, `watch`), each receives the files changed since the release it last received (docs/deploying.md). Credentials come from the environment, never from here.'),
  purge: z
    .preprocess(refuseSecrets, z.array(z.discriminatedUnion('type', [http, cloudflare, cloudfront])).superRefine(listChecks('purge'), when))
    .default([])
    .describe('CDN and cache purges: after the deploy, each is told exactly the changed URLs, in every form a reader requests them.'),
};

/** A purge's `after` must name a target (checked with the whole configuration: ./schema.ts). */
export function checkPurgeAfter(c: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (!Array.isArray(c.deploy) || !Array.isArray(c.purge)) return;
  const targets = new Set(c.deploy.map((t) => (t as { name?: unknown })?.name));
  c.purge.forEach((p, i) => {
    const a = (p as { after?: unknown })?.after;
    if (typeof a === 'string' && !targets.has(a)) ctx.addIssue({ code: 'custom', path: ['purge', i, 'after'], message: `names no deploy target: ${JSON.stringify(a)} (the targets: ${[...targets].join(', ') || 'none'})` });
  });
}
