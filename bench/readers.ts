// What a reader downloads, per page kind, and what Lighthouse makes of it.
// Builds the sample site (embedded sample API, fixed clock), serves it with
// `pressroom serve` (which compresses like the hosts do), then for one page of
// each kind prints: the HTML's bytes, the bytes of its embedded hydration data,
// the JavaScript and CSS it loads (gzip), its request count, and the Lighthouse
// mobile scores (performance, accessibility, best practices, SEO; simulated
// slow 4G) over Debian's Chromium. Today's figures are printed beside the goals;
// nothing is asserted.
//
//   node --import tsx bench/readers.ts [--no-lighthouse] [--chromium /usr/bin/chromium]
import './production.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { appendHistory } from './history.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'no-lighthouse': { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.PRESSROOM_CHROMIUM ?? '/usr/bin/chromium' },
  },
});
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Lighthouse audits behind the performance score: id, column label. */
const METRICS: [string, string][] = [
  ['first-contentful-paint', 'FCP ms'],
  ['largest-contentful-paint', 'LCP ms'],
  ['total-blocking-time', 'TBT ms'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI ms'],
];
const GOALS = { performance: 95, articlePerformance: 100, accessibility: 100, articleHtmlKb: 35, articleJsGzKb: 80 };

const dir = await mkdtemp(join(tmpdir(), 'pressroom-readers-'));
const out = join(dir, 'out');
const cli = (args: string[]) => spawnSync(process.execPath, [join(ROOT, 'cli/bin.cjs'), ...args], { cwd: dir, encoding: 'utf8' });
const built = cli(['build', '--sample', '--out', out, '--now', '2026-01-15T12:00:00Z', '--quiet', '--config', join(ROOT, 'config/site.json')]);
if (built.status !== 0) throw new Error(`the sample build failed:\n${built.stderr}`);

/** The first folder (sorted) under `sub` that has an index.html: a stable pick. */
async function firstPage(sub: string): Promise<string> {
  const names = (await readdir(join(out, sub), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  for (const n of names) if ((await readdir(join(out, sub, n))).includes('index.html')) return `/${sub}/${n}`;
  throw new Error(`no page under ${sub}/`);
}
const article = await firstPage('news');
const PAGES: [string, string][] = [
  ['home', '/'],
  ['article', article],
  ['topic', '/topic/news'],
  ['tag', await firstPage('tag')],
  ['author', await firstPage('author')],
  ['events', '/events'],
  ['event detail', await firstPage('events')],
  ['search', '/search/all/cloud'],
  ['contact', '/contact-us'],
];

const server: ChildProcess = spawn(process.execPath, [join(ROOT, 'cli/bin.cjs'), 'serve', '--out', out, '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
const origin: string = await new Promise((ok, fail) => {
  server.stdout!.once('data', (b: Buffer) => ok(b.toString('utf8').trim().split('\n')[0]));
  server.once('exit', (code) => fail(new Error(`pressroom serve exited (${code})`)));
});

interface Row {
  kind: string;
  path: string;
  htmlKb: number;
  dataKb: number;
  jsGzKb: number;
  cssGzKb: number;
  requests: number;
  scores?: Record<string, number>;
  /** Lighthouse's performance metrics (ms; CLS unitless), which say why a score is what it is. */
  metrics?: Record<string, number>;
}
const kb = (n: number) => Math.round(n / 102.4) / 10;

const browser = await chromium.launch({ executablePath: values.chromium, args: CHROME_FLAGS });
const rows: Row[] = [];
for (const [kind, path] of PAGES) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  let requests = 0;
  const bodies: Promise<{ type: string; gz: number }>[] = [];
  page.on('response', (res) => {
    requests += 1;
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') bodies.push(res.body().then((b) => ({ type, gz: gzipSync(b, { level: 9 }).length }), () => ({ type, gz: 0 })));
  });
  const res = await page.goto(origin + path, { waitUntil: 'networkidle' });
  const html = (await res?.body()) ?? Buffer.alloc(0);
  const data = /<script[^>]*id="__PRESSROOM_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html.toString('utf8'))?.[1] ?? '';
  const loaded = await Promise.all(bodies);
  const sum = (t: string) => loaded.filter((b) => b.type === t).reduce((a, b) => a + b.gz, 0);
  rows.push({ kind, path, htmlKb: kb(html.length), dataKb: kb(Buffer.byteLength(data)), jsGzKb: kb(sum('script')), cssGzKb: kb(sum('stylesheet')), requests });
  await page.close();
}
await browser.close();

if (!values['no-lighthouse']) {
  // Lighthouse drives its own Chromium through chrome-launcher (the same Debian binary).
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (const row of rows) {
    const chrome = await chromeLauncher.launch({ chromePath: values.chromium, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(origin + row.path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const cats = result?.lhr.categories ?? {};
      row.scores = Object.fromEntries(Object.entries(cats).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]));
      const audits = result?.lhr.audits ?? {};
      row.metrics = Object.fromEntries(METRICS.map(([id]) => [id, audits[id]?.numericValue ?? NaN]));
    } finally {
      await chrome.kill();
    }
  }
}
server.kill();
await rm(dir, { recursive: true, force: true });

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`the sample site (embedded sample API, its default corpus), served by pressroom serve; Lighthouse ${values['no-lighthouse'] ? 'skipped' : 'mobile, simulated slow 4G'}`);
console.log(`${'page kind'.padEnd(13)}${pad('HTML KB', 9)}${pad('data KB', 9)}${pad('JS gz KB', 10)}${pad('CSS gz KB', 11)}${pad('requests', 10)}${pad('perf', 6)}${pad('a11y', 6)}${pad('b.p.', 6)}${pad('SEO', 5)}`);
for (const r of rows) {
  const s = r.scores ?? {};
  const sc = (k: string) => pad(s[k] ?? '-', k === 'seo' ? 5 : 6);
  console.log(`${r.kind.padEnd(13)}${pad(r.htmlKb, 9)}${pad(r.dataKb, 9)}${pad(r.jsGzKb, 10)}${pad(r.cssGzKb, 11)}${pad(r.requests, 10)}${sc('performance')}${sc('accessibility')}${sc('best-practices')}${sc('seo')}`);
}
if (rows.every((r) => r.metrics)) {
  console.log('');
  console.log(`${'page kind'.padEnd(13)}${METRICS.map(([, label]) => pad(label, 9)).join('')}`);
  for (const r of rows) console.log(`${r.kind.padEnd(13)}${METRICS.map(([id]) => pad(id === 'cumulative-layout-shift' ? r.metrics![id].toFixed(3) : Math.round(r.metrics![id]), 9)).join('')}`);
}
const a = rows.find((r) => r.kind === 'article')!;
console.log('');
console.log(`goals: performance >= ${GOALS.performance} on every kind (${GOALS.articlePerformance} on the article), accessibility ${GOALS.accessibility}, article HTML <= ${GOALS.articleHtmlKb} KB, article JS <= ${GOALS.articleJsGzKb} KB gzip`);
console.log(`today: article HTML ${a.htmlKb} KB (${(a.htmlKb / GOALS.articleHtmlKb).toFixed(2)}x the goal), of which embedded data ${a.dataKb} KB; article JS ${a.jsGzKb} KB gzip (${(a.jsGzKb / GOALS.articleJsGzKb).toFixed(2)}x the goal)`);
if (rows.every((r) => r.scores)) {
  const worst = (k: string) => Math.min(...rows.map((r) => r.scores![k]));
  console.log(`today: lowest performance ${worst('performance')}, lowest accessibility ${worst('accessibility')}, lowest best practices ${worst('best-practices')}, lowest SEO ${worst('seo')}`);
}
appendHistory('readers');
