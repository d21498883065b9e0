// GitHub Pages (docs/deploying.md, "Redirect formats and limits"): no HTTP redirects, so each old URL
// gets an HTML page at its file (the pages' layout: `{from}/index.html` or `{from}.html`) with a meta refresh, `rel=canonical` to the target,
// `noindex`, and a `location.replace` fallback (target JSON-escaped, src/encoding/json.ts). On-site
// targets are site-relative except in rel=canonical. A redirect page never replaces a real page: a
// source whose file a page occupies (also case/Unicode-folded) is skipped with a warning.
import { jsonForScript } from '../../encoding/json.ts';
import { escapeHtml } from '../../encoding/html.ts';
import { absoluteUrl, DEFAULT_URL_FORM, outputFileFor, sitePathOf, withBase } from '../../site/paths.ts';
import { collisionKey } from '../../site/slug.ts';
import { assertRules } from './guard.ts';
import type { HostFormat } from './types.ts';

/** `target`: where the refresh and script go; `canonical`: its absolute URL (defaults to `target`). */
export function redirectPage(target: string, language = 'en', canonical = target): string {
  const t = escapeHtml(target);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<title>Redirecting…</title>',
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta http-equiv="refresh" content="0; url=${t}">`,
    `<script>location.replace(${jsonForScript(target)})</script>`,
    '</head>',
    `<body><p>This page has moved to <a href="${t}">${t}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}

export const githubPagesRedirects: HostFormat = {
  hosts: ['github-pages'],
  render(input) {
    assertRules('GitHub Pages', input);
    const taken = new Set([...(input.pageFiles ?? [])].map(collisionKey));
    const files: { path: string; contents: string }[] = [];
    for (const r of input.redirects) {
      // The page's own layout: GitHub Pages answers x.html at /x and x/index.html at /x/.
      const file = outputFileFor(sitePathOf(r.from), (input.urls ?? DEFAULT_URL_FORM).pageFiles);
      const key = collisionKey(file);
      if (taken.has(key)) {
        input.warn?.('W_REDIRECT_SHADOWED', { detail: `GitHub Pages: no redirect page for ${r.from} (${r.source}): ${file} is already a page of this site` });
        continue;
      }
      taken.add(key);
      // The page stays at the old path's file; the target is under the base path (siteUrl ends in it).
      const canonical = r.to.startsWith('/') && input.siteUrl ? absoluteUrl(input.siteUrl, r.to) : r.to;
      files.push({ path: file, contents: redirectPage(withBase(input.basePath ?? '', r.to), 'en', canonical) });
    }
    return files;
  },
};
