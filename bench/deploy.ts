// Deploy benchmark, S3 part (docs/deploying.md, "S3, R2, MinIO, B2, GCS"): what a deploy to an
// S3-compatible store costs, first in full and then per edit.
//
// For each corpus size (--posts, and --big for a second, larger one):
//   1. the sample API in this process and a full build of it (`hosts: ["s3"]`: the build writes
//      the S3 website configuration and redirect objects), its time the baseline of the ratios;
//   2. s3rver in this process (tests/helpers/s3rver.ts: the real protocol, SigV4 signatures
//      checked) and the first full deploy of the release to it: time, objects, bytes, throughput,
//      beside the full build's time;
//   3. a publish session rehearsed as `pressroom watch` rehearses it, then --edits edits (a post's
//      title, posts deep in their listings), each through the sample API's editing calls, a
//      change-driven build and a deploy of what that build's release changed (its record's
//      `changed`, the files from the session's kept release: no walk of out/, no listing); for
//      each, the objects uploaded and the bytes sent, the requests made, and the time from the
//      edit until an S3 GET of the post's page returns the new title.
// Figures are printed, never asserted; the goal is an edit's deploy that sends only the files
// the edit changed, and an edit visible no later at 50,000 posts than at 10,000.
//
//   node --import tsx bench/deploy.ts [--posts 10000] [--big] [--edits 5] [--concurrency 8] [--keep]
import './production.ts';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { appendHistory } from './history.ts'; // evaluated before this module's body: --no-history is gone before parseArgs below
import { build, rehearse, snapshotDirFor } from '../src/pipeline/index.ts';
import { loadPrevious } from '../src/pipeline/snapshot.ts';
import { PublishSession } from '../src/pipeline/session.ts';
import { readReleaseFiles } from '../src/publish/manifest.ts';
import { readRecord } from '../src/publish/releases.ts';
import { hostSnippetsDirFor } from '../src/emit/host-snippets.ts';
import { startSampleApi } from '../src/sample-api/index.ts';
import { parseRef } from '../src/webhook/refs.ts';
import { s3Target } from '../src/deploy/targets/s3.ts';
import type { DeployChange, DeployFile, DeployPhase, TargetMarker } from '../src/deploy/types.ts';
import { deployFile, fullChange, isListing, phaseOf, S3RVER_ENV, startS3rver } from '../tests/helpers/s3rver.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    /** A second size of 50,000 posts. */
    big: { type: 'boolean', default: false },
    edits: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    keep: { type: 'boolean', default: false },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
// The benchmark's own reading client is made like the target's: without the SDK's Node-version notice.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const NOW = '2026-01-15T12:00:00Z';
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface EditFigure {
  build: number;
  deploy: number;
  visible: number;
  uploaded: number;
  bytes: number;
  deleted: number;
  requests: number;
  listings: number;
}
interface SizeFigure {
  posts: number;
  full: number;
  files: number;
  first: { ms: number; uploaded: number; bytes: number; requests: number };
  edits: EditFigure[];
}

/** The change from one release to the next: its record's changed paths, the files from the kept release (else its manifest). */
async function changeOf(out: string, session: PublishSession, release: string, from: TargetMarker): Promise<DeployChange> {
  const record = (await readRecord(out, release))!;
  const files = session.release?.id === release ? session.release.files : await readReleaseFiles(out, record.manifest);
  const phases: Record<DeployPhase, DeployFile[]> = { assets: [], pages: [], hosts: [] };
  const deletions: string[] = [];
  for (const path of record.changed ?? []) {
    const f = files.get(path);
    if (f) phases[phaseOf(path)].push(deployFile(out, path, f));
    else deletions.push(path);
  }
  return {
    from,
    to: { release, manifest: record.manifest, at: new Date().toISOString() },
    full: false,
    phases: (['assets', 'pages', 'hosts'] as const).map((phase) => ({ phase, files: phases[phase] })),
    redirects: [],
    deletions,
  };
}

