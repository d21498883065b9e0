// The URL paths a cache may hold for a changed file of out/ (docs/deploying.md, "CDN purge").
// A cache keys what it stores by the URL a reader asked for, not by the file the host
// answered with, so a page is purged in every form a host answers it under: the link
// form `/a/b` (site.trailingSlash "never"), the folder form `/a/b/` ("always") and the
// file itself `/a/b/index.html`; a page of the file layout (decision 117) as `/a/b.html`
// and `/a/b`. Segments are escaped as the site's links escape
// them (src/site/paths.ts and src/emit/headers.ts both use encodeURIComponent), so the
// purged path is byte for byte the one a reader's browser sent.

const INDEX = 'index.html';

/** `/seg/seg` from a decoded, '/'-separated path relative to out/ ('' is the root). */
const urlPath = (rel: string): string => (rel === '' ? '/' : `/${rel.split('/').map(encodeURIComponent).join('/')}`);

/** Every URL form of one file, site-relative (no base path), in a fixed order. */
function formsOf(file: string): string[] {
  if (file === INDEX) return ['/', `/${INDEX}`];
  if (file.endsWith(`/${INDEX}`)) {
    const dir = urlPath(file.slice(0, -INDEX.length - 1));
    return [dir, `${dir}/`, `${dir}/${INDEX}`];
  }
  // A page file of its own name (404.html, the run-time shells): Netlify's and Cloudflare
  // Pages' "pretty URLs" also answer it without the extension.
  if (file.endsWith('.html')) return [urlPath(file), urlPath(file.slice(0, -'.html'.length))];
  return [urlPath(file)];
}

/**
 * Every URL path (base path included, percent-encoded) a reader may request for the changed
 * files of out/ (decoded, relative, '/'-separated, as the manifest and release records name
 * them, deleted ones included). The order is fixed by the set of files, not by their order,
 * and each path appears once. The site's root is purged as both `/project` and `/project/`.
 */
export function purgePaths(changedFiles: readonly string[], site: { basePath: string }): string[] {
  const base = site.basePath.replace(/\/+$/, '');
  const files = [...new Set(changedFiles.map((f) => f.replace(/^\/+/, '')).filter((f) => f !== ''))].sort(byCodePoint);
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (p: string) => {
    if (!seen.has(p)) {
      seen.add(p);
      out.push(p);
    }
  };
  for (const file of files) {
    for (const form of formsOf(file)) {
      if (!base) add(form);
      else if (form === '/') {
        // Under a base path the home page is requested as the folder with and without its slash.
        add(base);
        add(`${base}/`);
      } else add(`${base}${form}`);
    }
  }
  return out;
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
