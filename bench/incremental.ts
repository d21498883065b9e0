// Incremental rebuild benchmark (docs/operations.md, "Measured"): at 10,000 posts, a
// full build and then an incremental build after one post changed, in the
// same run against the same sample API, with both times and their ratio.
//
//   node --import tsx bench/incremental.ts [--posts 10000] [--keep] [--ref-kinds]
//
// With --ref-kinds it then takes one edit of each kind of REF in turn (a post's title, an ad, an
// event's date, a sub-category's name), each published by `build({ changed: [REF] })` in this
// process without a publish session (the cold `pressroom build --changed REF` path), and prints
// a row per kind: pages rendered of the routes, seconds, and the load average when it ran; so
// which kinds still touch every page, and at what cost, is measured rather than said.
//
// The first build has no previous release, so it renders every page (mode
// "first-build", the same work as --full). Between the two builds one post's
// title is edited through the sample API's mutate API (as an editor would in
// the CMS); the second build crawls with conditional requests (304s for
// every unchanged response), re-renders only the pages whose deps changed and
// carries everything else over from the first release.
// Run it from a quiet checkout: the code hash covers the sources, so an edit
// to src/ between the two builds (anyone's) makes the second build
// a full one (mode "code-changed").
import './production.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build, type BuildReport } from '../src/pipeline/index.ts';
import { startSampleApi } from '../src/sample-api/index.ts';
import { parseRef } from '../src/webhook/refs.ts';
import { appendHistory } from './history.ts';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '10000' }, keep: { type: 'boolean', default: false }, 'ref-kinds': { type: 'boolean', default: false } } });
const posts = Number(values.posts);
const NOW = '2026-01-15T12:00:00Z';

const api = await startSampleApi({ port: 0, posts, today: NOW });
const dir = await mkdtemp(join(tmpdir(), 'pr-bench-incremental-'));
const out = join(dir, 'out');

async function timed(label: string): Promise<{ ms: number; report: BuildReport }> {
  const t = performance.now();
  const report = await build({ api: api.url, out, now: NOW, handleSignals: false });
  const ms = performance.now() - t;
  const i = report.incremental;
  process.stdout.write(
    `${label.padEnd(12)} ${(ms / 1000).toFixed(1).padStart(7)} s  ${i.mode}, ${report.routes} routes: ${i.rendered} rendered, ${i.reused} reused, ${i.deleted} deleted; ` +
      `${report.requests} requests, ${report.notModified} × 304; ${i.unchangedFiles}/${report.files} files unchanged\n` +
      `${''.padEnd(12)} stages (ms): ${Object.entries(report.timings).map(([k, v]) => `${k} ${v}`).join(', ')}\n`,
  );
  return { ms, report };
}

try {
  process.stdout.write(`incremental bench: ${posts} posts, sample API at ${api.url}, out ${out}\n`);
  const full = await timed('full');
  const target = api.corpus.posts.filter((p) => p.status === 'publish')[Math.floor(api.corpus.posts.length / 2)];
  api.mutate.editPost(target.id, { post_title: `${target.title} (updated)` });
  process.stdout.write(`edited post ${target.id} (${target.name})\n`);
  const inc = await timed('incremental');
  process.stdout.write(`\nfull ${(full.ms / 1000).toFixed(1)} s, incremental ${(inc.ms / 1000).toFixed(1)} s, ratio ${(full.ms / inc.ms).toFixed(1)}x faster\n`);
  if (values['ref-kinds']) await refKinds(full.ms);
} finally {
  await api.close();
  if (!values.keep) await rm(dir, { recursive: true, force: true });
}
appendHistory('incremental');

/** One edit of each REF kind, each published by a change-driven build of its REF alone (see the head comment). */
async function refKinds(fullMs: number): Promise<void> {
  const c = api.corpus;
  const post = c.posts.filter((p) => p.status === 'publish')[Math.floor(c.posts.length / 3)];
  const ad = c.ads.find((a) => a.active)!;
  const event = c.events[0];
  const subcat = c.subcats[0];
  const kinds: { label: string; ref: string; edit: () => void }[] = [
    { label: "a post's title", ref: `post:${post.id}`, edit: () => api.mutate.editPost(post.id, { post_title: `${post.title} (again)` }) },
    { label: 'an ad (banner_name, dest_url)', ref: 'ads', edit: () => api.mutate.editAd(ad.banner_id, { banner_name: `${ad.banner_name} (new)`, dest_url: 'https://sponsor.example/new' }) },
    { label: "an event's date", ref: `event:${event.event_slug}`, edit: () => api.mutate.editEvent(event.event_slug, { event_date: new Date(Date.parse(NOW) + 3 * 86_400_000).toISOString() }) },
    { label: "a sub-category's name", ref: 'categories', edit: () => api.mutate.editSubcat(subcat.subcat_slug, { subcat_name: `${subcat.subcat_name} (renamed)` }) },
  ];
  const rows = ['| REF kind (the edit) | REF | pages rendered / routes | seconds | / full build | load average (1 min) |', '|---|---|---|---|---|---|'];
  for (const k of kinds) {
    k.edit();
    const t = performance.now();
    const report = await build({ api: api.url, out, now: NOW, handleSignals: false, changed: [parseRef(k.ref)] });
    const ms = performance.now() - t;
    const i = report.incremental;
    rows.push(`| ${k.label} | \`${k.ref}\` | ${i.rendered} / ${report.routes} | ${(ms / 1000).toFixed(2)} | ${((100 * ms) / fullMs).toFixed(1)} % | ${loadavg()[0].toFixed(2)} |`);
  }
  process.stdout.write(`\nper REF kind, ${posts} posts (\`build --changed REF\` in this process, no session):\n${rows.join('\n')}\n`);
}
