// The cold rows of bench/publish.ts: what a cron job, a CI job started by the CMS's webhook, or the
// first publish after a restart pays. Run on one size's site after its full build and before its
// `pressroom watch` starts (the watcher holds the run lock on out/), against the same sample API:
//   - each change (a post's title --cold-edits times, an addition, a deletion, an ad's name) made
//     through the API's editing endpoints, then published by a fresh process,
//     `node cli/bin.cjs build --changed REF...` (the REFs the API's answer names, as its webhook does),
//     timed from spawn to exit, with its build report and its peak RSS (./rss-probe.cjs);
//   - a no-change scheduled run: a fresh `build` (neither --changed nor --full), which polls every
//     response conditionally; beside it, the same conditional GETs alone (every entry of the saved
//     snapshot with its validators, at the crawl's concurrency, through undici), once before the run
//     and once after: the second, in the API's state the run met, is the API's answering time.
// The API sends its webhook to the watcher's port; no watcher runs yet, so a sink listens there in
// its place (the CI trigger an operator would have): each change is timed once its notification was
// delivered, and none is left to reach the watcher when it starts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent, request } from 'undici';
import { ep, SNAPSHOT_KEY_PREFIX } from '../src/api/endpoints.ts';
import { loadConfig } from '../src/config/load.ts';
import type { BuildReport } from '../src/pipeline/index.ts';
import { snapshotDirFor } from '../src/pipeline/index.ts';
import { loadPrevious } from '../src/pipeline/snapshot.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RSS_PROBE = join(ROOT, 'bench/rss-probe.cjs');

export interface ColdRow {
  op: string;
  refs: string[];
  /** Spawn to exit. */
  ms: number;
  report: BuildReport;
  /** The process's peak resident memory (./rss-probe.cjs); undefined if it wrote none. */
  rssBytes: number | undefined;
  /** The machine's load average (1 minute) when the process exited: the figures' context. */
  load: number;
}

/** The same conditional GETs a scheduled build sends, issued alone. */
export interface RequestsAlone {
  ms: number;
  requests: number;
  notModified: number;
}

export interface ColdMeasured {
  rows: ColdRow[];
  scheduled: ColdRow & { before: RequestsAlone; after: RequestsAlone; concurrency: number };
}

export interface ColdSite {
  posts: number;
  bin: string;
  apiUrl: string;
  out: string;
  /** Where the API's webhook goes (the watcher's port, free until the watcher starts). */
  watchPort: number;
}

/**
 * What an edit of a post re-renders: its article, its author's page, and for each of its
 * sub-categories (its keywords) the tag page and the news topic page it is listed on: 4, 6 or
 * 8 pages for one, two or three keywords.
 */
export const keywords = (post: any): number => String(post.meta_keywords ?? '').split(',').filter((k) => k.trim()).length;

/** The cold edits change posts of this many keywords at every size, so each renders as many pages. */
const COLD_KEYWORDS = 2;

