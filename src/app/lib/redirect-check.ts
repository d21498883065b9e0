// The not-found page's redirect check (docs/pages.md, "Not-found page"). The target is untrusted API
// data: only site-relative paths, http(s) URLs on the site's origin, and exact allow-listed hosts
// (api.redirectAllowHosts) are followed; javascript:, //evil.example and the like are refused.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageNavigate } from '../components/PageLink.tsx';
import { ep } from '../../api/endpoints.ts';
import type { RedirectCheckResponse } from '../../api/types.ts';
import { useSite } from '../context.tsx';
import { sitePathOf, stripBase } from '../../site/paths.ts';
import { livePost } from '../data/live.ts';
import type { NotFoundState } from './unknown-article.ts';
import { basePathOf, liveBaseOf } from './site-urls.ts';

export type RedirectTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

export interface SafeTargetContext {
  /** The origin the page is served from (window.location.origin). */
  origin: string;
  /** The canonical site origin (config site.url); also "our own". */
  siteUrl?: string;
  /** Exact host names an absolute target may point to. */
  allowHosts: readonly string[];
  /** The site's base path ('' at the origin's root): an own-origin URL under it is a site path. */
  basePath?: string;
}

// Whitespace, controls and backslashes: browsers strip or reinterpret them ("/\evil" leaves the site).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\\]/;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Where a redirect_url may take the reader, or null when it must be refused. */
export function safeRedirectTarget(raw: unknown, ctx: SafeTargetContext): RedirectTarget | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2048 || UNSAFE_CHARS.test(raw)) return null;
  const own = new Set([originOf(ctx.origin), originOf(ctx.siteUrl)].filter((o): o is string => !!o && o !== 'null'));
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return null; // protocol-relative: leaves the site
    let u: URL;
    try {
      u = new URL(raw, 'http://site.invalid');
    } catch {
      return null;
    }
    if (u.origin !== 'http://site.invalid') return null;
    return { kind: 'internal', path: `${u.pathname}${u.search}${u.hash}` };
  }
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null; // relative forms other than "/x" are refused
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  if (own.has(u.origin)) {
    // The router adds the base path itself; an own-origin URL outside it is another site on the same host (GitHub Pages).
    const sitePath = stripBase(ctx.basePath ?? '', u.pathname);
    return sitePath === null ? { kind: 'external', url: u.href } : { kind: 'internal', path: `${sitePath}${u.search}${u.hash}` };
  }
  const allowed = ctx.allowHosts.map((h) => h.toLowerCase());
  if (allowed.includes(u.host.toLowerCase())) return { kind: 'external', url: u.href };
  return null;
}

/** Asks the API whether `currentUrl` is redirected: the raw redirect_url or null; non-2xx throws. */
export async function checkRedirect(base: string, currentUrl: string, init: { signal?: AbortSignal } = {}): Promise<string | null> {
  const res = await livePost(base, ep.checkRedirect(), { current_url: currentUrl }, init);
  if (!res.ok) throw new Error(`HTTP error! Status: ${res.status}`);
  const body = (await res.json().catch(() => null)) as RedirectCheckResponse | null;
  const first = body && Array.isArray(body.urlDetails) ? body.urlDetails[0] : undefined;
  return typeof first?.redirect_url === 'string' && first.redirect_url !== '' ? first.redirect_url : null;
}

// Each URL is checked at most once per document, so a redirect to another unknown path cannot loop.
const checked = new Set<string>();

/** The URL asked for: the page's own, or at /404 the unknown article's it replaced; null at a bare /404. */
export function requestedUrl(location: { pathname: string; search: string; state: unknown }): string | null {
  const requested = (location.state as Partial<NotFoundState> | null)?.requested;
  if (typeof requested === 'string' && requested.startsWith('/') && !requested.startsWith('//')) return requested;
  // A site path (no trailing slash), as the API knows them, whatever the site's URL form.
  const path = sitePathOf(location.pathname);
  return path === '/404' ? null : `${path}${location.search}`;
}

/**
 * After hydration on the not-found page: follow a safe redirect for the requested URL (site-relative
 * by the router, replacing history; external by a full load). Failures are logged as warnings only.
 */
export function useRedirectCheck(): void {
  const config = useSite();
  const { api, site } = config;
  const basePath = basePathOf(config);
  const liveBase = liveBaseOf(config);
  const navigate = usePageNavigate();
  const current = requestedUrl(useLocation());
  useEffect(() => {
    // useLocation() is inside the router, whose basename is the base path: `current` is a site path, as the API knows them.
    if (current === null || checked.has(current)) return;
    checked.add(current);
    const { origin } = window.location;
    checkRedirect(liveBase, current)
      .then((raw) => {
        if (raw === null) return;
        const target = safeRedirectTarget(raw, { origin, siteUrl: site.url, allowHosts: api.redirectAllowHosts, basePath });
        if (!target) {
          console.warn(`Redirect refused: ${JSON.stringify(raw)} leaves the site`);
          return;
        }
        if (target.kind === 'external') window.location.replace(target.url);
        else if (target.path !== current) navigate(target.path, { replace: true });
      })
      .catch((e: unknown) => console.warn(`Redirect check failed: ${(e as Error).message}`));
  }, [current, liveBase, basePath, api.redirectAllowHosts, site.url, navigate]);
}

/** Tests only: forget which URLs were checked. */
export function resetRedirectChecks(): void {
  checked.clear();
}
