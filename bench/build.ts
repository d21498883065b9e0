// Build benchmark (issue 3, "Done means"): the whole build of the sample site
// at 10,000 posts (embedded sample API, crawl included), then, in the same run,
// the floor: a bare renderToString loop over the same article pages
// (bench/render-floor.ts). Prints pages/s, peak memory, each stage's time and
// the ratio build/floor. Goal (a figure, not a test): within 1.5x, peak < 1 GB.
//
//   node --import tsx bench/build.ts [--posts 10000] [--out DIR]
import './production.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { preloadAllPages } from '../src/app/pages/registry.ts';
import { buildClock, loadConfig, publicConfig } from '../src/config/load.ts';
import { Snapshot } from '../src/crawl/snapshot-store.ts';
import { build } from '../src/pipeline/index.ts';
import { plan } from '../src/plan/index.ts';
import { renderFloor } from './render-floor.ts';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '10000' }, out: { type: 'string' }, now: { type: 'string', default: '2026-01-15T12:00:00.000Z' } } });
const posts = Number(values.posts);
const dir = values.out ?? (await mkdtemp(join(tmpdir(), 'pressroom-bench-')));
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
sampler.unref();

console.log(`building the sample site at ${posts} posts into ${dir}/out …`);
const report = await build({ sample: { posts }, out: join(dir, 'out'), now: values.now, full: true, env: {} });
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(sampler);
const maxRss = process.resourceUsage().maxRSS * 1024;

// The floor: the same article routes, from the snapshot the build saved.
const config = loadConfig({ env: {} });
const clock = buildClock(config, values.now);
const { snapshot } = await Snapshot.load(join(dir, '.pressroom', 'snapshot'));
const ctx = { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn: () => {} };
const articles = plan(snapshot, ctx, config).routes.filter((r) => r.kind === 'article');
await preloadAllPages();
renderFloor({ routes: articles.slice(0, 50), snapshot, publicConfig: publicConfig(config, clock) }); // warm-up
const floor = renderFloor({ routes: articles, snapshot, publicConfig: publicConfig(config, clock) });

const t = report.timings as unknown as Record<string, number>;
console.log('');
console.log(`build:  ${report.pages} pages (${articles.length} articles), ${report.files} files, ${mb(report.bytes)} in ${(t.total / 1000).toFixed(1)} s = ${report.pagesPerSecond} pages/s`);
console.log(`        requests ${report.requests}, retries ${report.retries}, snapshot entries ${report.snapshotEntries}`);
console.log(`stages: ${Object.entries(t).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}`);
console.log(`memory: peak RSS sampled during the build ${mb(peak)}; process maxRSS ${mb(maxRss)} (goal < 1 GB)`);
console.log(`floor:  bare renderToString of the ${floor.pages} article pages: ${(floor.ms / 1000).toFixed(1)} s = ${floor.pagesPerSecond.toFixed(0)} pages/s`);
console.log(`ratio:  whole build / floor = ${(t.total / floor.ms).toFixed(2)}x (goal <= 1.5x); build render stage alone / floor = ${(t.render / floor.ms).toFixed(2)}x`);

if (!values.out) await rm(dir, { recursive: true, force: true });
