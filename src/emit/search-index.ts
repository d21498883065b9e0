// The static search index (docs/pages.md, "Search results"; docs/decisions/0050-static-search-index.md):
// Pagefind's index of the published articles, built by emit from the article
// pages in the staging folder and handed back as files, which emit writes
// under out/pagefind/ like any other output (manifest entry, sha256,
// precompressed siblings, carried over when unchanged), so the index is
// published atomically with the pages it points to.
//
// Two builds of one snapshot give the same bytes, also when one of them is
// incremental:
// - Pages go to Pagefind one at a time in plan order (routes sorted by path),
//   never in the order emit received them (an incremental build streams the
//   carried-over pages first). Pagefind's service handles its messages in the
//   order they arrive and numbers pages in that order. Its `addDirectory`
//   would instead walk the folder in the file system's order.
// - Pagefind sorts words and filter values before writing, names each file by
//   a hash of its bytes and writes gzip without a timestamp (checked by
//   tests/integration/search-index.test.ts on two builds).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DATA_ELEMENT_ID } from '../page-data/page-data.ts';
import { pressroomError } from '../errors/errors.ts';
import { partFolder } from './search-parts.ts';

export interface SearchIndexFile {
  /** Relative to the index folder, '/'-separated (`pagefind.js`, `fragment/en_1a2b3c4.pf_fragment`). */
  path: string;
  contents: Buffer;
}

/**
 * Files of Pagefind's bundle that the search page never loads: its prebuilt
 * search UIs and the highlighter (about 430 KB). Left out so that out/ holds
 * only what is used (`pagefind-highlight.js` would also look like a
 * content-hashed asset to the cache rules of src/emit/headers.ts).
 */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;
/** Pagefind's WebAssembly, one per language: only the languages of the index are kept. */
const WASM = /^wasm\.([^/]+)\.pagefind$/;
/** Pages read ahead of the one Pagefind is parsing. */
const READ_AHEAD = 16;

/** The article element that carries the indexed region (React escapes `>` in attribute values, so `[^>]*` stays in the tag). */
const MARKED = /<article\b[^>]*\sdata-pagefind-body=""/;
const ARTICLE_TAG = /<(\/?)article[\s>]/g;

/**
 * The part of a page Pagefind needs: the element marked `data-pagefind-body`
 * in a document of the page's language. Pagefind parses all it is given, and
 * everything around that element (head, header panels, side lists, footer, the
 * embedded query data) it would parse only to skip: on the sample's articles
 * the element is about a quarter of the document and indexing it alone halves
 * Pagefind's time, with the same index files (tests/unit/emit/search-index.test.ts
 * compares both). A page whose element cannot be delimited is sent whole,
 * without the embedded data.
 */
export function indexedPart(html: string): string {
  const start = MARKED.exec(html)?.index;
  const lang = /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1];
  if (start !== undefined && lang !== undefined) {
    // The matching end tag; the sanitiser allows no <article> in CMS HTML, but nesting is counted anyway.
    ARTICLE_TAG.lastIndex = start + 1;
    let depth = 1;
    for (let m = ARTICLE_TAG.exec(html); m; m = ARTICLE_TAG.exec(html)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) return `<!doctype html><html lang="${lang}"><body>${html.slice(start, m.index)}</article></body></html>`;
    }
  }
  const at = html.indexOf(`<script id="${DATA_ELEMENT_ID}"`);
  return at === -1 ? html : `${html.slice(0, at)}</body></html>`;
}

