// The deploy's property (docs/deploying.md, "Deploy targets", "Watch"), through a real
// `pressroom watch` process: a seeded sequence of edits of the sample API, of every kind
// (src/sample-api/random-edits.ts), each announced by a signed webhook; the watcher publishes
// it and deploys it to three targets: an S3 bucket (s3rver, SigV4 checked), a local rsync
// folder and a branch of a local bare git repository. After every step, once the log shows the
// publish and each target's deploy of that release, each target holds out/ byte for byte (the
// bucket also with each object's Content-Type and Cache-Control, src/emit/file-headers.ts), each
// received exactly the files the publish changed, and no request of any publish listed the
// bucket. Last, `deploy --verify` (the one path that may list) finds nothing to repair.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, type DeployConfig } from '../../src/deploy/index.ts';
import type { TargetConfig } from '../../src/deploy/types.ts';
import { startSampleApi, type SampleApi } from '../../src/sample-api/index.ts';
import { ALL_EDITS, randomEdits } from '../../src/sample-api/random-edits.ts';
import { signBody } from '../../src/webhook/signature.ts';
import { bucketDiff, checkClient, expectedRedirects, folderDiff, gitDiff, siteFiles, type SiteFile } from '../helpers/deploy-check.ts';
import { buildInto, ROOT, spawnCli, tempDir, TEST_NOW, waitForStderr, type CliRun } from '../helpers/pressroom.ts';
import { isListing, S3RVER_ENV, startS3rver, type TestS3 } from '../helpers/s3rver.ts';

const SEED = Number(process.env.PRESSROOM_DEPLOY_SEED ?? 7);
const STEPS = Number(process.env.PRESSROOM_DEPLOY_STEPS ?? 30);
const SECRET = 'deploy-property-secret';
const BUCKET = 'site';
const TARGETS = ['bucket', 'box', 'pages'] as const;

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let s3: TestS3;
let reader: S3Client;
let watch: CliRun;
let hook: string;
let out: string;
let targets: TargetConfig[];

interface LogLine {
  type: string;
  release?: string;
  target?: string;
  code?: string;
  uploaded?: number;
  deleted?: number;
}

/** The watcher's JSON log lines so far. */
const logLines = (): LogLine[] =>
  watch
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

/**
 * Resolves with the log lines from index `from` once `done` holds of them; rejects at a failed
 * build or deploy (the watcher would retry it: here it is a bug) or when the watcher ends.
 */
function logged(from: number, done: (lines: LogLine[]) => boolean): Promise<LogLine[]> {
  return new Promise((ok, fail) => {
    const check = () => {
      const lines = logLines().slice(from);
      const bad = lines.find((l) => l.type === 'failure' || (l.type === 'deploy' && l.code !== undefined));
      if (bad || done(lines)) {
        watch.child.stderr!.off('data', check);
        if (bad) fail(new Error(`the watcher logged ${JSON.stringify(bad)}\n${watch.stderr()}`));
        else ok(lines);
      }
    };
    watch.child.stderr!.on('data', check);
    void watch.exit.then(() => fail(new Error(`the watcher ended:\n${watch.stderr()}`)));
    check();
  });
}

/** The publish a webhook caused and, after it, each target's deploy of its release. */
function publishedAndDeployed(lines: LogLine[]): { release: string; deploys: Map<string, LogLine> } | undefined {
  const at = lines.findIndex((l) => l.type === 'publish');
  if (at < 0) return undefined;
  const release = lines[at]!.release!;
  const deploys = new Map(lines.slice(at + 1).filter((l) => l.type === 'deploy' && l.release === release).map((l) => [l.target!, l]));
  return TARGETS.every((t) => deploys.has(t)) ? { release, deploys } : undefined;
}

/** The object keys a slice of s3rver's log put (path-style: /bucket/key?query). */
const putKeys = (log: string[]): string[] =>
  log.flatMap((l) => {
    const m = /^PUT \/([^/?]+)\/([^?]+)/.exec(l);
    return m && m[1] === BUCKET ? [decodeURIComponent(m[2]!)] : [];
  });