async function json(url: string, init?: RequestInit): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One change through the API's editing endpoint; the REFs its answer names (what its webhook sends). */
async function change(apiUrl: string, method: string, path: string, body?: unknown): Promise<string[]> {
  const answer = await json(`${apiUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return answer.refs as string[];
}

/** Stands in for the watcher on its port while none runs: answers every notification, counts them. */
async function webhookSink(port: number): Promise<{ delivered(n: number): Promise<void>; close(): Promise<void> }> {
  let count = 0;
  const waiting: { n: number; ok: () => void }[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204).end();
      count += 1;
      for (const w of waiting.filter((w) => count >= w.n)) waiting.splice(waiting.indexOf(w), 1), w.ok();
    });
  });
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', () => ok()));
  return {
    delivered: (n) => (count >= n ? Promise.resolve() : new Promise<void>((ok) => waiting.push({ n, ok }))),
    close: () => new Promise<void>((ok) => (server.close(() => ok()), server.closeAllConnections())),
  };
}

/** A fresh `pressroom build` with the full build's flags (and --changed REFS, unless none), timed from spawn to exit. */
async function coldBuild(site: ColdSite, op: string, refs: string[], scratch: string): Promise<ColdRow> {
  const rssFile = join(scratch, `rss-${op.replace(/\W+/g, '-')}-${Date.now()}`);
  const args = ['--require', RSS_PROBE, site.bin, 'build', '--api', site.apiUrl, '--out', site.out, '--quiet', '--json', ...(refs.length ? ['--changed', ...refs] : [])];
  const t = performance.now();
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((ok) => {
    const proc = spawn(process.execPath, args, { cwd: resolve(site.bin, '../..'), env: { ...process.env, NODE_ENV: 'production', PRESSROOM_BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (err += d));
    proc.on('exit', (c) => ok({ code: c, stdout: out, stderr: err }));
  });
  const ms = performance.now() - t;
  if (code !== 0) throw new Error(`cold build ${refs.join(' ') || '(scheduled)'} exited ${code}: ${stderr.slice(-2000)}${stdout.slice(-2000)}`);
  const rss = await readFile(rssFile, 'utf8').catch(() => undefined);
  return { op, refs, ms, report: JSON.parse(stdout) as BuildReport, rssBytes: rss === undefined ? undefined : Number(rss) * 1024, load: loadavg()[0]! };
}

/** Every entry of the saved snapshot, with the validators the next crawl sends for it. */
async function savedRequests(out: string): Promise<{ path: string; etag?: string; lastModified?: string }[]> {
  const prev = await loadPrevious(snapshotDirFor({ out }));
  if (!prev) throw new Error(`no saved snapshot beside ${out}`);
  return prev.snapshot.entries().map((e) => ({ path: e.key.slice(SNAPSHOT_KEY_PREFIX.length), etag: e.etag, lastModified: e.lastModified }));
}

/** The conditional GETs alone, `concurrency` at a time on as many kept-alive connections (the crawl's client, src/crawl/http.ts). */
async function requestsAlone(apiUrl: string, entries: Awaited<ReturnType<typeof savedRequests>>, concurrency: number): Promise<RequestsAlone> {
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 10_000, pipelining: 1 });
  let next = 0;
  let notModified = 0;
  const t = performance.now();
  const worker = async () => {
    while (next < entries.length) {
      const e = entries[next++]!;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (e.etag) headers['if-none-match'] = e.etag;
      if (e.lastModified) headers['if-modified-since'] = e.lastModified;
      const res = await request(`${apiUrl}${e.path}`, { headers, dispatcher: agent });
      if (res.statusCode === 304) notModified += 1;
      await res.body.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const ms = performance.now() - t;
  await agent.close();
  return { ms, requests: entries.length, notModified };
}

/** The cold rows of one size (see the head comment); `gapMs` between a change's delivery and its build, as the warm edits wait. */
export async function coldRows(site: ColdSite, opts: { edits: number; gapMs: number }): Promise<ColdMeasured> {
  const { apiUrl } = site;
  const scratch = await mkdtemp(join(tmpdir(), 'pr-bench-cold-'));
  const sink = await webhookSink(site.watchPort);
  try {
    // News listing from its second page (the warm edits pick from its third on, read after these changes).
    const candidates: any[] = [];
    for (let page = 2; candidates.length < opts.edits + 1 && page < 50; page++) {
      const items = (await json(`${apiUrl}/api/post/topic/news?limit=10&page=${page}`)).posts.postData as any[];
      if (items.length === 0) break;
      candidates.push(...items.filter((p) => keywords(p) === COLD_KEYWORDS));
    }
    if (candidates.length < opts.edits + 1) throw new Error(`${site.posts} posts: fewer than ${opts.edits + 1} listed posts of ${COLD_KEYWORDS} keywords for the cold edits`);
    const ad = await firstAd(apiUrl);
    const changes: { op: string; make: () => Promise<string[]> }[] = [
      ...candidates.slice(0, opts.edits).map((post, i) => ({
        op: i === 0 ? 'edit' : 'next edit',
        make: () => change(apiUrl, 'PATCH', `/__sample/posts/${post.id}`, { post_title: `Bench cold edit ${i + 1} ${Date.now()}` }),
      })),
      { op: 'add', make: () => change(apiUrl, 'POST', '/__sample/posts', { cat_slug: 'news', post_title: `Bench cold story ${Date.now()}`, post_name: `bench-cold-${Date.now()}` }) },
      { op: 'delete', make: () => change(apiUrl, 'DELETE', `/__sample/posts/${candidates[opts.edits].id}`) },
      { op: 'ad edit', make: () => change(apiUrl, 'PATCH', `/__sample/ads/${ad.banner_id}`, { banner_name: `Bench cold ad ${Date.now()}` }) },
    ];
    const rows: ColdRow[] = [];
    for (const [i, c] of changes.entries()) {
      const refs = await c.make();
      await sink.delivered(i + 1);
      await new Promise((ok) => setTimeout(ok, opts.gapMs));
      rows.push(await coldBuild(site, c.op, refs, scratch));
    }

    const concurrency = loadConfig({ file: join(resolve(site.bin, '../..'), 'config/site.json') }).crawl.concurrency;
    const entries = await savedRequests(site.out);
    // Reading the snapshot wrote its bodies to a scratch file: on disk before anything is timed.
    spawnSync('sync');
    const before = await requestsAlone(apiUrl, entries, concurrency);
    const run = await coldBuild(site, 'scheduled', [], scratch);
    const after = await requestsAlone(apiUrl, entries, concurrency);
    return { rows, scheduled: { ...run, before, after, concurrency } };
  } finally {
    await sink.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The first active ad (GET /api/advertisement/get_active answers a bare list): the ad edits change its name. */
export async function firstAd(apiUrl: string): Promise<{ banner_id: number; banner_name: string }> {
  const ad = ((await json(`${apiUrl}${ep.ads()}`)) as any[])[0];
  if (typeof ad?.banner_id !== 'number') throw new Error(`no active ad to edit at ${apiUrl}`);
  return ad;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : `${(bytes / 1048576).toFixed(1)} MB`);
const STAGES = ['crawl', 'plan', 'render', 'emit', 'release', 'snapshot'] as const;

/** The cold rows and the scheduled run of one size, against its full build. */
export function printCold(posts: number, full: number, m: ColdMeasured): void {
  console.log(`\n${posts.toLocaleString('en')} posts, cold (a fresh \`pressroom build --changed REF\` per change, spawn to exit):`);
  for (const r of m.rows) {
    const t = r.report.timings;
    console.log(
      `  ${r.op.padEnd(9)} ${s(r.ms).padStart(8)} = ${pct(r.ms, full).padStart(7)} of full; ${r.report.incremental.rendered} / ${r.report.routes} pages rendered, ${r.report.changed?.refetched ?? '?'} responses re-read; ` +
        `peak RSS ${mb(r.rssBytes)}; load ${r.load.toFixed(2)}; build ${s(t.total)}: ${STAGES.map((k) => `${k} ${s(t[k] ?? 0)}`).join(', ')}; outside the build (start-up, loading the code, exit) ${s(r.ms - t.total)}; ` +
        `${r.refs.join(' ')}${r.report.changed?.fallback ? `; FELL BACK: ${r.report.changed.fallback}` : ''}`,
    );
  }
  const { scheduled: run } = m;
  const { before, after } = run;
  const per = (ms: number) => (run.report.notModified ? `${(ms / run.report.notModified).toFixed(3)} ms` : '?');
  console.log(
    `  no-change scheduled run (\`pressroom build\`): ${s(run.ms)} = ${pct(run.ms, full)} of full; ${run.report.requests} requests, ${run.report.notModified} × 304, ` +
      `${run.report.incremental.rendered} pages rendered, publish ${run.report.incremental.publish}; ${per(run.ms)} per 304; peak RSS ${mb(run.rssBytes)}; load ${run.load.toFixed(2)}; ` +
      `build ${s(run.report.timings.total)}: ${STAGES.map((k) => `${k} ${s(run.report.timings[k] ?? 0)}`).join(', ')}; outside the build ${s(run.ms - run.report.timings.total)}`,
  );
  console.log(
    `  the requests alone (${after.requests} conditional GETs of the saved snapshot, ${run.concurrency} at a time): ${s(after.ms)} (${after.notModified} × 304; ${per(after.ms)} per 304); ` +
      `before the run, the API's cache cold after the changes: ${s(before.ms)} (${before.notModified} × 304)`,
  );
  console.log(`  the run's time minus the API's answering time: ${s(run.ms - after.ms)} (${per(run.ms - after.ms)} per 304)`);
}

/** One size as bench/publish.ts measured it: the full build, the warm watcher's edits, the cold rows. */
export interface SizeMeasured {
  posts: number;
  full: number;
  ops: { op: string; ms: number; report: BuildReport }[];
  cold: ColdMeasured;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export function coldRow(m: SizeMeasured, op: string): ColdRow | undefined {
  return m.cold.rows.find((r) => r.op === op);
}

/** The cold story edits' figure: their median. */
export function coldEdit(m: SizeMeasured): number {
  return median(m.cold.rows.filter((r) => r.op === 'edit' || r.op === 'next edit').map((r) => r.ms));
}

/**
 * The goals of cold publishing and ads, on this tree's sizes (smaller first), each with
 * its figure as measured. "No slower" and "the same" are met within SAME_WITHIN: a fresh process
 * is one sample, and the ratio is printed beside the verdict so a reader can hold it to another bar.
 */
export function printGoals(sizes: SizeMeasured[]): void {
  const SAME_WITHIN = 1.1;
  const verdict = (ok: boolean) => (ok ? 'met' : 'not met');
  const n = (m: SizeMeasured) => m.posts.toLocaleString('en');
  const storyEdits = (m: SizeMeasured) => m.cold.rows.filter((r) => r.op === 'edit' || r.op === 'next edit');
  const small = sizes[0]!;
  const large = sizes[sizes.length - 1]!;
  console.log('\ngoals, cold publishing and ads:');
  for (const m of sizes) {
    const e = coldEdit(m);
    console.log(
      `  a cold edit <= 5 % of the full build (at 10,000 posts): ${n(m)} posts, median ${s(e)} (${storyEdits(m).map((r) => s(r.ms)).join(', ')}) = ` +
        `${((e / m.full) * 100).toFixed(2)} % of ${s(m.full)}: ${verdict(e <= 0.05 * m.full)}`,
    );
  }
  if (sizes.length > 1) {
    const r = coldEdit(large) / coldEdit(small);
    console.log(`  a cold edit no slower at ${n(large)} than at ${n(small)} posts (within ${SAME_WITHIN}x): median ${s(coldEdit(large))} vs ${s(coldEdit(small))} = ${r.toFixed(3)}x: ${verdict(r <= SAME_WITHIN)}`);
  }
  for (const m of sizes) {
    // The warm story edits' figure: those after the first (a warm watcher), as bench/publish.ts prints them.
    const next = m.ops.filter((o) => o.op === 'next edit').map((o) => o.ms);
    const warmStory = next.length ? median(next) : m.ops.find((o) => o.op === 'edit')!.ms;
    const warmAd = m.ops.find((o) => o.op === 'ad edit');
    const same = (what: string, ad: number, story: number, rendered: number, storyRendered: number) => {
      const r = ad / story;
      console.log(
        `  an ad edit the same as a story edit (within ${SAME_WITHIN}x), ${n(m)} posts, ${what}: ${s(ad)} vs ${s(story)} (the story edits' median) = ${r.toFixed(3)}x; ` +
          `${rendered} pages rendered vs ${storyRendered}: ${verdict(r <= SAME_WITHIN)}`,
      );
    };
    const renderedOf = (reports: BuildReport[]) => median(reports.map((r) => r.incremental.rendered));
    if (warmAd) same('warm', warmAd.ms, warmStory, warmAd.report.incremental.rendered, renderedOf(m.ops.filter((o) => o.op.endsWith('edit') && o.op !== 'ad edit').map((o) => o.report)));
    const coldAd = coldRow(m, 'ad edit')!;
    same('cold', coldAd.ms, coldEdit(m), coldAd.report.incremental.rendered, renderedOf(storyEdits(m).map((r) => r.report)));
  }
  const changed = large.cold.rows;
  const peak = changed.reduce((a, b) => ((b.rssBytes ?? 0) > (a.rssBytes ?? 0) ? b : a));
  const peakMb = peak.rssBytes === undefined ? NaN : peak.rssBytes / 1048576;
  console.log(`  peak RSS of a cold --changed under 300 MB (at 50,000 posts): ${n(large)} posts, the largest of its ${changed.length} cold rows ${peakMb.toFixed(2)} MB (${peak.op}): ${verdict(peakMb < 300)}`);
}
