// Static search index benchmark (docs/decisions/0050-static-search-index.md): what it costs a build, the disk and a reader.
//   1. crawls the embedded sample API once at --posts N (default: the sample site's size);
//   2. full builds of that snapshot with search.staticIndex "off" and "fallback",
//      alternating, --runs times each into fresh folders: median total and emit
//      time of each, and the difference (the index's cost);
//   3. the index on disk: files and bytes by kind, and the scripts as a host
//      compresses them;
//   4. with --browser (Debian's Chromium through playwright-core, as the browser
//      tests): the bytes a first search and a second search download from
//      /pagefind/ over `pressroom serve`, with every /api/ request refused.
// Figures are printed, never asserted.
//
//   node --import tsx bench/search-index.ts [--posts 2000] [--runs 3] [--browser] [--out DIR]
import './production.ts';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build, type BuildReport } from '../src/pipeline/index.ts';
import { crawlSnapshot } from '../src/pipeline/scale.ts';
import { startServe } from '../src/serve/index.ts';
import { appendHistory } from './history.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string' },
    runs: { type: 'string', default: '3' },
    browser: { type: 'boolean', default: false },
    out: { type: 'string' },
    now: { type: 'string', default: '2026-01-15T12:00:00.000Z' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const runs = Math.max(1, Number(values.runs));
const now = values.now;
const dir = values.out ?? (await mkdtemp(join(tmpdir(), 'pressroom-bench-search-')));
const sample = values.posts ? { posts: Number(values.posts) } : true;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function files(root: string): Promise<{ path: string; size: number }[]> {
  const out: { path: string; size: number }[] = [];
  for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const abs = join(e.parentPath, e.name);
    out.push({ path: relative(root, abs).split('\\').join('/'), size: (await stat(abs)).size });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const snapshotDir = join(dir, 'snapshot');
console.log(`crawling the sample API${values.posts ? ` at ${values.posts} posts` : ''} into ${dir} …`);
await crawlSnapshot({ snapshotDir, sample, now, env: {}, full: true });

const base = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
const configs: Record<'off' | 'fallback', string> = { off: join(dir, 'off.json'), fallback: join(dir, 'fallback.json') };
for (const mode of ['off', 'fallback'] as const) await writeFile(configs[mode], JSON.stringify({ ...base, $schema: undefined, search: { staticIndex: mode } }));

const timings: Record<'off' | 'fallback', { total: number[]; emit: number[]; report?: BuildReport }> = { off: { total: [], emit: [] }, fallback: { total: [], emit: [] } };
for (let i = 0; i < runs; i++) {
  for (const mode of ['off', 'fallback'] as const) {
    const out = join(dir, `${mode}-${i}`, 'out');
    const r = await build({ fromSnapshot: snapshotDir, out, now, full: true, env: {}, configFile: configs[mode], handleSignals: false });
    timings[mode].total.push(r.timings.total);
    timings[mode].emit.push(r.timings.emit);
    timings[mode].report = r;
    // The last run's folders are kept for the size figures and the browser.
    if (i < runs - 1) await rm(join(dir, `${mode}-${i}`), { recursive: true, force: true });
  }
}

const withIndex = join(dir, `fallback-${runs - 1}`, 'out');
const index = await files(join(withIndex, 'pagefind'));
// The index's parts (src/emit/search-parts.ts): the first in the folder itself, the others listed.
const folders = ['', ...(JSON.parse(await readFile(join(withIndex, 'pagefind', 'pressroom-parts.json'), 'utf8')) as { parts: string[] }).parts];
let indexed = 0;
for (const folder of folders) {
  const entry = JSON.parse(await readFile(join(withIndex, 'pagefind', folder, 'pagefind-entry.json'), 'utf8'));
  indexed += entry.languages[Object.keys(entry.languages)[0]!]?.page_count ?? 0;
}
const PART = '^(?:parts/\\d+/)?';
const kinds: [string, RegExp][] = [
  ['script and worker (pagefind.js, pagefind-worker.js)', /^pagefind(-worker)?\.js$/],
  ['WebAssembly (wasm.*.pagefind)', /^wasm\./],
  ['metadata (*.pf_meta, pagefind-entry.json), every part', new RegExp(`${PART}(?:[^/]+\\.pf_meta|pagefind-entry\\.json)$`)],
  ['word index chunks (index/), every part', new RegExp(`${PART}index/`)],
  ['fragments, one per article (fragment/), every part', new RegExp(`${PART}fragment/`)],
  ['filters (filter/), every part', new RegExp(`${PART}filter/`)],
];
const off = timings.off;
const on = timings.fallback;
console.log('');
console.log(`${on.report!.pages} pages, ${indexed} articles indexed in ${folders.length} part${folders.length === 1 ? '' : 's'}; ${runs} full builds each, medians:`);
console.log(`  "off":      total ${s(median(off.total))}, emit ${s(median(off.emit))}`);
console.log(`  "fallback": total ${s(median(on.total))}, emit ${s(median(on.emit))}`);
console.log(`  the index adds ${s(median(on.total) - median(off.total))} to the build (${(((median(on.total) - median(off.total)) / median(off.total)) * 100).toFixed(0)}%), ${s(median(on.emit) - median(off.emit))} to emit`);
console.log(`index on disk: ${index.length} files, ${kb(index.reduce((a, f) => a + f.size, 0))}`);
for (const [label, re] of kinds) {
  const of = index.filter((f) => re.test(f.path));
  console.log(`  ${label}: ${of.length} files, ${kb(of.reduce((a, f) => a + f.size, 0))}${of.length > 1 ? ` (${kb(median(of.map((f) => f.size)))} median)` : ''}`);
}
for (const f of ['pagefind.js', 'pagefind-worker.js']) {
  const bytes = await readFile(join(withIndex, 'pagefind', f));
  console.log(`  ${f} as served compressed: brotli ${kb(brotliCompressSync(bytes).length)}, gzip ${kb(gzipSync(bytes).length)} (raw ${kb(bytes.length)})`);
}

if (values.browser) {
  const { chromium } = await import('playwright-core');
  const serving = await startServe({ out: withIndex, port: 0, host: '127.0.0.1', apiProxy: 'http://127.0.0.1:9' });
  const browser = await chromium.launch({ executablePath: process.env.PRESSROOM_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    const loads: { path: string; bytes: number }[] = [];
    // On the context, not the page: Pagefind's worker fetches the index. Chromium
    // reports no body size for a worker's own script, so the Content-Length the
    // server sent (compressed, when it compressed) is counted where there is one.
    context.on('requestfinished', async (req) => {
      const path = new URL(req.url()).pathname;
      if (!path.startsWith('/pagefind/')) return;
      const sizes = await req.sizes();
      const length = Number((await req.response())?.headers()['content-length'] ?? Number.NaN);
      loads.push({ path, bytes: (Number.isFinite(length) ? length : sizes.responseBodySize) + sizes.responseHeadersSize });
    });
    // A common title word of the sample, then a word of another index chunk (a full page of hits each): the
    // first search opens the page (cold: Pagefind's script, worker and WebAssembly
    // too), the second is typed into the header's box on that page.
    const report: string[] = [];
    const measure = async (term: string, how: string, run: () => Promise<void>) => {
      const before = loads.length;
      await run();
      await page.waitForFunction((t) => document.querySelector('h1')?.textContent === `Search Result : ${t}`, term);
      await page.waitForSelector('.search-index-notice', { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await new Promise((r) => setTimeout(r, 500)); // requestfinished handlers settle
      const mine = loads.slice(before);
      const byKind = (re: RegExp) => mine.filter((l) => re.test(l.path)).reduce((a, l) => a + l.bytes, 0);
      const hits = await page.locator('.search-page :is(.post-card-title, .post-row-title) a').count();
      report.push(
        `  "${term}" (${how}, ${hits} results shown): ${kb(mine.reduce((a, l) => a + l.bytes, 0))} in ${mine.length} requests: ` +
          `script+worker ${kb(byKind(/pagefind(-worker)?\.js$/))}, WebAssembly ${kb(byKind(/\.pagefind$/))}, metadata ${kb(byKind(/pf_meta|entry\.json/))}, ` +
          `index chunks ${kb(byKind(/\.pf_index$/))}, fragments ${kb(byKind(/\.pf_fragment$/))}, filters ${kb(byKind(/\.pf_filter$/))}`,
      );
    };
    await measure('practices', 'first search, opening the page', () => page.goto(`${serving.url}/search/all/practices`, { waitUntil: 'load' }).then(() => undefined));
    await measure('cloud', 'next search, from the header on that page', async () => {
      const box = page.locator('form[role="search"] input:visible').first();
      await box.fill('cloud');
      await box.press('Enter');
    });
    console.log('bytes a search downloads from /pagefind/ (bodies as sent, headers included):');
    for (const line of report) console.log(line);
  } finally {
    await browser.close();
    await serving.close();
  }
}

if (!values.out) await rm(dir, { recursive: true, force: true });
appendHistory('search-index');
