// The static search index in whole builds (docs/pages.md, "Search results";
// config search.staticIndex): the build writes Pagefind's index of every
// published article, and of nothing else, into out/pagefind/ as part of the
// published files (manifest entries, precompressed script siblings for the
// hosts that want them); two builds of one snapshot give byte-identical
// output, the index included; "off" writes none.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedIndexFiles } from '../../src/emit/search-index.ts';
import { PARTS_FILE, partFolder, partOf, partsFileText, partTarget } from '../../src/emit/search-parts.ts';
import { MANIFEST_FILE, partsIn, readSiteFiles } from '../../src/emit/index.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { listFiles, treeHashes } from '../helpers/files.ts';
import { buildInto, ROOT, spawnCli, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';
import { expectedSite, httpGet } from './build/expected.ts';

// Enough articles for the index to be in several parts (src/emit/search-parts.ts).
const POSTS = 140;
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let expected: Awaited<ReturnType<typeof expectedSite>>;

beforeAll(async () => {
  api = await startTestApi({ posts: POSTS });
  tmp = await tempDir('pressroom-search-index-');
  out = join(tmp.dir, 'out');
  // nginx serves precompressed siblings, so this build writes them (output.precompress "auto").
  await buildInto(tmp.dir, { api: api.url, env: { PRESSROOM_HOSTS: 'nginx' } });
  expected = await expectedSite(httpGet(api.url));
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

const read = (f: string) => readFile(join(out, f));

/** A Pagefind file: gzip of a marker and the payload. */
const inflate = (bytes: Buffer) => {
  const raw = gunzipSync(bytes);
  expect(raw.subarray(0, 12).toString()).toBe('pagefind_dcd');
  return raw.subarray(12);
};

describe('the static search index of a build', () => {
  it('holds every published article, and nothing else, with the title the page shows', async () => {
    const files = (await listFiles(out)).filter((f) => f.startsWith('pagefind/'));
    // In parts (src/emit/search-parts.ts): the first in the folder itself, the others listed.
    const folders = ['', ...JSON.parse((await read(PARTS_FILE)).toString('utf8')).parts];
    expect(folders).toHaveLength(partTarget(expected.articles.length));
    let pages = 0;
    for (const folder of folders) {
      const entry = JSON.parse((await read(`pagefind/${folder}pagefind-entry.json`)).toString('utf8'));
      expect(Object.keys(entry.languages)).toEqual(['en']);
      pages += entry.languages.en.page_count;
    }
    expect(pages).toBe(expected.articles.length);
    const fragments = await Promise.all(files.filter((f) => /^pagefind\/(parts\/\d+\/)?fragment\/[^/]+\.pf_fragment$/.test(f)).map(async (f) => JSON.parse(inflate(await read(f)).toString('utf8'))));
    const byUrl = new Map(fragments.map((f) => [f.url, f]));
    expect([...byUrl.keys()].sort()).toEqual(expected.articles.map((a) => `/${a.cat}/${a.name}`).sort());
    for (const a of expected.articles) {
      const f = byUrl.get(`/${a.cat}/${a.name}`);
      expect(f.meta.title).toBe(a.title);
      expect(f.filters).toEqual({ category: [a.cat] });
    }
    // Only article pages carry the marker, so nothing else could be indexed by a later run over out/.
    const marked = [];
    for (const f of (await listFiles(out)).filter((x) => x.endsWith('.html'))) if ((await read(f)).includes('data-pagefind-body')) marked.push(f);
    expect(marked.sort()).toEqual(expected.articles.map((a) => `${a.cat}/${a.name}/index.html`).sort());
  });

  it('equals, part by part, the index Pagefind makes of the whole published article pages', async () => {
    // The build sends Pagefind only the marked article of each page (src/emit/search-index.ts, indexedPart),
    // each part's articles in path order; the runtime (script, worker, WebAssembly) only with the first part.
    const pagefind = await import('pagefind');
    const paths = expected.articles.map((a) => `/${a.cat}/${a.name}`).sort();
    const count = partTarget(paths.length);
    expect(count, 'the site has several parts').toBeGreaterThan(1);
    const want: { path: string; contents: Buffer }[] = [{ path: PARTS_FILE, contents: Buffer.from(partsFileText(count)) }];
    try {
      for (let part = 0; part < count; part++) {
        const { index } = await pagefind.createIndex({});
        for (const p of paths.filter((x) => partOf(`${x.slice(1)}/index.html`, count) === part)) await index!.addHTMLFile({ url: p, content: (await read(`${p.slice(1)}/index.html`)).toString('utf8') });
        const whole = publishedIndexFiles((await index!.getFiles()).files.map((f) => ({ path: f.path, contents: Buffer.from(f.content) })));
        await index!.deleteIndex();
        for (const f of whole) if (part === 0 || !/^(pagefind(-worker)?\.js|wasm\.\w+\.pagefind)$/.test(f.path)) want.push({ path: `pagefind/${partFolder(part)}${f.path}`, contents: f.contents });
      }
      const published = (await listFiles(out)).filter((f) => f.startsWith('pagefind/') && !/\.(br|gz)$/.test(f));
      expect(published).toEqual(want.map((f) => f.path).sort());
      for (const f of want) expect((await read(f.path)).equals(f.contents), f.path).toBe(true);
    } finally {
      await pagefind.close();
    }
  });

  it('is published like every other output: manifest entries, script siblings, no siblings for gzip files', async () => {
    const files = (await listFiles(out)).filter((f) => f.startsWith('pagefind/'));
    const manifest = await readSiteFiles((await read(MANIFEST_FILE)).toString('utf8'), partsIn(out));
    const listed = [...manifest.keys()].filter((f) => f.startsWith('pagefind/'));
    expect(listed).toEqual(files.filter((f) => !/\.(br|gz)$/.test(f)));
    for (const f of ['pagefind/pagefind.js', 'pagefind/pagefind-worker.js']) {
      expect(files).toContain(`${f}.br`);
      expect(files).toContain(`${f}.gz`);
    }
    expect(files.filter((f) => /\.(pf_\w+|pagefind)\.(br|gz)$/.test(f))).toEqual([]);
  });

  it('is loaded by the search page from its published URL at run time, never bundled', async () => {
    const chunks = (await listFiles(out)).filter((f) => f.startsWith('assets/') && f.endsWith('.js'));
    const texts = await Promise.all(chunks.map(async (f) => [f, (await read(f)).toString('utf8')] as const));
    // The URL is in the client code, imported through a variable (a literal would be resolved by esbuild)...
    const loaders = texts.filter(([, t]) => t.includes('"/pagefind/pagefind.js"'));
    expect(loaders.length).toBe(1);
    expect(loaders[0]![1]).toMatch(/import\([A-Za-z_$][\w$]*\)/);
    // ...and none of Pagefind's own code is (its script, worker and WebAssembly glue stay under /pagefind/).
    expect(texts.filter(([, t]) => /pagefind_dcd|init_pagefind|__wbindgen/.test(t)).map(([f]) => f)).toEqual([]);
    expect((await read('pagefind/pagefind.js')).toString('utf8')).toMatch(/init_pagefind/);
  });

  it('is byte-identical in two builds of the same snapshot', async () => {
    const snapshot = join(tmp.dir, '.pressroom', 'snapshot');
    const a = await tempDir('pressroom-search-a-');
    const b = await tempDir('pressroom-search-b-');
    try {
      await buildInto(a.dir, { fromSnapshot: snapshot, env: { PRESSROOM_HOSTS: 'nginx' } });
      await buildInto(b.dir, { fromSnapshot: snapshot, env: { PRESSROOM_HOSTS: 'nginx' } });
      const [ha, hb] = [await treeHashes(join(a.dir, 'out')), await treeHashes(join(b.dir, 'out'))];
      expect(Object.keys(ha).filter((f) => /^pagefind\/(parts\/\d+\/)?fragment\//.test(f)).length).toBe(expected.articles.length);
      expect(Object.keys({ ...ha, ...hb }).filter((f) => ha[f] !== hb[f])).toEqual([]);
      // And equal to the crawled build's.
      const crawled = await treeHashes(out);
      expect(Object.keys({ ...ha, ...crawled }).filter((f) => ha[f] !== crawled[f])).toEqual([]);
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
  });

  it('stops the build with PR_SEARCH_INDEX (exit 6) and publishes nothing when Pagefind cannot run', async () => {
    const d = await tempDir('pressroom-search-broken-');
    try {
      // Pagefind's package looks for its binary here first: a missing one is what a broken install looks like.
      const run = spawnCli(['build', '--from-snapshot', join(tmp.dir, '.pressroom', 'snapshot'), '--out', join(d.dir, 'out'), '--now', TEST_NOW, '--quiet'], { PAGEFIND_EXTENDED_BINARY_PATH: join(d.dir, 'no-such-pagefind') });
      const { code } = await run.exit;
      expect(code).toBe(6);
      expect(run.stderr()).toContain('PR_SEARCH_INDEX');
      expect(run.stderr()).toContain('search.staticIndex');
      expect(await listFiles(d.dir).then((f) => f.filter((x) => x.startsWith('out/')))).toEqual([]);
    } finally {
      await d.cleanup();
    }
  });

  it('is not written with search.staticIndex "off"', async () => {
    const c = await tempDir('pressroom-search-off-');
    try {
      const config = { ...JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')), search: { staticIndex: 'off' } };
      const configFile = join(c.dir, 'site.json');
      await writeFile(configFile, JSON.stringify(config));
      await buildInto(c.dir, { fromSnapshot: join(tmp.dir, '.pressroom', 'snapshot'), configFile });
      const files = await listFiles(join(c.dir, 'out'));
      expect(files.filter((f) => f.startsWith('pagefind/'))).toEqual([]);
      // The pages still carry the marker (it is part of the article's markup), and the browser is told not to look for an index.
      const article = await readFile(join(c.dir, 'out', `${expected.articles[0]!.cat}/${expected.articles[0]!.name}/index.html`), 'utf8');
      expect(article).toContain('"search":{"staticIndex":"off"}');
    } finally {
      await c.cleanup();
    }
  });
});
