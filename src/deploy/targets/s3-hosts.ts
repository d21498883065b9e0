// What an `s3` target sends besides the site's files: the redirects and the bucket's website
// configuration that the build wrote for S3 beside out/ (src/emit/redirects/s3.ts:
// `hosts/s3/website.json`, and `hosts/s3/redirect-objects.json` when the redirects do not fit
// the website's routing rules), and the record of what the target last received of them,
// kept in its marker, so that a deploy sends only those that changed.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pressroomError } from '../../errors/errors.ts';
import type { DeployRedirect, TargetMarker } from '../types.ts';

/** The marker an `s3` target writes: the common one plus what it holds of the host files. */
export interface S3Marker extends TargetMarker {
  s3?: {
    /** sha256 of the website.json applied last (null: none applied). */
    website: string | null;
    /** The redirect objects it holds: path (relative, as DeployRedirect.path) -> location. */
    redirects: Record<string, string>;
  };
}

interface WebsiteJson {
  ErrorDocument?: { Key?: string };
  RoutingRules?: { Condition?: { KeyPrefixEquals?: string }; Redirect?: { Protocol?: string; HostName?: string; ReplaceKeyWith?: string } }[];
}

async function readJson<T>(file: string): Promise<{ text: string; value: T } | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    return { text, value: JSON.parse(text) as T };
  } catch (e) {
    throw pressroomError('PR_MANIFEST', { file, detail: `not JSON: ${(e as Error).message}` }, e);
  }
}

/** The website configuration the build wrote for S3 (hosts/s3/website.json) and its sha256; undefined when the build wrote none (`s3` not in hosts). */
export async function s3Website(hostsDir: string): Promise<{ config: Record<string, unknown>; sha256: string } | undefined> {
  const got = await readJson<Record<string, unknown>>(join(hostsDir, 's3', 'website.json'));
  return got && { config: got.value, sha256: createHash('sha256').update(got.text).digest('hex') };
}

/**
 * The redirects the build wrote for S3, as objects of the deploy: each `{key, redirect}` of
 * hosts/s3/redirect-objects.json, its key made relative to out/ (the build's keys carry the base
 * path, as out/ is published under the key prefix of the same name; without `basePath`, the one
 * the build wrote them for, read from their error document's key). With `routingRules`, also
 * the website's routing rules as objects at their exact key and its index.html: every redirect as
 * an object, for a caller that manages the bucket's website configuration itself.
 * Sorted by path, one per path.
 */
export async function s3Redirects(hostsDir: string, basePath?: string, opts: { routingRules?: boolean } = {}): Promise<DeployRedirect[]> {
  const objects = await readJson<{ errorDocument?: string; objects?: { key: string; redirect: string }[] }>(join(hostsDir, 's3', 'redirect-objects.json'));
  const website = opts.routingRules || basePath === undefined ? await readJson<WebsiteJson>(join(hostsDir, 's3', 'website.json')) : undefined;
  // Without a base path given, the build's own: its error document is `<base>/404.html`.
  const errorDocument = objects?.value.errorDocument ?? website?.value.ErrorDocument?.Key ?? '404.html';
  const base = (basePath ?? errorDocument.slice(0, -'404.html'.length)).replace(/^\/+/, '').replace(/\/+$/, '');
  const relative = (key: string) => (base && key.startsWith(`${base}/`) ? key.slice(base.length + 1) : key);
  const found = new Map<string, string>();
  for (const o of objects?.value.objects ?? []) if (!found.has(relative(o.key))) found.set(relative(o.key), o.redirect);
  if (opts.routingRules) {
    for (const rule of website?.value.RoutingRules ?? []) {
      const key = rule.Condition?.KeyPrefixEquals;
      const r = rule.Redirect;
      if (!key || !r || r.ReplaceKeyWith === undefined) continue;
      const location = r.HostName ? `${r.Protocol ?? 'https'}://${r.HostName}/${r.ReplaceKeyWith}` : `/${r.ReplaceKeyWith}`;
      for (const path of [relative(key), `${relative(key)}/index.html`]) if (!found.has(path)) found.set(path, location);
    }
  }
  return [...found].map(([path, location]) => ({ path, location })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Which redirect objects to put and which to remove, against what the target holds: all of
 * them for a full deploy (or a target whose marker records none), else only the new and the
 * changed; a redirect gone is removed unless a file of this deploy now takes its key.
 */
export function redirectChanges(
  wanted: readonly DeployRedirect[],
  held: Readonly<Record<string, string>> | undefined,
  opts: { full: boolean; uploaded: ReadonlySet<string> },
): { put: DeployRedirect[]; remove: string[] } {
  const put = opts.full || !held ? [...wanted] : wanted.filter((r) => held[r.path] !== r.location);
  const keep = new Set(wanted.map((r) => r.path));
  const remove = Object.keys(held ?? {}).filter((p) => !keep.has(p) && !opts.uploaded.has(p)).sort();
  return { put, remove };
}
