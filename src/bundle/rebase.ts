// The client bundle under a base path. esbuild writes absolute URLs ('/assets/chunk-X.js'), and the
// prebuilt bundle serves every site, so the prefix is applied here to both, afterwards. Only quoted
// (or CSS url()) references to this bundle's own files are rewritten, so no other string changes.
// With '' the bundle is returned as it is.
import { withBase } from '../site/paths.ts';
import { hashFiles } from './hash.ts';
import type { BundleFile, ClientBundle } from './index.ts';

// "/assets/x.js", '/assets/x.js', `/assets/x.js` (imports, dynamic imports) and url(/assets/x.woff2) in CSS.
const QUOTED = /(["'`])(\/[A-Za-z0-9._~/-]+)\1/g;
const CSS_URL = /url\(\s*(["']?)(\/[A-Za-z0-9._~/-]+)\1\s*\)/g;
const TEXT = /\.(js|css)$/;

/** The bundle with every URL of its own files under `basePath`; its hash is computed again from the rewritten files. */
export function rebaseBundle(bundle: ClientBundle, basePath: string): ClientBundle {
  if (!basePath) return bundle;
  const own = new Set(bundle.files.map((f) => `/${f.path}`));
  const prefix = (url: string) => (own.has(url) ? withBase(basePath, url) : url);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const files: BundleFile[] = bundle.files.map((f) => {
    if (!TEXT.test(f.path)) return f;
    const text = decoder.decode(f.contents);
    const rebased = text
      .replace(QUOTED, (m, q: string, url: string) => (own.has(url) ? `${q}${prefix(url)}${q}` : m))
      .replace(CSS_URL, (m, q: string, url: string) => (own.has(url) ? `url(${q}${prefix(url)}${q})` : m));
    return rebased === text ? f : { path: f.path, contents: encoder.encode(rebased) };
  });
  const url = (u: string) => withBase(basePath, u);
  return {
    files,
    entryUrl: url(bundle.entryUrl),
    islandsUrl: url(bundle.islandsUrl),
    cssUrl: url(bundle.cssUrl),
    preloadFor: (kind) => bundle.preloadFor(kind).map(url),
    hash: hashFiles(files),
  };
}
