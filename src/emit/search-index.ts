// The static search index (docs/pages.md, "Search results"; docs/decisions/0050-static-search-index.md):
// Pagefind's index of the articles, built from the staged pages and written by emit under
// out/pagefind/ like any output, so it publishes atomically with its pages.
//
// Two builds of one snapshot give the same bytes, incremental or not: pages go to Pagefind one at a
// time in plan order (it numbers them as they arrive; `addDirectory` would walk in file system
// order), and Pagefind sorts words and filters, names files by hash and writes gzip without a
// timestamp (tests/integration/search-index.test.ts).
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
 * Bundle files the search page never loads (prebuilt UIs, the highlighter: 430 KB); the highlighter
 * would also look like a hashed asset to ./headers.ts.
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
 * The part of a page Pagefind needs: the `data-pagefind-body` element, in a document of the page's
 * language. Sending only it halves Pagefind's time with the same index files
 * (tests/unit/emit/search-index.test.ts). A page whose element cannot be delimited goes whole, without
 * the embedded data.
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
 * Pagefind runs as one child process per Node process, closed when the last build using it is done.
 * Module-level because that service is the package's own: the count holds no site's data.
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
 * Builds each part as an index of its own, in turn on one Pagefind service: the first part's files
 * at the top with the runtime, the others' in their folders without it.
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
    // The next pages are read while Pagefind parses the ones already sent.
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
