// The static search index as emit builds it (src/emit/search-index.ts), with
// the real Pagefind binary: only article pages go in, the attributes of
// src/site/search-index.ts come back as each result's metadata and filter
// (also values with commas and colons), the same pages give the same bytes,
// and only the files the search page loads are published.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndexParts, indexedHash, indexedPart, publishedIndexFiles, type SearchIndexFile } from '../../../src/emit/search-index.ts';
import { assignParts } from '../../../src/emit/search-parts.ts';
import { escapeHtml } from '../../../src/encoding/html.ts';
import { postFromHit } from '../../../src/app/pages/search/static-index.ts';
import { articleIndexAttributes } from '../../../src/site/search-index.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-pagefind-');

const attrs = (a: Record<string, string>) =>
  Object.entries(a)
    .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
    .join(' ');

/** An article page as the renderer lays it out: shell around it, embedded data after the root. */
function articlePage(p: { id: number; title: string; author: string; cat: string; catName: string; body: string }): string {
  const a = articleIndexAttributes({ id: p.id, post_date: '2026-03-02T08:51:00.000Z', post_author: p.author, author_name: 'marcus-hale', banner_img: `/uploads/${p.id}.jpg`, cat_name: p.catName, cat_slug: p.cat });
  return `<!doctype html>
<html lang="en">
<head><title>${escapeHtml(p.title)} | Site</title></head>
<body>
<div id="root"><header><nav>Home News Events</nav></header>
<article class="article-main" ${attrs(a)}>
<h1 data-pagefind-meta="title">${escapeHtml(p.title)}</h1>
<section class="author-box" data-pagefind-ignore="all">A biography about gardening</section>
<div class="article-body"><p>${escapeHtml(p.body)}</p></div>
</article>
<footer>Footer text</footer></div>
<script id="__PRESSROOM_DATA__" type="application/json">{"queries":[["x","zebra in the data"]]}</script>
<script type="module" src="/assets/entry.js"></script>
</body>
</html>`;
}

const PAGES = [
  { kind: 'article', path: '/news/first', file: 'news/first/index.html', id: 1, title: 'Kubernetes, at last: a guide', author: 'Hale, Marcus', cat: 'news', catName: 'News', body: 'Clusters and schedulers explained.' },
  { kind: 'article', path: '/podcasts/second', file: 'podcasts/second/index.html', id: 2, title: 'Quantum networking', author: 'Ada Writer', cat: 'podcasts', catName: 'Podcasts: Weekly', body: 'Entangled photons over fibre.' },
  // Not an article: its page is never read, although it carries the same marker.
  { kind: 'topic', path: '/topic/news', file: 'topic/news/index.html', id: 3, title: 'Kubernetes listing', author: 'Nobody', cat: 'news', catName: 'News', body: 'Kubernetes everywhere.' },
];

beforeAll(async () => {
  for (const p of PAGES) {
    await mkdir(join(tmp.dir, p.file, '..'), { recursive: true });
    await writeFile(join(tmp.dir, p.file), articlePage(p));
  }
});

/** Pagefind's fragment files, decoded: gzip of a marker and JSON. */
function fragments(files: readonly SearchIndexFile[]) {
  return files
    .filter((f) => f.path.startsWith('fragment/'))
    .map((f) => {
      const raw = gunzipSync(f.contents);
      expect(raw.subarray(0, 12).toString()).toBe('pagefind_dcd');
      return JSON.parse(raw.subarray(12).toString('utf8')) as { url: string; content: string; meta: Record<string, string>; filters: Record<string, string[]> };
    })
    .sort((a, b) => (a.url < b.url ? -1 : 1));
}

/** The index of `pages` as a build makes it (their articles in parts, here one), and each page's indexed-text hash. */
async function buildSearchIndex(locate: (file: string) => string, pages: typeof PAGES) {
  const parts = assignParts(pages);
  expect(parts.count).toBe(1);
  return buildSearchIndexParts(locate, [{ part: 0, pages: parts.members[0]! }]);
}

