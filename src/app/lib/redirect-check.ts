// The redirect check of the not-found page (docs/pages.md, "Not-found page": POST
// check_redirect with {current_url}; urlDetails[0].redirect_url, when present,
// is where the browser goes). The target is API data and untrusted
// (docs/architecture.md, "Untrusted input"): only site-relative paths, absolute http(s)
// URLs on the site's own origin, and URLs on the configured allow-listed hosts
// (config api.redirectAllowHosts, exact host match) are followed; everything
// else (javascript:, //evil.example, other hosts, CR/LF tricks) is refused.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ep } from '../../api/endpoints.ts';
import type { RedirectCheckResponse } from '../../api/types.ts';
import { useSite } from '../context.tsx';
import { stripBase } from '../../site/paths.ts';
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

// Whitespace, C0/C1 controls and backslashes: browsers strip or reinterpret
// them ("/\evil" and "/\tevil" become protocol-relative), so none is allowed.
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

/**
 * Ask the API whether `currentUrl` is redirected; the raw redirect_url or null.
 * A non-2xx answer is an error worded 'HTTP error! Status: {status}'.
 */
export async function checkRedirect(base: string, currentUrl: string, init: { signal?: AbortSignal } = {}): Promise<string | null> {
  const res = await livePost(base, ep.checkRedirect(), { current_url: currentUrl }, init);
  if (!res.ok) throw new Error(`HTTP error! Status: ${res.status}`);
  const body = (await res.json().catch(() => null)) as RedirectCheckResponse | null;
  const first = body && Array.isArray(body.urlDetails) ? body.urlDetails[0] : undefined;
  return typeof first?.redirect_url === 'string' && first.redirect_url !== '' ? first.redirect_url : null;
}

// Each URL is checked at most once per document: a redirect to a path that is
// itself unknown lands here again and must not loop.
const checked = new Set<string>();

/**
 * The URL the reader asked for, as the not-found page sees it: the page's own
 * URL, or, at /404, the unknown article's URL that /404 replaced (its history
 * state, lib/unknown-article.ts). Null at a bare /404: nothing was asked for.
 */
export function requestedUrl(location: { pathname: string; search: string; state: unknown }): string | null {
  const requested = (location.state as Partial<NotFoundState> | null)?.requested;
  if (typeof requested === 'string' && requested.startsWith('/') && !requested.startsWith('//')) return requested;
  return location.pathname === '/404' ? null : `${location.pathname}${location.search}`;
}

/**
 * After hydration, on the not-found page: check the URL the reader asked for and
 * follow a safe redirect (site-relative with the router, replace so Back does
 * not return to the 404; external with a full load). Failures are logged only
 * (docs/pages.md), as warnings so they never look like page errors.
 */
export function useRedirectCheck(): void {
  const config = useSite();
  const { api, site } = config;
  const basePath = basePathOf(config);
  const liveBase = liveBaseOf(config);
  const navigate = useNavigate();
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