async function measure(posts: number): Promise<SizeFigure> {
  const dir = await mkdtemp(join(tmpdir(), 'pr-bench-deploy-'));
  const out = join(dir, 'out');
  const configFile = join(dir, 'site.json');
  const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(configFile, JSON.stringify({ ...site, hosts: ['s3'] }));
  const api = await startSampleApi({ posts, seed: 2026, today: NOW });
  const s3 = await startS3rver(join(dir, 's3rver'), ['site']);
  const raw = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const target = s3Target(
    { name: 's3rver', type: 's3', bucket: 'site', endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', concurrency: Number(values.concurrency) },
    { out, env: S3RVER_ENV, hostsDir: hostSnippetsDirFor(out) },
  );
  try {
    const base = { api: api.url, now: NOW, configFile, env: {}, handleSignals: false };
    let t = performance.now();
    await build({ ...base, out, full: true });
    const full = performance.now() - t;
    const change = await fullChange(out);
    const files = change.phases.reduce((n, p) => n + p.files.length, 0);
    console.log(`${posts.toLocaleString('en')} posts: full build ${s(full)}, ${files.toLocaleString('en')} files`);

    await target.readMarker();
    t = performance.now();
    const firstReport = await target.apply(change, { dryRun: false });
    const first = { ms: performance.now() - t, uploaded: firstReport.uploaded, bytes: firstReport.bytes, requests: firstReport.requests };
    console.log(`  first deploy ${s(first.ms)} (${(first.ms / full).toFixed(2)}x the full build): ${first.uploaded.toLocaleString('en')} objects, ${mb(first.bytes)}, ${(first.bytes / 1e6 / (first.ms / 1000)).toFixed(1)} MB/s, ${(first.uploaded / (first.ms / 1000)).toFixed(0)} objects/s`);

    const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
    await rehearse({ ...base, out, session });
    let marker = change.to;
    const published = api.corpus.posts.filter((p) => p.status === 'publish');
    const edits: EditFigure[] = [];
    for (let i = 0; i < Number(values.edits); i++) {
      // Posts deep in their listings (not on any first page), spread over the corpus.
      const post = published[Math.floor(published.length * (0.3 + (0.6 * i) / Math.max(1, Number(values.edits))))]!;
      const key = `${api.corpus.categories[post.cat]!.cat_slug}/${post.name}/index.html`;
      const title = `Bench deploy edit ${i + 1} of post ${post.id}`;
      const t0 = performance.now();
      api.mutate.editPost(post.id, { post_title: title });
      const report = await build({ ...base, out, session, changed: [parseRef(`post:${post.id}`)] });
      const t1 = performance.now();
      const next = await changeOf(out, session, report.release, marker);
      const logFrom = s3.log.length;
      const applied = await target.apply(next, { dryRun: false });
      const t2 = performance.now();
      for (;;) {
        const got = await raw.send(new GetObjectCommand({ Bucket: 'site', Key: key })).catch(() => undefined);
        if (got && (await got.Body!.transformToString()).includes(title)) break;
      }
      const visible = performance.now() - t0;
      marker = next.to;
      edits.push({ build: t1 - t0, deploy: t2 - t1, visible, uploaded: applied.uploaded, bytes: applied.bytes, deleted: applied.deleted, requests: applied.requests, listings: s3.log.slice(logFrom).filter(isListing).length });
      const e = edits.at(-1)!;
      console.log(`  edit ${i + 1}: visible on S3 after ${s(e.visible)} (build ${s(e.build)}, deploy ${s(e.deploy)}); ${e.uploaded} objects, ${(e.bytes / 1024).toFixed(1)} KB, ${e.deleted} deleted, ${e.requests} requests, ${e.listings} listings`);
    }
    return { posts, full, files, first, edits };
  } finally {
    await target.close?.();
    raw.destroy();
    await s3.close();
    await api.close();
    if (!values.keep) await rm(dir, { recursive: true, force: true });
    else console.log(`  kept ${dir}`);
  }
}

const sizes = values.big ? [Number(values.posts), 50_000] : [Number(values.posts)];
const figures: SizeFigure[] = [];
for (const posts of sizes) figures.push(await measure(posts));

console.log('');
for (const f of figures) {
  const vis = f.edits.map((e) => e.visible);
  console.log(
    `${f.posts.toLocaleString('en')} posts: first deploy ${s(f.first.ms)} for ${f.first.uploaded.toLocaleString('en')} objects (${mb(f.first.bytes)}) beside a full build of ${s(f.full)}; ` +
      `an edit visible on S3 after ${s(median(vis))} (median; ${s(Math.min(...vis))}-${s(Math.max(...vis))}), ${median(f.edits.map((e) => e.uploaded))} objects and ${(median(f.edits.map((e) => e.bytes)) / 1024).toFixed(1)} KB per edit (median), ${f.edits.reduce((n, e) => n + e.listings, 0)} listings`,
  );
}
if (figures.length === 2) {
  const [a, b] = figures.map((f) => median(f.edits.map((e) => e.visible)));
  console.log(`edit visible on S3 at ${figures[0]!.posts} vs ${figures[1]!.posts} posts: ${s(a!)} vs ${s(b!)} (${(b! / a!).toFixed(2)}x; goal: no slower as the site grows)`);
}

// The figures as bench/HISTORY.md's deploy table, appended there (./history.ts).
appendHistory('deploy', [
  '| posts | full build | first deploy (objects, MB, MB/s) | edit visible on S3, median (range) | objects per edit | KB per edit | requests per edit | listings |',
  '|---|---|---|---|---|---|---|---|',
  ...figures.map((f) => {
    const vis = f.edits.map((e) => e.visible);
    const first = `${s(f.first.ms)} (${f.first.uploaded.toLocaleString('en')}, ${(f.first.bytes / 1e6).toFixed(1)}, ${(f.first.bytes / 1e6 / (f.first.ms / 1000)).toFixed(1)})`;
    return `| ${f.posts.toLocaleString('en')} | ${s(f.full)} | ${first} | ${s(median(vis))} (${s(Math.min(...vis))}-${s(Math.max(...vis))}) | ${median(f.edits.map((e) => e.uploaded))} | ${(median(f.edits.map((e) => e.bytes)) / 1024).toFixed(1)} | ${median(f.edits.map((e) => e.requests))} | ${f.edits.reduce((n, e) => n + e.listings, 0)} |`;
  }),
]);
