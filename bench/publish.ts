// Publish benchmark (docs/operations.md, "Publishing on change"): the latency from an editor's change in the CMS to the changed page being served, through `pressroom watch`,
// and the same changes published by a fresh process (a cron or CI job's `pressroom build --changed REF`).
//
// For each corpus size (--posts, and --big for a second, larger one), in one run:
//   1. `pressroom api --mutable --webhook ...` (the CMS, its own process),
//      a full build (`pressroom build --full`, the baseline of the ratios; then `sync`);
//   2. the cold rows (./publish-cold.ts), right after that size's full build and before its
//      watcher starts (the watcher holds out/'s run lock): --cold-edits edits of a post's title,
//      an addition, a deletion and an ad's name, each made through the API's editing endpoints and
//      published by a fresh `node cli/bin.cjs build --changed REF` (the REFs the API's answer names;
//      the full build's flags), each a row: spawn to exit, its ratio to the full build, pages
//      rendered of the routes, the build report's stages, the time outside the build (start-up and
//      loading the code) and the process's peak RSS (./rss-probe.cjs). The API's webhook goes to a
//      sink on the watcher's port meanwhile. Then a no-change scheduled run (a fresh `pressroom
//      build`: every response polled conditionally): its time, requests and 304s, the cost per 304,
//      and beside it the same conditional GETs alone through undici at the crawl's concurrency, so
//      its time minus the API's answering time;
//   3. `pressroom serve` on the result and `pressroom watch --poll off`; the full builds
//      run one size after the other, then both watchers run side by side and the edits
//      below are taken in turns, one size's edit seconds after the other's (measure());
//   4. an edit (a post's title), --edits more edits of other posts (a warm
//      watcher; their median is printed; the two sizes' i-th edits change posts of as
//      many keywords, so they render as many pages: pairedEdits()), an ad edit (its name; served
//      when the ads' mirror file shows it), an addition (a new post) and a deletion, each
//      through the API's HTTP editing endpoints, each --gap ms after the watcher
//      went idle (editors' changes come seconds apart; the work a publish leaves to
//      the machine after it, the disk's writeback and the collector's sweeping, is
//      not charged to the next story); the clock runs from just
//      before the edit request until `pressroom serve` answers the changed
//      page (the new title, the new page, a 404), polled every 20 ms;
//   5. prints each latency, its ratio to the full build and the stage
//      breakdown of the build that published it (its build report); the cold rows; with
//      --big, the ratio of the two sizes pair by pair, with a bootstrap
//      interval of its median and the sign test of how many pairs the
//      larger site was slower in (is the difference more than chance?); last, the goals of
//      cold publishing and ads, each figure with "met" or "not met".
// With --property N it also runs the property of tests/helpers/changed-property.ts
// for N random edits at --property-posts posts (one long run), printing how many steps matched.
// Figures are printed, never asserted. Goals: a warm edit <= 2 % of a full build, an addition <= 10 %,
// and an edit no slower at 50,000 posts than at 10,000; a cold edit <= 5 % of a full build at 10,000
// posts and no slower at 50,000; an ad edit, warm and cold, the same as a story edit; a cold
// `--changed` under 300 MB of peak RSS at 50,000 posts.
//
// With --baseline DIR (another checkout of Pressroom with its dependencies installed, e.g. a
// `git worktree` of an earlier commit) each size is also built, published cold and watched by that
// checkout's CLI, and its edits are taken in the same turns: the change's cost is each edit's latency over the
// baseline's edit of a post of as many keywords, seconds apart, per size.
//
// With --cpu-prof DIR each watcher and sample API runs under `node --cpu-prof` (profiles in DIR/<posts>/watch and /api).
//
// With --packed every pressroom process (API, builds, watcher, server) runs this tree as its npm
// package installs it, compiled (packed()), not its sources through tsx, which a fresh process pays
// seconds to load: what an operator's cron or CI job runs.
//
//   node --import tsx bench/publish.ts [--posts 10000] [--big 50000] [--packed] [--baseline DIR] [--edits 9] [--cold-edits 3] [--gap 1000] [--cpu-prof DIR] [--property 200 --property-posts 60]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RELEASE_REPORT, stateRootFor } from '../src/publish/releases.ts';
import type { BuildReport } from '../src/pipeline/index.ts';
import { createHash } from 'node:crypto';
import { parseRef } from '../src/webhook/refs.ts';
import { build, rehearse, snapshotDirFor } from '../src/pipeline/index.ts';
import { loadPrevious } from '../src/pipeline/snapshot.ts';
import { PublishSession } from '../src/pipeline/session.ts';
import { listTree } from '../src/files/links.ts';
import { randomEdits } from '../src/sample-api/random-edits.ts';
import { startSampleApi } from '../src/sample-api/index.ts';
import { mulberry32 } from '../src/sample-api/prng.ts';
import { startCli } from './cli-child.ts';
import { coldEdit, coldRow, coldRows, firstAd, keywords, printCold, printGoals, type ColdMeasured } from './publish-cold.ts';
import { ep } from '../src/api/endpoints.ts';
import { mirrorUrl } from '../src/api/mirror.ts';
import { appendHistory } from './history.ts'; // evaluated before this module's body: --no-history is gone before parseArgs below
import { inodeProbe, inodeProbeLine } from './inode-probe.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    big: { type: 'string' },
    property: { type: 'string', default: '0' },
    'property-posts': { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
    /** Edits after the first (a warm watcher), each of another post of the listing (its third page on). */
    edits: { type: 'string', default: '9' },
    /** Cold edits of a post's title per size (./publish-cold.ts), each published by a fresh process; their median is the goal's figure. */
    'cold-edits': { type: 'string', default: '3' },
    /** Milliseconds between the watcher going idle and the next change. */
    gap: { type: 'string', default: '1000' },
    /** A folder: each watcher and sample API runs under `node --cpu-prof` and writes its profile into DIR/<posts>/<command> when the benchmark stops it. */
    'cpu-prof': { type: 'string' },
    /** Another checkout whose CLI publishes the same sizes side by side (its edits in the same turns). */
    baseline: { type: 'string' },
    /** Every pressroom process runs this tree as its npm package installs it (packed()). */
    packed: { type: 'boolean', default: false },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
// Each size's folders are removed after every size ran: removed between them, the next size's
// builds would create their files past the inodes just freed (./inode-probe.ts).
const leftovers: string[] = [];

/**
 * This tree as `npm install pressroom` puts it (`npm pack`: dist/, compiled, and no TypeScript
 * sources), its dependencies linked from this tree. A clone runs its sources through tsx, whose
 * loading a fresh process pays (seconds): the cold rows of an installed Pressroom do not.
 */
async function packed(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pr-bench-packed-'));
  leftovers.push(dir);
  const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack exited ${pack.status}: ${pack.stderr.slice(-2000)}`);
  const tgz = join(dir, pack.stdout.trim().split('\n').pop()!);
  const tar = spawnSync('tar', ['-xzf', tgz, '-C', dir], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`tar exited ${tar.status}: ${tar.stderr}`);
  await symlink(join(ROOT, 'node_modules'), join(dir, 'package', 'node_modules'));
  console.log(`--packed: every pressroom process runs ${join(dir, 'package')} (npm pack of this tree)`);
  return join(dir, 'package', 'cli/bin.cjs');
}
const BIN = values.packed ? await packed() : join(ROOT, 'cli/bin.cjs');
const BASELINE_BIN = values.baseline ? join(resolve(values.baseline), 'cli/bin.cjs') : undefined;
const SECRET = 'bench-secret';
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;

interface Child {
  proc: ChildProcess;
  stderr: () => string;
  line: Promise<string>;
}

function start(args: string[], nodeFlags: string[] = [], env: Record<string, string> = {}, bin = BIN): Child {
  const c = startCli(bin, args, { secret: SECRET, nodeFlags, env });
  return { proc: c.proc, stderr: c.stderr, line: c.url };
}

function run(args: string[], bin = BIN): Promise<number> {
  return new Promise((ok, fail) => {
    const t = performance.now();
    const proc = spawn(process.execPath, [bin, ...args], { cwd: resolve(bin, '../..'), env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    proc.stderr!.on('data', (d) => (err += d));
    proc.on('exit', (code) => (code === 0 ? ok(performance.now() - t) : fail(new Error(`pressroom ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`))));
  });
}

const freePort = () =>
  new Promise<number>((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

async function waitFor(url: string, ok: (status: number, body: string) => boolean, limitMs = 600_000): Promise<number> {
  const t = performance.now();
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res && ok(res.status, await res.text())) return performance.now();
    if (performance.now() - t > limitMs) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function mutate(api: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${api}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

interface Measured {
  posts: number;
  /** 'baseline' for the --baseline checkout's site of this size. */
  label: string;
  full: number;
  ops: { op: string; ms: number; report: BuildReport }[];
  /** The fresh processes' rows and the no-change scheduled run (./publish-cold.ts). */
  cold: ColdMeasured;
}

/** With --cpu-prof DIR: node's flags that write the process's CPU profile into DIR/<posts>/<command> when it stops. */
const profileFlags = (posts: number, command: string): string[] =>
  values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(values['cpu-prof'], String(posts), command)] : [];

const everyChild: Child[] = [];

/** One size, built in full and served, with its watcher running: what the edits are timed against. */
interface Site {
  posts: number;
  label: string;
  full: number;
  apiUrl: string;
  ops: Measured['ops'];
  cold: ColdMeasured;
  /** Posts of the news listing from its third page on (ten a page), read before any change: those the edits pick from (pairedEdits). */
  listed: any[];
  timed(op: string, change: () => Promise<string>, served: (status: number, body: string) => boolean): Promise<void>;
}

/** The full build of one size (the baseline of its ratios), then its `pressroom serve` and `pressroom watch`. */
async function fullBuild(posts: number, bin = BIN): Promise<{ posts: number; bin: string; full: number; apiUrl: string; out: string; watchPort: number; cold?: ColdMeasured }> {
  const dir = await mkdtemp(join(tmpdir(), 'pr-bench-publish-'));
  leftovers.push(dir);
  console.log(`${posts} posts: ${inodeProbeLine(inodeProbe(join(dir, 'inode-probe')))}`);
  const out = join(dir, 'out');
  const watchPort = await freePort();
  const api = start(['api', '--mutable', '--posts', String(posts), '--port', '0', '--webhook', `http://127.0.0.1:${watchPort}/hooks/publish`], profileFlags(posts, 'api'));
  everyChild.push(api);
  const apiUrl = await api.line;
  const full = await run(['build', '--api', apiUrl, '--out', out, '--full', '--quiet'], bin);
  console.log(`${posts} posts${bin === BIN ? '' : ' (baseline)'}: full build ${s(full)}`);
  // The full build's 2 GB (at 50,000 posts) reach the disk before the watcher starts: the kernel's
  // writeback of them ran through the first edits, which an operator's watcher, started long after
  // its site was built, does not see.
  spawnSync('sync');
  return { posts, bin, full, apiUrl, out, watchPort };
}

async function watchSite(built: Awaited<ReturnType<typeof fullBuild>> & { cold: ColdMeasured }): Promise<Site> {
  const { out, watchPort, apiUrl } = built;
  const serve = start(['serve', '--out', out, '--port', '0']);
  everyChild.push(serve);
  const site = await serve.line;
  const watch = start(['watch', '--api', apiUrl, '--out', out, '--port', String(watchPort), '--poll', 'off'], profileFlags(built.posts, 'watch'), {}, built.bin);
  everyChild.push(watch);
  await waitFor(`http://127.0.0.1:${watchPort}/healthz`, (st) => st === 200);

  const report = async () => JSON.parse(await readFile(join(stateRootFor(out), RELEASE_REPORT), 'utf8')) as BuildReport;
  // The watcher is idle once its build has also recorded the release, saved the snapshot and written its report (after the swap readers already see).
  const idle = () => waitFor(`http://127.0.0.1:${watchPort}/status`, (st, body) => st === 200 && JSON.parse(body).state === 'idle' && JSON.parse(body).queue === 0);
  const ops: Measured['ops'] = [];
  const listed: any[] = [];
  for (let page = 3; listed.length < CANDIDATES * (1 + Number(values.edits)); page++) {
    const items = ((await (await fetch(`${apiUrl}/api/post/topic/news?limit=10&page=${page}`)).json()) as any).posts.postData as any[];
    if (items.length === 0) break;
    listed.push(...items);
  }
  return {
    posts: built.posts,
    label: built.bin !== BIN ? 'baseline' : values.packed ? 'this tree, packed' : 'this tree',
    full: built.full,
    apiUrl,
    ops,
    cold: built.cold,
    listed,
    async timed(op, change, served) {
      await idle();
      await new Promise((ok) => setTimeout(ok, Number(values.gap)));
      const t = performance.now();
      const url = await change();
      const done = await waitFor(`${site}${url}`, served);
      await idle();
      ops.push({ op, ms: done - t, report: await report() });
    },
  };
}

/** Posts listed per edit wanted: each size's edits are picked from them (pairedEdits). */
const CANDIDATES = 3;

/**
 * The posts the edits change, one list per site: the first site's in listing order, each paired
 * with the other sites' first unused post of as many keywords, so that the two edits of a pair
 * render as many pages (taken in listing order, 22 of 29 pairs did not).
 */
function pairedEdits(sites: Site[], n: number): any[][] {
  const lists: any[][] = sites.map(() => []);
  const used = sites.map(() => new Set<unknown>());
  for (const post of sites[0]!.listed) {
    if (lists[0]!.length === n) break;
    const partners = sites.slice(1).map((site, k) => site.listed.find((p) => !used[k + 1]!.has(p.id) && keywords(p) === keywords(post)));
    if (partners.some((p) => p === undefined)) continue;
    lists[0]!.push(post);
    partners.forEach((p, k) => {
      used[k + 1]!.add(p.id);
      lists[k + 1]!.push(p);
    });
  }
  return lists;
}

/** A post deep in its listing (not one of the newest) edited: the first edit after the watcher's start when `i` is 0. */
function edit(site: Site, post: any, i: number): Promise<void> {
  const title = `Bench edit ${i + 1} ${Date.now()}`;
  return site.timed(i === 0 ? 'edit' : 'next edit', async () => {
    await mutate(site.apiUrl, 'PATCH', `/__sample/posts/${post.id}`, { post_title: title });
    return `/${post.cat_slug}/${post.post_name}`;
  }, (st, body) => st === 200 && body.includes(title));
}

/** An ad's name edited: published when the ads' mirror file (all the site's HTML leaves them to it) serves the new name. */
async function adEdit(site: Site): Promise<void> {
  const ad = await firstAd(site.apiUrl);
  const name = `Bench ad ${Date.now()}`;
  await site.timed('ad edit', async () => {
    await mutate(site.apiUrl, 'PATCH', `/__sample/ads/${ad.banner_id}`, { banner_name: name });
    return mirrorUrl(ep.ads());
  }, (st, body) => st === 200 && body.includes(name));
}

async function addAndDelete(site: Site, victim: any): Promise<void> {
  await site.timed('add', async () => {
    const name = `bench-breaking-${Date.now()}`;
    await mutate(site.apiUrl, 'POST', '/__sample/posts', { cat_slug: 'news', post_title: `Bench breaking story ${name}`, post_name: name });
    return `/news/${name}`;
  }, (st) => st === 200);
  await site.timed('delete', async () => {
    await mutate(site.apiUrl, 'DELETE', `/__sample/posts/${victim.id}`);
    return `/${victim.cat_slug}/${victim.post_name}`;
  }, (st) => st === 404);
}

/**
 * The full builds one size after the other (each alone on the machine), then every watcher
 * started, and the edits taken in turns: a 10,000-post edit and a 50,000-post one seconds apart
 * share the machine's state of that minute (its other tenants, the disk's writeback), which
 * between runs of the same code moved a median as much as the sizes differ. The order within a
 * pair alternates, so neither size always follows the other's publish.
 */
async function measure(sizes: number[]): Promise<Site[]> {
  try {
    const built = [];
    // Each site's cold rows right after its full build, before any watcher holds out/'s run lock.
    const withCold = async (b: Awaited<ReturnType<typeof fullBuild>>) => ({ ...b, cold: await coldRows(b, { edits: Number(values['cold-edits']), gapMs: Number(values.gap) }) });
    for (const posts of sizes) {
      built.push(await withCold(await fullBuild(posts)));
      if (BASELINE_BIN) built.push(await withCold(await fullBuild(posts, BASELINE_BIN)));
    }
    const sites = [];
    for (const b of built) sites.push(await watchSite(b));
    const posts = pairedEdits(sites, 1 + Number(values.edits));
    for (let i = 0; i < posts[0]!.length; i++) for (const k of i % 2 ? [...sites.keys()].reverse() : sites.keys()) await edit(sites[k]!, posts[k]![i], i);
    for (const site of sites) await adEdit(site);
    // The post of the first edit is the one deleted.
    for (const [k, site] of sites.entries()) await addAndDelete(site, posts[k]![0]);
    return sites;
  } catch (e) {
    for (const c of everyChild) console.error(`--- ${c.proc.spawnargs.slice(2, 3).join(' ')} stderr:\n${c.stderr().slice(-3000)}`);
    throw e;
  } finally {
    // Stopped and waited for, so no build is still writing beside out/ when it is removed.
    await Promise.all(everyChild.map((c) => (c.proc.exitCode !== null ? undefined : new Promise((ok) => (c.proc.once('exit', ok), c.proc.kill('SIGTERM'))))));
  }
}

function print(m: Measured): void {
  console.log(`\n${m.posts.toLocaleString('en')} posts (${m.label}): full build ${s(m.full)}`);
  const goal: Record<string, number> = { edit: 0.02, 'next edit': 0.02, 'ad edit': 0.02, add: 0.1, delete: 0.1 };
  for (const { op, ms, report } of m.ops) {
    const t = report.timings;
    const stages = (['crawl', 'plan', 'render', 'emit', 'release', 'snapshot'] as const).map((k) => `${k} ${s(t[k] ?? 0)}`).join(', ');
    console.log(
      `  ${op.padEnd(7)} ${s(ms).padStart(8)} = ${pct(ms, m.full).padStart(7)} of full (goal <= ${goal[op] * 100} %); build ${s(t.total)}: ${stages}; ` +
        `${report.incremental.rendered} pages rendered, ${report.changed?.refetched ?? '?'} responses re-read${report.changed?.fallback ? `, FELL BACK: ${report.changed.fallback}` : ''}`,
    );
  }
}

const measured: Measured[] = await measure(values.big ? [Number(values.posts), Number(values.big)] : [Number(values.posts)]);
for (const m of measured) {
  print(m);
  printCold(m.posts, m.full, m.cold);
}
// The size comparison below is of this tree's sites; the baseline's are compared with them after it.
const runs = measured.filter((m) => m.label !== 'baseline');
const baselines = measured.filter((m) => m.label === 'baseline');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
/** The latencies of a size's edits after the first (a warm watcher). */
const nextMs = (m: Measured) => m.ops.filter((o) => o.op === 'next edit').map((o) => o.ms);
const nextEdits = (m: Measured) => median(nextMs(m));
const STAGES = ['crawl', 'plan', 'render', 'emit', 'release', 'snapshot', 'total'] as const;
for (const m of runs) {
  const next = m.ops.filter((o) => o.op === 'next edit');
  if (!next.length) continue;
  console.log(`\n${m.posts.toLocaleString('en')} posts: the edits after the first: median ${s(nextEdits(m))} = ${pct(nextEdits(m), m.full)} of full (${next.map((o) => s(o.ms)).join(', ')})`);
  console.log(`  their builds' stages, median: ${STAGES.map((k) => `${k} ${median(next.map((o) => o.report.timings[k] ?? 0)).toFixed(0)} ms`).join(', ')}`);
  // The median hides the slow tail (a collection or the disk's writeback inside a story): the mean and the slowest show it.
  console.log(`  mean ${s(mean(nextMs(m)))}, slowest ${s(Math.max(...nextMs(m)))}`);
  const ad = m.ops.find((o) => o.op === 'ad edit');
  if (ad) console.log(`  beside them, the ad edit: ${s(ad.ms)} = ${pct(ad.ms, m.full)} of full, ${ad.report.incremental.rendered} pages rendered (the edits after the first: ${next.map((o) => o.report.incremental.rendered).join(', ')})`);
}
if (runs.length === 2) {
  const [a, b] = runs.map((m) => m.ops.find((o) => o.op === 'edit')!.ms);
  console.log(`\nedit at ${runs[0].posts} vs ${runs[1].posts} posts: ${s(a)} vs ${s(b)} (${(b / a).toFixed(2)}x; goal: no slower as the site grows)`);
  const [c, d] = runs.map(nextEdits);
  if (!Number.isNaN(c)) console.log(`the edits after the first, median: ${s(c)} vs ${s(d)} (${(d / c).toFixed(2)}x)`);
  const [e, f] = runs.map((m) => mean(nextMs(m)));
  if (!Number.isNaN(e)) console.log(`the edits after the first, mean: ${s(e)} vs ${s(f)} (${(f / e).toFixed(2)}x)`);
  // The edits were taken in pairs seconds apart (measure): each pair's ratio compares the sizes under the same minute's machine.
  const [small, large] = runs.map((m) => m.ops.filter((o) => o.op === 'next edit'));
  const pairs = small.flatMap((o, i) => (large[i] ? [[o, large[i]] as const] : []));
  const byPair = (ps: typeof pairs, what: string) => {
    if (!ps.length) return console.log(`${what}: none`);
    const ratios = ps.map(([a, b]) => b.ms / a.ms);
    const slower = ratios.filter((r) => r > 1).length;
    const [lo, hi] = medianInterval(ratios);
    console.log(
      `${what}: median ratio ${median(ratios).toFixed(2)}x (95 % interval ${lo.toFixed(2)}-${hi.toFixed(2)}x); the larger site slower in ${slower} of ${ratios.length} pairs ` +
        `(sign test, two-sided: p = ${signTest(slower, ratios.filter((r) => r !== 1).length).toFixed(2)})`,
    );
  };
  byPair(pairs, 'the same, pair by pair (edit i at each size, seconds apart, posts of as many keywords)');
  // The two posts of a pair are different posts: one may be on more listings' first pages than the
  // other (4 to 8 pages rendered at either size). Pairs that rendered as many pages did the same work.
  byPair(
    pairs.filter(([a, b]) => a.report.incremental.rendered === b.report.incremental.rendered),
    'the pairs whose two builds rendered as many pages',
  );
}
for (const b of baselines) {
  // This tree against the baseline checkout at one size: its i-th edit and the baseline's were of
  // posts of as many keywords, taken seconds apart (measure), so each pair shares the minute's machine.
  const m = runs.find((r) => r.posts === b.posts)!;
  const one = (op: string) => [m, b].map((x) => x.ops.find((o) => o.op === op)?.ms ?? NaN);
  console.log(`\n${m.posts.toLocaleString('en')} posts, this tree vs the baseline (${values.baseline}):`);
  console.log(`  full build ${s(m.full)} vs ${s(b.full)} (${(m.full / b.full).toFixed(2)}x)`);
  for (const op of ['edit', 'ad edit', 'add', 'delete']) {
    const [x, y] = one(op);
    console.log(`  ${op.padEnd(7)} ${s(x)} vs ${s(y)} (${(x / y).toFixed(2)}x)`);
  }
  for (const op of ['edit', 'ad edit', 'add', 'delete']) {
    const [x, y] = [m, b].map((x) => coldRow(x, op)?.ms ?? NaN);
    console.log(`  cold ${op.padEnd(7)} ${s(x)} vs ${s(y)} (${(x / y).toFixed(2)}x)`);
  }
  const [x, y] = [m, b].map((x) => x.cold.scheduled.ms);
  console.log(`  no-change scheduled run ${s(x)} vs ${s(y)} (${(x / y).toFixed(2)}x)`);
  const [mine, theirs] = [m, b].map((x) => x.ops.filter((o) => o.op === 'next edit'));
  const ratios = mine.flatMap((o, i) => (theirs[i] ? [o.ms / theirs[i]!.ms] : []));
  if (ratios.length) {
    const [lo, hi] = medianInterval(ratios);
    const slower = ratios.filter((r) => r > 1).length;
    console.log(
      `  the edits after the first, median ${s(median(nextMs(m)))} vs ${s(median(nextMs(b)))}; pair by pair: median ratio ${median(ratios).toFixed(2)}x ` +
        `(95 % interval ${lo.toFixed(2)}-${hi.toFixed(2)}x), this tree slower in ${slower} of ${ratios.length} pairs (sign test, two-sided: p = ${signTest(slower, ratios.filter((r) => r !== 1).length).toFixed(2)})`,
    );
  }
}
printGoals(runs);

/**
 * Whether "the larger site is slower" is more than chance: the exact two-sided sign test of
 * `k` pairs slower out of `n` (ties left out), the probability of a split at least as uneven
 * if either size were as likely to be the slower one. A small p says the sizes differ.
 */
function signTest(k: number, n: number): number {
  if (n === 0) return 1;
  let tail = 0;
  for (let i = 0; i <= Math.min(k, n - k); i++) tail += binomial(n, i);
  return Math.min(1, (2 * tail) / 2 ** n);
}
function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** A 95 % percentile-bootstrap interval of the median of `xs` (2,000 resamples, a fixed seed: the same figures give the same interval). */
function medianInterval(xs: number[]): [number, number] {
  const random = mulberry32(0x9e3779b9);
  const medians: number[] = [];
  for (let r = 0; r < 2000; r++) medians.push(median(xs.map(() => xs[Math.floor(random() * xs.length)]!)));
  medians.sort((a, b) => a - b);
  return [medians[Math.floor(medians.length * 0.025)]!, medians[Math.floor(medians.length * 0.975)]!];
}

if (!values.keep) for (const dir of leftovers) await rm(dir, { recursive: true, force: true });
if (Number(values.property) > 0) await longProperty(Number(values.property), Number(values['property-posts']));

/**
 * The property of tests/helpers/changed-property.ts as one long run: the change-driven builds one
 * after another in one session, as pressroom watch runs them (what it keeps between builds is under
 * the property too), each step's tree recorded; then the same edits replayed on a second sample API
 * of the same seed and address, a full build after each, compared with the recorded tree.
 */
async function longProperty(steps: number, posts: number): Promise<void> {
  const NOW = '2026-01-15T12:00:00Z';
  const dir = await mkdtemp(join(tmpdir(), 'pr-bench-property-'));
  const hashes = async (root: string) => {
    const out = new Map<string, string>();
    for (const f of await listTree(root)) out.set(f, createHash('sha256').update(await readFile(join(root, f))).digest('hex'));
    return out;
  };
  const configFile = join(ROOT, 'config/site.json');
  const published: { label: string; tree: Map<string, string>; fallback: string | null }[] = [];
  let changedMs = 0;
  let fullMs = 0;
  try {
    const api = await startSampleApi({ posts, seed: 2026, today: NOW });
    const port = api.port;
    try {
      const base = { api: api.url, now: NOW, configFile, env: {}, handleSignals: false };
      const out = join(dir, 'live', 'out');
      await build({ ...base, out });
      const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
      await rehearse({ ...base, out, session });
      const next = randomEdits(2026, api.corpus, api.mutate);
      for (let step = 1; step <= steps; step++) {
        const edit = next();
        const t = performance.now();
        const r = await build({ ...base, out, session, changed: edit.refs.map(parseRef) });
        changedMs += performance.now() - t;
        published.push({ label: edit.label, tree: await hashes(out), fallback: r.changed?.fallback ?? null });
      }
    } finally {
      await api.close();
    }
    const twin = await startSampleApi({ posts, seed: 2026, today: NOW, port });
    let equal = 0;
    const failures: string[] = [];
    try {
      const base = { api: twin.url, now: NOW, configFile, env: {}, handleSignals: false };
      const replay = randomEdits(2026, twin.corpus, twin.mutate);
      for (const [i, was] of published.entries()) {
        const edit = replay();
        const t = performance.now();
        await build({ ...base, out: join(dir, 'full', 'out'), full: true });
        fullMs += performance.now() - t;
        const want = await hashes(join(dir, 'full', 'out'));
        const differ = [...new Set([...was.tree.keys(), ...want.keys()])].filter((f) => was.tree.get(f) !== want.get(f));
        if (edit.label === was.label && differ.length === 0 && !was.fallback) equal += 1;
        else failures.push(`step ${i + 1} (${was.label}): ${edit.label !== was.label ? `replayed as ${edit.label}` : was.fallback ? `fell back: ${was.fallback}` : `${differ.length} files differ, e.g. ${differ[0]}`}`);
      }
    } finally {
      await twin.close();
    }
    console.log(`\nproperty, one long run: ${equal}/${steps} random edits at ${posts} posts published exactly what a full build publishes (change-driven, in one session: ${s(changedMs / steps)} per edit; full ${s(fullMs / steps)})`);
    for (const f of failures.slice(0, 10)) console.log(`  ${f}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// The figures as bench/HISTORY.md's publish table, appended there (./history.ts).
const opMs = (m: Measured, op: string) => m.ops.find((o) => o.op === op)?.ms ?? NaN;
appendHistory('publish', [
  '| posts | tree | full build | first edit | later edits, median (range) | addition | deletion | ad edit | cold edit, median | cold add / delete | cold ad edit | cold peak RSS | no-change run; requests alone |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...measured.map((m) => {
    const cell = (ms: number) => (Number.isNaN(ms) ? '' : `${s(ms)} (${pct(ms, m.full)})`);
    const next = nextMs(m);
    const range = next.length ? `; ${s(Math.min(...next))}-${s(Math.max(...next))}` : '';
    const rss = Math.max(...m.cold.rows.map((r) => r.rssBytes ?? NaN)) / 1048576;
    const { scheduled } = m.cold;
    const cold = `${cell(coldEdit(m))} | ${cell(coldRow(m, 'add')!.ms)} / ${cell(coldRow(m, 'delete')!.ms)} | ${cell(coldRow(m, 'ad edit')!.ms)} | ${rss.toFixed(1)} MB | ${s(scheduled.ms)}; ${s(scheduled.after.ms)}`;
    return `| ${m.posts.toLocaleString('en')} | ${m.label} | ${s(m.full)} | ${cell(opMs(m, 'edit'))} | ${cell(nextEdits(m))}${range} | ${cell(opMs(m, 'add'))} | ${cell(opMs(m, 'delete'))} | ${cell(opMs(m, 'ad edit'))} | ${cold} |`;
  }),
]);
