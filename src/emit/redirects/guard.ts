// Defence in depth for the redirect writers (docs/decisions/0023-redirect-rules-validated-once.md):
// plan validated every rule already, but each writer re-asserts what its format relies on, so no
// future change can turn a CMS record into an extra rule or line. A violation is a bug: PR_INTERNAL.
import { pressroomError } from '../../errors/errors.ts';
import type { RedirectRule } from '../../site/types.ts';
import type { RewriteRule } from '../../plan/types.ts';
import type { HostName, RedirectInput } from './types.ts';

// Whitespace, control characters, quotes, backslash, `$`, `;`, braces, `<`, `>`, backtick and `|`
// break at least one format: only RFC 3986 characters minus those remain.
const SAFE = /^[A-Za-z0-9\-._~:/?#[\]@!&()*+,=%]+$/;

function fail(host: string, what: string, value: string, reason: string): never {
  throw pressroomError('PR_INTERNAL', { detail: `unsafe redirect ${what} ${JSON.stringify(value).slice(0, 200)} reached the ${host} writer: ${reason}` });
}

/** A site path with one leading '/', no '#', '?', '*' or ':' (static sources only). */
export function assertSource(host: string, from: string): void {
  if (!SAFE.test(from)) fail(host, 'source', from, 'characters outside the safe URL set');
  if (!from.startsWith('/') || from.startsWith('//')) fail(host, 'source', from, 'not a site path');
  if (/[#?*:]/.test(from)) fail(host, 'source', from, 'not a static path');
}

/** A site path (one leading '/') or an http(s) URL; never '#…' or '//host'. */
export function assertTarget(host: string, to: string): void {
  if (!SAFE.test(to)) fail(host, 'target', to, 'characters outside the safe URL set');
  if (to.startsWith('/')) {
    if (to.startsWith('//')) fail(host, 'target', to, 'protocol-relative');
    return;
  }
  if (!/^https?:\/\/[^/]/i.test(to)) fail(host, 'target', to, 'neither a site path nor an http(s) URL');
}

export function assertRules(host: string, input: Pick<RedirectInput, 'redirects' | 'rewrites'>): void {
  for (const r of input.redirects) {
    assertSource(host, r.from);
    assertTarget(host, r.to);
    if (![301, 302, 307, 308].includes(r.status)) fail(host, 'status', String(r.status), 'not 301/302/307/308');
  }
  for (const r of input.rewrites) assertRewrite(host, r);
}

export function assertRewrite(host: string, r: RewriteRule): void {
  if (!/^\/[A-Za-z0-9\-._~/]*\/$/.test(r.prefix)) fail(host, 'rewrite prefix', r.prefix, 'not a plain folder prefix');
  if (!/^\/[A-Za-z0-9\-._~/]+$/.test(r.to)) fail(host, 'rewrite target', r.to, 'not a plain site path');
}

/** PR_REDIRECT_LIMIT naming the host, when `host` is switched on and `count` exceeds `limit`. */
export function checkLimit(input: Pick<RedirectInput, 'hosts'>, host: HostName, label: string, limit: number, count: number): void {
  if (input.hosts.includes(host) && count > limit) throw pressroomError('PR_REDIRECT_LIMIT', { host: label, limit, count });
}

/** The decoded path (what nginx's $uri, Apache's URL-path and S3 keys see); the raw one when malformed. */
export function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export type { RedirectRule };