describe('buildSearchIndexParts', () => {
  it('indexes the article pages only, with the metadata and filter the search page reads', async () => {
    const built = await buildSearchIndex((f) => join(tmp.dir, f), PAGES);
    const frags = fragments(built.files.get(0)!);
    expect(frags.map((f) => f.url)).toEqual(['/news/first', '/podcasts/second']);
    expect(frags[0]!.meta).toEqual({
      title: 'Kubernetes, at last: a guide',
      id: '1',
      date: '2026-03-02T08:51:00.000Z',
      author: 'Hale, Marcus',
      author_slug: 'marcus-hale',
      image: '/uploads/1.jpg',
      category: 'News',
    });
    expect(frags[1]!.meta.category).toBe('Podcasts: Weekly');
    expect(frags.map((f) => f.filters)).toEqual([{ category: ['news'] }, { category: ['podcasts'] }]);
    // The search page's item from it, as the live search would give it.
    expect(postFromHit({ url: frags[0]!.url, meta: frags[0]!.meta })).toMatchObject({ id: 1, post_title: 'Kubernetes, at last: a guide', cat_slug: 'news', post_name: 'first', post_author: 'Hale, Marcus' });
    // The article's text is indexed; navigation, footer, the author's box and the embedded data are not.
    expect(frags[0]!.content).toContain('Clusters and schedulers explained.');
    for (const left of ['Home News Events', 'Footer text', 'gardening', 'zebra']) expect(frags.map((f) => f.content).join(' ')).not.toContain(left);
  });

  it('gives each page the hash of what Pagefind was given of it, which only the article element moves', async () => {
    const built = await buildSearchIndex((f) => join(tmp.dir, f), PAGES);
    const page = articlePage(PAGES[0]!);
    expect([...built.indexed.keys()].sort()).toEqual(['news/first/index.html', 'podcasts/second/index.html']);
    expect(built.indexed.get('news/first/index.html')).toBe(indexedHash(page));
    // Another footer or embedded data (an ad, a side list): the same text for Pagefind.
    expect(indexedHash(page.replace('Footer text', 'Another footer').replace('zebra', 'okapi'))).toBe(indexedHash(page));
    expect(indexedHash(page.replace('Clusters and schedulers', 'Pods and schedulers'))).not.toBe(indexedHash(page));
  });

  it('builds a part other than the first in its folder, without the runtime the first publishes', async () => {
    const article = PAGES.filter((p) => p.kind === 'article');
    const built = await buildSearchIndexParts((f) => join(tmp.dir, f), [{ part: 3, pages: article }]);
    const paths = built.files.get(3)!.map((f) => f.path);
    expect(paths.every((p) => p.startsWith('parts/3/'))).toBe(true);
    expect(paths).toContain('parts/3/pagefind-entry.json');
    expect(paths.filter((p) => /pagefind(-worker)?\.js$|\.pagefind$/.test(p))).toEqual([]);
  });

  it('gives the same files for the same pages', async () => {
    const a = (await buildSearchIndex((f) => join(tmp.dir, f), PAGES)).files.get(0)!;
    const b = (await buildSearchIndex((f) => join(tmp.dir, f), PAGES)).files.get(0)!;
    expect(b.map((f) => f.path)).toEqual(a.map((f) => f.path));
    b.forEach((f, i) => expect(f.contents.equals(a[i]!.contents), f.path).toBe(true));
  });

  it('publishes what the search page loads and nothing else, sorted by path', async () => {
    const paths = (await buildSearchIndex((f) => join(tmp.dir, f), PAGES)).files.get(0)!.map((f) => f.path);
    expect(paths).toEqual([...paths].sort());
    for (const f of ['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind']) expect(paths).toContain(f);
    expect(paths.some((p) => /^pagefind\.en_[0-9a-f]+\.pf_meta$/.test(p))).toBe(true);
    expect(paths.some((p) => p.startsWith('index/') && p.endsWith('.pf_index'))).toBe(true);
    expect(paths.some((p) => p.startsWith('filter/') && p.endsWith('.pf_filter'))).toBe(true);
    expect(paths.filter((p) => /ui|highlight|wasm\.unknown/.test(p))).toEqual([]);
  });
});

describe('indexedPart and publishedIndexFiles', () => {
  it('sends Pagefind the marked article alone, in a document of the page\'s language', () => {
    const part = indexedPart(articlePage(PAGES[0]!));
    expect(part.startsWith('<!doctype html><html lang="en"><body><article class="article-main" data-pagefind-body=""')).toBe(true);
    expect(part.endsWith('</article></body></html>')).toBe(true);
    expect(part).toContain('Clusters and schedulers explained.');
    for (const left of ['<nav>', 'Footer text', '__PRESSROOM_DATA__', '<head>']) expect(part).not.toContain(left);
  });

  it('counts nested articles to find the end of the marked one', () => {
    const html = '<!doctype html><html lang="de"><body><article class="x" data-pagefind-body=""><p>a</p><article><p>b</p></article><p>c</p></article><footer>f</footer></body></html>';
    expect(indexedPart(html)).toBe('<!doctype html><html lang="de"><body><article class="x" data-pagefind-body=""><p>a</p><article><p>b</p></article><p>c</p></article></body></html>');
  });

  it('sends a page whose marked element cannot be delimited whole, without the embedded data', () => {
    const unclosed = articlePage(PAGES[0]!).replace('</article>', '');
    const part = indexedPart(unclosed);
    expect(part).toContain('<nav>Home News Events</nav>');
    expect(part).not.toContain('__PRESSROOM_DATA__');
    expect(part.endsWith('</body></html>')).toBe(true);
    expect(indexedPart('<html><body>no data</body></html>')).toBe('<html><body>no data</body></html>');
  });

  it('gives Pagefind the same index as the whole pages would', async () => {
    const pagefind = await import('pagefind');
    const index = async (content: (html: string) => string) => {
      const { index: i } = await pagefind.createIndex({});
      for (const p of PAGES.filter((x) => x.kind === 'article')) await i!.addHTMLFile({ url: p.path, content: content(articlePage(p)) });
      const { files } = await i!.getFiles();
      await i!.deleteIndex();
      return files.map((f) => [f.path, Buffer.from(f.content).toString('base64')]).sort();
    };
    try {
      expect(await index(indexedPart)).toEqual(await index((html) => html));
    } finally {
      await pagefind.close();
    }
  });

  it('keeps the WebAssembly of the languages in the entry file only', () => {
    const f = (path: string, text = '') => ({ path, contents: Buffer.from(text) });
    const kept = publishedIndexFiles([
      f('pagefind-entry.json', JSON.stringify({ version: '1.6.0', languages: { de: { hash: 'de_1', wasm: 'de', page_count: 1 } } })),
      f('wasm.de.pagefind'),
      f('wasm.en.pagefind'),
      f('wasm.unknown.pagefind'),
      f('pagefind-ui.js'),
      f('pagefind-component-ui.css'),
      f('pagefind.js'),
    ]).map((x) => x.path);
    expect(kept).toEqual(['pagefind-entry.json', 'pagefind.js', 'wasm.de.pagefind']);
    expect(() => publishedIndexFiles([f('pagefind.js')])).toThrow(/pagefind-entry\.json/);
  });
});
