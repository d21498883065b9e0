// Soak benchmark: minutes of random edits of every kind through `pressroom watch`, with readers on `pressroom serve`, the watcher's memory and a final diff against a full build.
//
// In one run (docs/operations.md, "Measured"):
//   1. the sample API in this process (--posts, --seed; its editing functions are what the
//      random edits call), a full build of it (`pressroom build --full`, the baseline of the
//      ratios), `pressroom serve` on the result and `pressroom watch --poll off` on it, the
//      build clock fixed to the corpus's (PRESSROOM_TODAY), so two builds give the same bytes;
//   2. for --minutes (fractions allowed: 0.5 is a smoke run), bursts of 1 to --burst random
//      edits of every kind src/sample-api/random-edits.ts makes (a post's title, body, slug,
//      category, author, date, keywords; additions, deletions, unpublishing; ads, events,
//      sub-categories), each followed at once by its signed webhook, then a pause of
//      --pause-min to --pause-max ms, whatever the watcher is doing (edits come during builds);
//   3. meanwhile --readers loops fetch random pages from `pressroom serve` (the routes of out/,
//      listed again each slice), counting network errors, 5xx, pages cut short and 404s of a page
//      still in out/ (a 404 of a page an edit removed is counted apart, as expected);
//   4. /status is read every 250 ms: the watcher's RSS and heap, and its lowest RSS since the
//      last publish (src/watch/memory.ts), whose last value before the next publish is that
//      gap's low point;
//   5. once the edits stop and the watcher is idle, a `--full` build into another folder and
//      `pressroom diff` between the two (0 files must differ).
// Webhook-to-live of an edit: from sending its webhook to the end of the first build that
// started after it and named its REF (the watcher's JSON publish line; readers see the change at
// the swap, a little earlier). Figures are printed, never asserted.
//
//   node --import tsx bench/soak.ts [--posts 2000] [--minutes 15] [--seed 2026] [--burst 4] [--pause-min 500] [--pause-max 4000] [--readers 2] [--slice SECONDS] [--keep]
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { listTree } from '../src/files/links.ts';
import { signBody, SIGNATURE_HEADER } from '../src/webhook/signature.ts';
import { formatRef, parseRef } from '../src/webhook/refs.ts';
import { startSampleApi } from '../src/sample-api/index.ts';
import { mulberry32 } from '../src/sample-api/prng.ts';
import { ALL_EDITS, randomEdits } from '../src/sample-api/random-edits.ts';
import type { WatcherStatus } from '../src/watch/index.ts';
import { appendHistory } from './history.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '15' },
    seed: { type: 'string', default: '2026' },
    burst: { type: 'string', default: '4' },
    'pause-min': { type: 'string', default: '500' },
    'pause-max': { type: 'string', default: '4000' },
    readers: { type: 'string', default: '2' },
    slice: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'cli/bin.cjs');