/** Which of Pagefind's files to publish: everything but the unused UIs and other languages' WebAssembly. */
export function publishedIndexFiles(files: readonly SearchIndexFile[]): SearchIndexFile[] {
  const entry = files.find((f) => f.path === 'pagefind-entry.json');
  if (!entry) throw pressroomError('PR_SEARCH_INDEX', { detail: 'Pagefind wrote no pagefind-entry.json' });
  const languages = (JSON.parse(entry.contents.toString('utf8')) as { languages?: Record<string, { wasm?: string }> }).languages ?? {};
  const wasm = new Set(Object.values(languages).map((l) => l.wasm));
  return files
    .filter((f) => !UNUSED.test(f.path))
    .filter((f) => {
      const m = WASM.exec(f.path);
      return !m || wasm.has(m[1]);
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

type PagefindApi = typeof import('pagefind');

/**
 * Pagefind runs as one child process per Node process, shared by its
 * indexes; it is closed when the last build using it in this process is
 * done (tests run builds side by side in one process). Module-level because
 * that service is the package's own, one per process whatever the site: the
 * count holds no site's data, and two sessions' builds must share it.
 */
let users = 0;

async function withPagefind<T>(run: (pagefind: PagefindApi) => Promise<T>): Promise<T> {
  let pagefind: PagefindApi;
  try {
    pagefind = await import('pagefind');
  } catch (e) {
    throw pressroomError('PR_SEARCH_INDEX', { detail: `cannot load the pagefind package: ${(e as Error).message}` }, e);
  }
  users += 1;
  try {
    return await run(pagefind);
  } finally {
    users -= 1;
    if (users === 0) await pagefind.close();
  }
}

/** Pagefind's script, its worker and its WebAssembly: the first part publishes them, and the search page loads them from there for every part. */
const RUNTIME = /^(pagefind\.js|pagefind-worker\.js|wasm\.[^/]+\.pagefind)$/;

/**
 * Builds each of `parts` (src/emit/search-parts.ts: a part's articles, in order) as an index of
 * its own, one after another on one Pagefind service, and returns each part's files with their
 * paths under the index folder: the first part's at its top, with the runtime; another's in its
 * folder, without it (the search page loads the runtime once, from the first part).
 */
export async function buildSearchIndexParts(locate: (file: string) => string, parts: readonly { part: number; pages: readonly { path: string; file: string }[] }[]): Promise<BuiltParts> {
  const built: BuiltParts = { files: new Map(), indexed: new Map() };
  if (parts.length === 0) return built;
  await withPagefind(async (pagefind) => {
    for (const { part, pages } of parts) {
      const files = await indexPages(pagefind, locate, pages, built.indexed);
      const folder = partFolder(part);
      built.files.set(part, part === 0 ? files : files.filter((f) => !RUNTIME.test(f.path)).map((f) => ({ path: folder + f.path, contents: f.contents })));
    }
  });
  return built;
}

/** The parts built: each one's files, and the sha256 of what Pagefind was given of each page (indexedText), by the page's file. */
export interface BuiltParts {
  files: Map<number, SearchIndexFile[]>;
  indexed: Map<string, string>;
}

/** The sha256 of what Pagefind is given of a page (indexedPart): equal for two pages whose indexes are equal. */
export const indexedHash = (html: string): string => textHash(indexedPart(html));
const textHash = (text: string) => createHash('sha256').update(text).digest('base64');

async function indexPages(pagefind: PagefindApi, locate: (file: string) => string, indexed: readonly { path: string; file: string }[], hashes: Map<string, string>): Promise<SearchIndexFile[]> {
  const created = await pagefind.createIndex({}).catch((e: unknown) => {
    throw pressroomError('PR_SEARCH_INDEX', { detail: `Pagefind did not start: ${(e as Error)?.message ?? String(e)}` }, e);
  });
  const { index } = created;
  if (!index) throw pressroomError('PR_SEARCH_INDEX', { detail: `Pagefind did not create an index: ${created.errors.join('; ')}` });
  try {
    // Reads overlap Pagefind's parsing: the next pages are read while the
    // service works through the ones already sent (in order, one at a time).
    let sent: Promise<void> = Promise.resolve();
    for (let i = 0; i < indexed.length; i += READ_AHEAD) {
      const batch = indexed.slice(i, i + READ_AHEAD);
      const docs = await Promise.all(batch.map((p) => readFile(locate(p.file), 'utf8')));
      await sent;
      sent = Promise.all(
        batch.map(async (p, j) => {
          const content = indexedPart(docs[j]!);
          hashes.set(p.file, textHash(content));
          const r = await index.addHTMLFile({ url: p.path, content });
          if (r.errors.length) throw pressroomError('PR_SEARCH_INDEX', { detail: `Pagefind could not index ${p.path}: ${r.errors.join('; ')}` });
        }),
      ).then(() => undefined);
      // A failure is thrown by the await above on the next round or after the loop; until then it is not unhandled.
      sent.catch(() => undefined);
    }
    await sent;
    const got = await index.getFiles();
    if (got.errors.length) throw pressroomError('PR_SEARCH_INDEX', { detail: got.errors.join('; ') });
    return publishedIndexFiles(got.files.map((f) => ({ path: f.path.split('\\').join('/'), contents: Buffer.from(f.content) })));
  } finally {
    await index.deleteIndex().catch(() => undefined);
  }
}