beforeAll(async () => {
  api = await startSampleApi({ port: 0, posts: 12, seed: SEED, today: TEST_NOW, keepAliveMs: 10 * 60_000 });
  tmp = await tempDir('pressroom-deploy-property-');
  out = join(tmp.dir, 'out');
  s3 = await startS3rver(join(tmp.dir, 's3rver'), [BUCKET]);
  reader = checkClient(s3.endpoint);
  execFileSync('git', ['init', '--bare', '--quiet', join(tmp.dir, 'remote.git')]);
  targets = [
    { name: 'bucket', type: 's3', bucket: BUCKET, endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1' },
    { name: 'box', type: 'rsync', dest: join(tmp.dir, 'www') },
    { name: 'pages', type: 'git', remote: join(tmp.dir, 'remote.git'), branch: 'gh-pages' },
  ];
  // The S3 host files too (redirect objects, the website configuration); the build clock fixed, as
  // the watcher has no --now; the crawl deadline patient (the API shares this process: see patientConfig).
  const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')) as Record<string, unknown> & { crawl: Record<string, unknown> };
  const configFile = join(tmp.dir, 'site.json');
  await writeFile(configFile, JSON.stringify({ ...site, $schema: undefined, today: TEST_NOW, hosts: ['netlify', 's3'], crawl: { ...site.crawl, timeoutMs: 600_000 }, deploy: targets }));
  await buildInto(tmp.dir, { api: api.url, configFile, handleSignals: false, workers: 0 });
  watch = spawnCli(['watch', '--config', configFile, '--api', api.url, '--out', out, '--port', '0', '--poll', 'off', '--workers', '0', '--log-format', 'json'], { PRESSROOM_WEBHOOK_SECRET: SECRET, ...S3RVER_ENV });
  await waitForStderr(watch, /"type":"listening".*\n/);
  hook = (logLines().find((l) => l.type === 'listening') as { url?: string }).url!;
});
afterAll(async () => {
  if (watch && watch.child.exitCode === null && watch.child.signalCode === null) {
    watch.child.kill('SIGTERM');
    await watch.exit;
  }
  reader?.destroy();
  await s3?.close();
  await api?.close();
  await tmp?.cleanup();
});

describe(`pressroom watch deploys every publish to s3, rsync and git (seed ${SEED})`, () => {
  it(`after each of ${STEPS} webhooks of random edits, every target holds out/ and received only the change; no publish listed the bucket`, async () => {
    const kinds = new Set<string>();
    // Each maker as it is, noting the kinds of edit the seed drew.
    const makers = Object.fromEntries(Object.entries(ALL_EDITS).map(([kind, make]) => [kind, (...a: Parameters<typeof make>) => {
      const edit = make(...a);
      if (edit) kinds.add(kind);
      return edit;
    }]));
    const next = randomEdits(SEED, api.corpus, api.mutate, makers);
    let before = new Map<string, SiteFile>();
    let removedSteps = 0;
    for (let step = 1; step <= STEPS; step++) {
      const edit = next();
      const label = `step ${step}: ${edit.label}`;
      const from = logLines().length;
      const fromS3 = s3.log.length;
      const body = JSON.stringify(edit.refs);
      const res = await fetch(hook, { method: 'POST', body, headers: { 'x-pressroom-signature-256': signBody(SECRET, body) } });
      expect(res.status, label).toBe(202);
      const { deploys } = publishedAndDeployed(await logged(from, (lines) => publishedAndDeployed(lines) !== undefined))!;

      const site = await siteFiles(out);
      const redirects = await expectedRedirects(out);
      const requests = s3.log.slice(fromS3);
      expect(requests.filter(isListing), label).toEqual([]);
      // What the publish changed in out/: the first deploy sends every file, each later one only these.
      const changed = [...site].filter(([p, f]) => before.get(p)?.sha256 !== f.sha256).map(([p]) => p).sort();
      const removed = [...before.keys()].filter((p) => !site.has(p)).sort();
      if (removed.length) removedSteps += 1;
      const put = putKeys(requests);
      expect([...new Set(put.filter((k) => site.has(k)))].sort(), label).toEqual(changed);
      expect(put.filter((k) => !site.has(k) && !redirects.has(k) && k !== '.pressroom/deploy.json'), label).toEqual([]);
      for (const t of ['box', 'pages']) expect({ target: t, uploaded: deploys.get(t)!.uploaded, deleted: deploys.get(t)!.deleted }, label).toEqual({ target: t, uploaded: changed.length, deleted: removed.length });

      // Every object is checked against its file by the listing's md5 and size; those put by this
      // step (all of them at the first and the last) are read back whole, with their headers.
      const read = step === 1 || step === STEPS ? undefined : new Set(put);
      expect(await bucketDiff(reader, BUCKET, site, redirects, read), label).toEqual([]);
      expect(await folderDiff(join(tmp.dir, 'www'), site), label).toEqual([]);
      expect(gitDiff(join(tmp.dir, 'remote.git'), 'gh-pages', site), label).toEqual([]);
      before = site;
    }
    // The seed's sequence is varied: many kinds of edit, some of which removed files.
    expect(kinds.size, [...kinds].join(', ')).toBeGreaterThanOrEqual(8);
    expect(removedSteps).toBeGreaterThan(0);

    // The watcher stops cleanly; then `deploy --verify` lists the bucket (the one path that may,
    // as the log shows) and repairs only what was removed from it by hand: a page and a redirect
    // object (the build's redirect objects are the bucket's by design, not drift to delete).
    watch.child.kill('SIGTERM');
    expect(await watch.exit).toEqual({ code: 0, signal: null });
    const redirects = await expectedRedirects(out);
    expect(redirects.size).toBeGreaterThan(0);
    const page = [...before.keys()].find((p) => p.endsWith('.html'))!;
    for (const Key of [page, [...redirects.keys()][0]!]) await reader.send(new DeleteObjectCommand({ Bucket: BUCKET, Key }));
    const config: DeployConfig = { deploy: targets, purge: [], shrinkGate: 0.1, site: { url: 'https://news.example.com', basePath: '' } };
    const fromS3 = s3.log.length;
    const verified = await deploy(out, config, { verify: true, env: S3RVER_ENV });
    for (const t of verified.targets) {
      expect(t.error, t.name).toBeUndefined();
      expect(t, t.name).toMatchObject({ source: 'verify', uploaded: t.name === 'bucket' ? 2 : 0, deleted: 0 });
    }
    expect(s3.log.slice(fromS3).filter(isListing).length).toBeGreaterThan(0);
    expect(await bucketDiff(reader, BUCKET, before, redirects)).toEqual([]);
  });
});