const SECRET = 'soak-secret';
const MINUTES = Number(values.minutes);
const SLICE_MS = values.slice ? Number(values.slice) * 1000 : MINUTES >= 5 ? 60_000 : (MINUTES * 60_000) / 5;
const MB = 1024 * 1024;
const mb = (b: number) => `${(b / MB).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
/** A request to the watcher, sent again once after a network error: a kept-alive connection the server closed as it was reused resets (ECONNRESET), which says nothing of the watcher. */
const again = <T>(f: () => Promise<T>): Promise<T> => f().catch(() => sleep(100).then(f));
const quantile = (xs: number[], q: number) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length ? a[Math.min(a.length - 1, Math.floor(q * a.length))]! : NaN;
};

const dir = await mkdtemp(join(tmpdir(), 'pr-bench-soak-'));
const out = join(dir, 'out');
const api = await startSampleApi({ posts: Number(values.posts), seed: Number(values.seed) });
const env = { ...process.env, NODE_ENV: 'production', PRESSROOM_TODAY: api.corpus.today, PRESSROOM_WEBHOOK_SECRET: SECRET };
const children: ChildProcess[] = [];

/** A long-running command; `url` resolves with the first URL it prints; `lines` gets each stderr line. */
function start(args: string[], lines: (line: string) => void = () => {}): { url: Promise<string>; tail: () => string } {
  const proc = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(proc);
  let tail = '';
  let partial = '';
  proc.stderr!.on('data', (d: Buffer) => {
    tail = (tail + d).slice(-4000);
    const parts = (partial + d).split('\n');
    partial = parts.pop()!;
    for (const l of parts) lines(l);
  });
  const url = new Promise<string>((ok, fail) => {
    let text = '';
    proc.stdout!.on('data', (d) => {
      const m = /https?:\/\/\S+/.exec((text += d));
      if (m) ok(m[0].replace(/\/$/, ''));
    });
    proc.once('exit', (code) => fail(new Error(`pressroom ${args[0]} exited ${code}: ${tail}`)));
  });
  return { url, tail: () => tail };
}

/** A command to its end: its time, exit code and stdout. */
function run(args: string[]): Promise<{ ms: number; code: number; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    const t = performance.now();
    const proc = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout!.on('data', (d) => (stdout += d));
    proc.stderr!.on('data', (d) => (stderr += d));
    proc.on('exit', (code) => ok({ ms: performance.now() - t, code: code ?? 1, stdout, stderr }));
  });
}

interface Publish { start: number; end: number; refs: Set<string> | 'poll' }
interface Edit { kind: string; refs: string[]; sentAt: number; liveMs?: number }
interface Sample { t: number; rss: number; heapUsed: number; lowSincePublish: number; lastPublish: string | null; idle: boolean }

const publishes: Publish[] = [];
const failures: string[] = [];
const edits: Edit[] = [];
const samples: Sample[] = [];
const readers = { requests: 0, errors: 0, truncated: 0, missingLive: 0, gone: 0, examples: [] as string[] };
let stopReading = false;

try {
  const full = await run(['build', '--api', api.url, '--out', out, '--full', '--quiet']);
  if (full.code !== 0) throw new Error(`the full build failed: ${full.stderr.slice(-2000)}`);
  console.log(`${Number(values.posts).toLocaleString('en')} posts: full build ${s(full.ms)} (the baseline)`);
  const site = await start(['serve', '--out', out, '--port', '0']).url;
  const watch = start(['watch', '--api', api.url, '--out', out, '--port', '0', '--poll', 'off', '--log-format', 'json'], (line) => {
    let e: { type?: string; time?: string; durationMs?: number; refs?: string[] | 'poll'; code?: string; message?: string };
    try {
      e = JSON.parse(line);
    } catch {
      return;
    }
    if (e.type === 'publish') {
      const end = Date.parse(e.time!);
      publishes.push({ start: end - e.durationMs!, end, refs: e.refs === 'poll' ? 'poll' : new Set(e.refs) });
    } else if (e.type === 'failure') failures.push(`${e.code}: ${e.message}`);
  });
  const hook = await watch.url;
  const status = () => again(async () => (await (await fetch(`${hook}/status`)).json()) as WatcherStatus);
  const t0 = Date.now();
  while ((await status()).state !== 'idle') await sleep(200);
  const ready = (await status()).memory;
  console.log(`watcher ready after ${s(Date.now() - t0)}: RSS ${mb(ready.rss)}, heap ${mb(ready.heapUsed)}`);

  const begin = Date.now();
  const end = begin + MINUTES * 60_000;
  let watching = true;
  const poller = (async () => {
    while (watching) {
      const st = await status().catch(() => null);
      if (st) samples.push({ t: Date.now(), rss: st.memory.rss, heapUsed: st.memory.heapUsed, lowSincePublish: st.memory.rssLowSincePublish, lastPublish: st.lastPublish?.at ?? null, idle: st.state === 'idle' && st.queue === 0 });
      await sleep(250);
    }
  })();
  const reading = Array.from({ length: Number(values.readers) }, (_, i) => read(site, i));

  // The edits: bursts of random edits of every kind, each followed at once by its signed webhook.
  const rng = mulberry32(Number(values.seed) ^ 0x50a4);
  let kind = '';
  const makers = Object.fromEntries(Object.entries(ALL_EDITS).map(([k, make]) => [k, ((...a: Parameters<typeof make>) => ((kind = k), make(...a))) as typeof make]));
  const next = randomEdits(Number(values.seed), api.corpus, api.mutate, makers);
  while (Date.now() < end) {
    const n = 1 + Math.floor(rng() * Number(values.burst));
    for (let i = 0; i < n; i++) {
      const edit = next();
      const body = JSON.stringify(edit.refs);
      const sentAt = Date.now();
      // Sent twice at worst (again()): the same REFs, which join the one pending set.
      const res = await again(() => fetch(`${hook}/hooks/publish`, { method: 'POST', body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, body) } }));
      if (res.status !== 202) throw new Error(`the webhook of ${edit.label} was refused: ${res.status} ${await res.text()}`);
      edits.push({ kind, refs: edit.refs.map((r) => formatRef(parseRef(r))), sentAt });
      // With --keep, what each edit did, beside the two sites: what a difference between them is traced back to.
      if (values.keep) await appendFile(join(dir, 'edits.ndjson'), `${JSON.stringify({ sentAt, kind, label: edit.label, refs: edit.refs })}\n`);
    }
    await sleep(Number(values['pause-min']) + rng() * (Number(values['pause-max']) - Number(values['pause-min'])));
  }
  const editsEnd = Date.now();
  for (let settled = 0; settled < 3; ) {
    const st = await status();
    settled = st.state === 'idle' && st.queue === 0 ? settled + 1 : 0;
    await sleep(200);
  }
  const settledAt = Date.now();
  watching = false;
  stopReading = true;
  await Promise.all([poller, ...reading]);
  const after = await status();

  // Each edit to the end of the first build that started after its webhook and named its REFs.
  for (const e of edits) {
    const p = publishes.find((p) => p.start >= e.sentAt && p.refs !== 'poll' && e.refs.every((r) => (p.refs as Set<string>).has(r)));
    if (p) e.liveMs = p.end - e.sentAt;
  }
  const last = await run(['build', '--api', api.url, '--out', join(dir, 'full', 'out'), '--full', '--quiet']);
  if (last.code !== 0) throw new Error(`the final full build failed: ${last.stderr.slice(-2000)}`);
  const diff = await run(['diff', out, join(dir, 'full', 'out'), '--json']);
  print({ fullMs: full.ms, lastMs: last.ms, begin, editsEnd, settledAt, after, diff });
} finally {
  stopReading = true;
  await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((ok) => (c.once('exit', ok), c.kill('SIGTERM'))))));
  await api.close();
  if (!values.keep) await rm(dir, { recursive: true, force: true });
  else console.log(`kept: ${dir}`);
}

/** One reader: random pages of out/ through `pressroom serve`, the list read again each slice. */
async function read(site: string, i: number): Promise<void> {
  const random = mulberry32(Number(values.seed) + i);
  let routes: string[] = [];
  let listedAt = 0;
  while (!stopReading) {
    if (Date.now() - listedAt > SLICE_MS) {
      routes = (await listTree(out)).filter((f) => f.endsWith('index.html')).map((f) => `/${f.slice(0, -'index.html'.length)}`.replace(/\/$/, '') || '/');
      listedAt = Date.now();
    }
    const route = routes[Math.floor(random() * routes.length)]!;
    readers.requests += 1;
    const res = await fetch(`${site}${route}`).catch((e: Error) => e);
    const bad = (what: string) => void (readers.examples.length < 5 && readers.examples.push(`${route}: ${what}`));
    if (res instanceof Error) (readers.errors += 1), bad(res.message);
    else if (res.status === 404) {
      await res.arrayBuffer();
      // Still in out/ after the 404: a reader missed a live page. Gone: an edit removed it.
      if (await stat(join(out, route, 'index.html')).then(() => true, () => false)) (readers.missingLive += 1), bad('404 of a page in out/');
      else (readers.gone += 1), (routes = routes.filter((r) => r !== route));
    } else if (res.status !== 200) (readers.errors += 1), bad(`status ${res.status}`), await res.arrayBuffer();
    else {
      const html = await res.text().catch((e: Error) => e);
      if (html instanceof Error) (readers.errors += 1), bad(html.message);
      else if (!/<\/html>\s*$/i.test(html)) (readers.truncated += 1), bad(`cut short at ${html.length} characters`);
    }
    await sleep(20);
  }
}

function print(r: { fullMs: number; lastMs: number; begin: number; editsEnd: number; settledAt: number; after: WatcherStatus; diff: { code: number; stdout: string; stderr: string } }): void {
  const minutes = (r.editsEnd - r.begin) / 60_000;
  const ours = publishes.filter((p) => p.start >= r.begin);
  console.log(`\n${minutes.toFixed(1)} min of random edits (seed ${values.seed}): ${edits.length} edits of ${new Set(edits.map((e) => e.kind)).size} kinds, ${ours.length} publishes, ${failures.length} failed builds; /status counters: ${JSON.stringify(r.after.counters)}`);
  for (const f of failures.slice(0, 5)) console.log(`  failure: ${f}`);
  const took = ours.map((p) => p.end - p.start);
  console.log(`publishes took p50 ${s(quantile(took, 0.5))}, p90 ${s(quantile(took, 0.9))}, max ${s(Math.max(...took))}; REFs per publish p50 ${quantile(ours.map((p) => (p.refs === 'poll' ? 0 : p.refs.size)), 0.5)}; the edits ended ${s(r.settledAt - r.editsEnd)} before the watcher was idle`);

  console.log(`\nwebhook-to-live per kind of edit (p50 and p90; the ratio is p50 / the ${s(r.fullMs)} full build):`);
  const row = (name: string, es: Edit[]) => {
    const ms = es.flatMap((e) => (e.liveMs === undefined ? [] : [e.liveMs]));
    const missing = es.length - ms.length;
    console.log(`  ${name.padEnd(14)} ${String(es.length).padStart(4)} edits  p50 ${s(quantile(ms, 0.5)).padStart(8)}  p90 ${s(quantile(ms, 0.9)).padStart(8)}  ${((quantile(ms, 0.5) / r.fullMs) * 100).toFixed(1).padStart(5)} %${missing ? `  (${missing} never seen published)` : ''}`);
  };
  for (const k of Object.keys(ALL_EDITS)) if (edits.some((e) => e.kind === k)) row(k, edits.filter((e) => e.kind === k));
  row('all', edits);

  // The low point of each gap between publishes: the watcher's lowest RSS since the publish, as last read before the next one.
  const gaps = new Map<string, Sample>();
  for (const x of samples) if (x.lastPublish && x.t >= r.begin) gaps.set(x.lastPublish, x);
  const lows = [...gaps.values()];
  console.log(`\nthe watcher's RSS: ready ${mb(samples[0]?.rss ?? NaN)}, peak ${mb(Math.max(...samples.map((x) => x.rss)))}; low points between publishes per ${(SLICE_MS / 1000).toFixed(0)} s:`);
  const slices: { at: number; low: number }[] = [];
  for (let at = r.begin; at < r.settledAt; at += SLICE_MS) {
    const inSlice = lows.filter((x) => x.t >= at && x.t < at + SLICE_MS);
    const heap = samples.filter((x) => x.t >= at && x.t < at + SLICE_MS).map((x) => x.heapUsed);
    if (!inSlice.length) continue;
    const low = Math.min(...inSlice.map((x) => x.lowSincePublish));
    slices.push({ at, low });
    console.log(`  ${((at - r.begin) / 60_000).toFixed(1).padStart(5)} min  RSS low ${mb(low).padStart(7)}  heap low ${mb(Math.min(...heap)).padStart(7)}  (${inSlice.length} gaps)`);
  }
  // The halves of the run, the edits and the publishes of the last of them.
  const half = r.begin + (r.settledAt - r.begin) / 2;
  const second = lows.filter((x) => x.t >= half);
  if (second.length < 3) console.log(`second half: ${second.length} gaps between publishes, too few to say whether the low point is flat`);
  else {
    // Least squares through the second half's low points: its rise over that half against their mean.
    const xs = second.map((x) => (x.t - half) / 60_000);
    const ys = second.map((x) => x.lowSincePublish);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / (xs.reduce((a, x) => a + (x - mx) ** 2, 0) || 1);
    const rise = slope * ((r.settledAt - half) / 60_000);
    const tail = slices.filter((x) => x.at >= half - SLICE_MS / 2).map((x) => x.low);
    console.log(`second half: low points' slope ${(slope / MB).toFixed(2)} MB/min (${mb(rise)} over the half, ${((rise / my) * 100).toFixed(1)} % of their mean ${mb(my)}); slices' lows max-min ${mb(Math.max(...tail) - Math.min(...tail))}: ${Math.abs(rise) < 0.05 * my ? 'flat (under 5 %)' : 'NOT flat (5 % or more)'}`);
  }

  console.log(`\nreaders through pressroom serve: ${readers.requests} pages, ${readers.errors} errors (network, 5xx, other statuses), ${readers.truncated} cut short, ${readers.missingLive} 404s of a page in out/; ${readers.gone} 404s of pages an edit removed (expected)`);
  for (const e of readers.examples) console.log(`  ${e}`);

  let differ: number | string = r.diff.stderr.trim().slice(0, 300);
  let examples: string[] = [];
  try {
    const d = JSON.parse(r.diff.stdout) as { files: Record<'added' | 'removed' | 'changed', string[]>; pages: { added: string[]; removed: string[]; changed: unknown[] } };
    differ = [d.files.added, d.files.removed, d.files.changed, d.pages.added, d.pages.removed, d.pages.changed].reduce((a, l) => a + l.length, 0);
    examples = [...d.pages.changed.map((c) => (c as { file: string }).file), ...d.pages.added, ...d.pages.removed, ...d.files.changed, ...d.files.added, ...d.files.removed].slice(0, 8);
  } catch { /* the message printed instead */ }
  console.log(`\nfinal: a --full build ${s(r.lastMs)}; pressroom diff against the watcher's out/: exit ${r.diff.code}, ${differ} files differ (goal: exit 0, 0 files)`);
  for (const f of examples) console.log(`  differs: ${f}`);
}
appendHistory('soak');
