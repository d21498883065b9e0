// GitHub Pages (docs/deploying.md, "Redirect formats and limits"): no HTTP redirects, so each
// old URL gets an HTML page at its own path (`{from}/index.html`) with
// `<meta http-equiv="refresh" content="0; url=…">`, `rel=canonical` to the
// target, `noindex`, and a script fallback (`location.replace`) whose target is
// JSON-escaped for a script element (src/encoding/json.ts). On-site targets are
// site-relative in the refresh and the script (a local preview stays on the
// preview) and absolute only in rel=canonical; allow-listed off-site targets
// are absolute everywhere. A redirect page must
// never replace a real page: a source whose file a page already occupies (also
// case/Unicode-folded, as on macOS/Windows checkouts) is skipped with a warning.
// There is no documented redirect limit; every page is a file in the repo.
import { jsonForScript } from '../../encoding/json.ts';
import { escapeHtml } from '../../encoding/html.ts';
import { absoluteUrl, outputFileFor, withBase } from '../../site/paths.ts';
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
      const file = outputFileFor(r.from);
      const key = collisionKey(file);
      if (taken.has(key)) {
        input.warn?.('W_REDIRECT_SHADOWED', { detail: `GitHub Pages: no redirect page for ${r.from} (${r.source}): ${file} is already a page of this site` });
        continue;
      }
      taken.add(key);
      // The page stays at the old path's file (GitHub Pages maps the project's prefix to the folder);
      // the reader is sent to the target under the base path, and siteUrl already ends in it.
      const canonical = r.to.startsWith('/') && input.siteUrl ? absoluteUrl(input.siteUrl, r.to) : r.to;
      files.push({ path: file, contents: redirectPage(withBase(input.basePath ?? '', r.to), 'en', canonical) });
    }
    return files;
  },
};
