// Vercel (docs/deploying.md, "Redirect formats and limits"): `vercel.json` with `redirects`,
// `rewrites` and `headers`. Over about 1,024 routes the deploy fails, so the build fails first.
// Sources are path-to-regexp patterns: `(`, `)`, `+`, `{`, `}` are backslash-escaped (plan keeps `:`,
// `*`, `?` out). In destinations `:`, `(`, `)`, `*` after the origin are percent-encoded. 308/307 map
// to `permanent`, 301/302 to statusCode.
import { DEFAULT_URL_FORM } from '../../site/paths.ts';
import type { RedirectRule } from '../../site/types.ts';
import { hostView } from './base.ts';
import { assertRules, checkLimit } from './guard.ts';
import type { HostFormat } from './types.ts';

export const VERCEL_ROUTE_LIMIT = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const vercelSource = (from: string) => from.replace(/[(){}+]/g, '\\$&');

export function vercelDestination(to: string): string {
  const origin = /^https?:\/\/[^/?#]*/i.exec(to)?.[0] ?? '';
  const rest = to.slice(origin.length).replace(/[:()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return origin + rest;
}

type VercelRedirect = { source: string; destination: string } & ({ permanent: boolean } | { statusCode: number });

function redirect(r: RedirectRule): VercelRedirect {
  const base = { source: vercelSource(r.from), destination: vercelDestination(r.to) };
  if (r.status === 308 || r.status === 307) return { ...base, permanent: r.status === 308 };
  return { ...base, statusCode: r.status };
}

export const vercelRedirects: HostFormat = {
  hosts: ['vercel'],
  render(input) {
    assertRules('Vercel', input);
    const { redirects, rewrites, immutablePrefixes } = hostView(input);
    // Only esbuild's content-hashed names in those folders ('entry-ZUON7Q7K.js'); the logo beside them keeps Vercel's revalidating default.
    const headers = immutablePrefixes.map((p) => ({ source: `${vercelSource(p)}:file([^/]+-[A-Za-z0-9]{8,}\\.(?:js|css))`, headers: [{ key: 'Cache-Control', value: IMMUTABLE }] }));
    checkLimit(input, 'vercel', 'Vercel (vercel.json routes)', VERCEL_ROUTE_LIMIT, redirects.length + rewrites.length + headers.length);
    const { trailingSlash, pageFiles } = input.urls ?? DEFAULT_URL_FORM;
    const json = {
      $schema: 'https://openapi.vercel.sh/vercel.json',
      // Vercel redirects the other form of every URL itself (308): site.trailingSlash, and x.html served at /x for the file layout.
      trailingSlash: trailingSlash === 'always',
      ...(pageFiles === 'file' ? { cleanUrls: true } : {}),
      redirects: redirects.map(redirect),
      rewrites: rewrites.map((r) => ({ source: `${vercelSource(r.prefix)}:path*`, destination: r.to })),
      headers,
    };
    return [{ path: 'vercel.json', contents: `${JSON.stringify(json, null, 2)}\n` }];
  },
};
