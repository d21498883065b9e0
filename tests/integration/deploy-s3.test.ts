// The `s3` deploy target against a real S3 protocol (docs/deploying.md, "S3, R2, MinIO, B2,
// GCS"): s3rver in this process checks every request's SigV4 signature, stores what it is
// sent and serves S3's website endpoint. The sample site is built with the S3 host files, a
// full deploy sends every file of its release, and each object read back equals out/ byte for
// byte with its Content-Type and Cache-Control; a later change sends only its own requests and
// never lists the bucket; redirects are website-redirect objects; refused credentials and a
// missing bucket are PR_DEPLOY_* errors; a deploy stopped between phases leaves the old marker.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetBucketWebsiteCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/index.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import type { DeployChange, DeployTarget } from '../../src/deploy/types.ts';
import { fileMd5, s3Redirects, s3Target } from '../../src/deploy/targets/s3.ts';
import { hostSnippetsDirFor } from '../../src/emit/host-snippets.ts';
import { IMMUTABLE, REVALIDATE } from '../../src/emit/headers.ts';
import { fullChange, isListing, S3RVER_ENV, startS3rver, type TestS3 } from '../helpers/s3rver.ts';
import { ROOT, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

const BUCKET = 'site';
const PREFIX = 'www/';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let s3: TestS3;
let out: string;
let change: DeployChange;
let raw: S3Client;
/** The redirect objects the build wrote for S3 (the sample API's redirects and the two of the configuration). */
let redirects: Awaited<ReturnType<typeof s3Redirects>>;

const config = (over: Record<string, unknown> = {}) => ({ name: 'bucket', type: 's3' as const, bucket: BUCKET, prefix: '/www', endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', ...over });
const target = (over: Record<string, unknown> = {}, env: Record<string, string> = S3RVER_ENV): DeployTarget => s3Target(config(over), { out, env, hostsDir: hostSnippetsDirFor(out) });
const getObject = async (key: string) => {
  const got = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { ...got, bytes: Buffer.from(await got.Body!.transformToByteArray()) };
};
const missing = (key: string) => raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(() => false, (e: { name?: string }) => e.name === 'NotFound' || e.name === 'NoSuchKey');
/** A GET through S3's website endpoint (the Host names the bucket's website), without following redirects. */
const websiteGet = (path: string) =>
  new Promise<{ status: number; location?: string; body: string }>((ok, fail) => {
    const req = request({ host: '127.0.0.1', port: s3.port, path, headers: { host: `${BUCKET}.s3-website-us-east-1.amazonaws.com` } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => ok({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on('error', fail);
    req.end();
  });

beforeAll(async () => {
  api = await startTestApi({ posts: 14 });
  tmp = await tempDir('pressroom-deploy-s3-');
  out = join(tmp.dir, 'out');
  const configFile = join(tmp.dir, 'site.json');
  const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')) as Record<string, unknown>;
  // One redirect key a prefix of another: the build writes them as redirect objects (s3/redirect-objects.json), not routing rules.
  const configured = [
    { from: '/old-story', to: '/news' },
    { from: '/old-story-two', to: '/about' },
  ];
  await writeFile(configFile, JSON.stringify({ ...site, hosts: ['netlify', 's3'], redirects: configured }));
  await build({ api: api.url, out, now: TEST_NOW, configFile, env: {}, handleSignals: false, workers: 0 });
  change = await fullChange(out, TEST_NOW);
  redirects = await s3Redirects(hostSnippetsDirFor(out));
  s3 = await startS3rver(join(tmp.dir, 's3rver'), [BUCKET]);
  raw = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  raw?.destroy();
  await s3?.close();
  await api?.close();
  await tmp?.cleanup();
});

describe('the s3 deploy target', () => {
  it('a first deploy puts every file of the release with its bytes, Content-Type, Cache-Control and sha256, and the marker last', async () => {
    const t = target();
    expect(await t.readMarker()).toBeUndefined();
    const files = change.phases.flatMap((p) => p.files);
    expect(files.length).toBeGreaterThan(50);
    const from = s3.log.length;
    const report = await t.apply(change, { dryRun: false });
    const sent = s3.log.slice(from);
    expect(sent.filter(isListing)).toEqual([]);
    expect(redirects).toEqual(expect.arrayContaining([{ path: 'old-story', location: '/news' }, { path: 'old-story-two/index.html', location: '/about' }]));
    expect(report.uploaded).toBe(files.length + redirects.length);
    expect(report.bytes).toBe(files.reduce((n, f) => n + f.size, 0));
    // The marker is the last request, after every file, redirect and the website configuration.
    expect(sent.at(-1)).toMatch(/^PUT \/site\/www\/\.pressroom\/deploy\.json/);
    expect(sent.filter((l) => l.includes('?website')).length).toBe(1);
    expect(report.requests).toBe(sent.length);

    for (const f of files) {
      const got = await getObject(PREFIX + f.path);
      expect(got.bytes.equals(await readFile(join(out, f.path))), f.path).toBe(true);
      expect(got.ContentType, f.path).toBe(f.contentType);
      expect(got.CacheControl, f.path).toBe(/^assets\/.+-[A-Za-z0-9]{8,}\.(js|css)$/.test(f.path) ? IMMUTABLE : REVALIDATE);
      expect(got.Metadata?.sha256, f.path).toBe(createHash('sha256').update(got.bytes).digest('hex'));
    }
    expect(files.filter((f) => f.path.endsWith('.html')).every((f) => f.contentType === 'text/html; charset=utf-8')).toBe(true);
    expect(files.some((f) => f.cacheControl === IMMUTABLE)).toBe(true);
    expect(await t.readMarker()).toEqual(change.to);
    // Each phase completed before the next began: no page was put before the last asset.
    const lastAsset = Math.max(...change.phases[0]!.files.map((f) => sent.findIndex((l) => l.startsWith(`PUT /site/www/${encodeURI(f.path)}?`))));
    const firstPage = Math.min(...change.phases[1]!.files.map((f) => sent.findIndex((l) => l.startsWith(`PUT /site/www/${encodeURI(f.path)}?`))));
    expect(lastAsset).toBeGreaterThanOrEqual(0);
    expect(firstPage).toBeGreaterThan(lastAsset);
    await t.close?.();
  });

  it('redirects are website-redirect objects that the website endpoint answers with a 301, and the website configuration is applied', async () => {
    const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}old-story` }));
    expect(head.WebsiteRedirectLocation).toBe('/news');
    expect((await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}old-story-two/index.html` }))).WebsiteRedirectLocation).toBe('/about');
    const website = await raw.send(new GetBucketWebsiteCommand({ Bucket: BUCKET }));
    expect(website.IndexDocument?.Suffix).toBe('index.html');
    expect(website.ErrorDocument?.Key).toBe('404.html');
    const redirected = await websiteGet('/www/old-story');
    expect(redirected.status).toBe(301);
    expect(redirected.location).toBe('/news');
    // And a page through the same endpoint: its folder's index document.
    const page = await websiteGet('/www/about/');
    expect(page.status).toBe(200);
    expect(page.body).toBe(await readFile(join(out, 'about/index.html'), 'utf8'));
  });

  it('list() gives every key under the prefix, page by page, with the md5 of its single-part put, as fileMd5 computes it from out/', async () => {
    const from = s3.log.length;
    const held = await target().list!();
    // Over 1,000 keys: more than one page, each a listing of the prefix.
    expect(s3.log.slice(from).filter(isListing).length).toBe(Math.ceil((held.size + 1) / 1000));
    expect(held.size).toBeGreaterThan(1000);
    const files = change.phases.flatMap((p) => p.files);
    for (const f of files.slice(0, 40)) expect(held.get(f.path)?.md5, f.path).toBe(await fileMd5(join(out, f.path)));
    expect(held.has('.pressroom/deploy.json')).toBe(false);
    expect(held.size).toBe(files.length + redirects.length);
    expect(held.get('old-story')).toEqual({ md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 0 });
  });

  it('a change of 2 uploads and 1 deletion sends those 3 requests and the marker, lists nothing, and redirects that did not change are not sent again', async () => {
    const t = target();
    const before = await t.readMarker();
    const page = change.phases[1]!.files[0]!;
    const asset = change.phases[0]!.files.find((f) => f.path.endsWith('.css'))!;
    const gone = change.phases[1]!.files[1]!;
    const edited = join(tmp.dir, 'edited.html');
    await writeFile(edited, '<!doctype html><title>Edited</title>');
    const next: DeployChange = {
      from: before,
      to: { release: 'r-next', manifest: 'f'.repeat(64), at: TEST_NOW },
      full: false,
      phases: [
        { phase: 'assets', files: [{ ...asset, path: 'assets/added-ABCDEFGH.css' }] },
        { phase: 'pages', files: [{ ...page, source: edited, size: 36, sha256: createHash('sha256').update('<!doctype html><title>Edited</title>').digest('hex') }] },
        { phase: 'hosts', files: [] },
      ],
      redirects: [],
      deletions: [gone.path],
    };
    const from = s3.log.length;
    const report = await t.apply(next, { dryRun: false });
    const sent = s3.log.slice(from);
    expect(sent.filter(isListing)).toEqual([]);
    expect(sent.map((l) => l.replace(/\?.*/, ''))).toEqual([
      'PUT /site/www/assets/added-ABCDEFGH.css',
      `PUT /site/www/${encodeURI(page.path)}`,
      'POST /site/',
      'PUT /site/www/.pressroom/deploy.json',
    ]);
    expect(report).toEqual({ uploaded: 2, bytes: asset.size + 36, deleted: 1, requests: 4 });
    expect((await getObject(PREFIX + page.path)).bytes.toString()).toContain('Edited');
    expect(await missing(PREFIX + gone.path)).toBe(true);
    expect(await t.readMarker()).toEqual(next.to);
  });

  it('deletions go in batches of 1,000 keys; a redirect the build no longer writes is deleted, and one the change names is sent', async () => {
    const t = target();
    const before = (await t.readMarker())!;
    // The next build drops the redirect from /old-story-two (its two objects).
    const file = join(hostSnippetsDirFor(out), 's3', 'redirect-objects.json');
    const written = await readFile(file, 'utf8');
    const manifest = JSON.parse(written) as { objects: { key: string }[] };
    await writeFile(file, JSON.stringify({ ...manifest, objects: manifest.objects.filter((o) => !o.key.startsWith('old-story-two')) }));
    try {
      const next: DeployChange = {
        from: before,
        to: { release: 'r-deletions', manifest: 'e'.repeat(64), at: TEST_NOW },
        full: false,
        phases: [{ phase: 'assets', files: [] }, { phase: 'pages', files: [] }, { phase: 'hosts', files: [] }],
        // The deploy stage's own diff of the redirects: one points elsewhere now.
        redirects: [{ path: 'old-story', location: '/about' }],
        deletions: Array.from({ length: 2500 }, (_, i) => `never/${i}.html`),
      };
      const from = s3.log.length;
      const report = await t.apply(next, { dryRun: false });
      const sent = s3.log.slice(from).map((l) => l.replace(/\?.*/, ''));
      expect(sent.filter((l) => l.startsWith('POST /site/'))).toHaveLength(3);
      expect(sent.filter((l) => l.startsWith('PUT'))).toEqual(['PUT /site/www/old-story', 'PUT /site/www/.pressroom/deploy.json']);
      expect(report.deleted).toBe(2502);
      expect(await missing(`${PREFIX}old-story-two`)).toBe(true);
      expect(await missing(`${PREFIX}old-story-two/index.html`)).toBe(true);
      expect((await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}old-story` }))).WebsiteRedirectLocation).toBe('/about');
      expect((await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}old-story/index.html` }))).WebsiteRedirectLocation).toBe('/news');
      expect(s3.log.slice(from).filter(isListing)).toEqual([]);
    } finally {
      await writeFile(file, written);
    }
  });

  it('a store without DeleteObjects (GCS in interoperability mode) gets one DeleteObject per key', async () => {
    const t = target();
    const before = (await t.readMarker())!;
    const keys = ['extra/a.txt', 'extra/b.txt', 'extra/c.txt'];
    for (const k of keys) await t.apply({ from: before, to: before, full: false, phases: [{ phase: 'assets', files: [{ ...change.phases[0]!.files[0]!, path: k }] }], redirects: [], deletions: [] }, { dryRun: false });
    s3.multiDelete = false;
    try {
      const from = s3.log.length;
      const next: DeployChange = { from: before, to: { ...before, release: 'r-gcs' }, full: false, phases: [], redirects: [], deletions: keys };
      const report = await t.apply(next, { dryRun: false });
      const sent = s3.log.slice(from).map((l) => l.replace(/\?.*/, ''));
      expect(sent.filter((l) => l.startsWith('POST'))).toEqual(['POST /site/']);
      // (s3rver may answer a delete racing another in the same folder with a 500, which the SDK retries.)
      expect([...new Set(sent.filter((l) => l.startsWith('DELETE')))].sort()).toEqual(keys.map((k) => `DELETE /site/www/${k}`));
      expect(report.deleted).toBe(3);
      for (const k of keys) expect(await missing(PREFIX + k)).toBe(true);
      // The target remembers: the next deletion goes key by key at once.
      const again = s3.log.length;
      await t.apply({ ...next, deletions: ['extra/none.txt'] }, { dryRun: false });
      expect(s3.log.slice(again).filter((l) => l.startsWith('POST'))).toEqual([]);
    } finally {
      s3.multiDelete = true;
    }
  });

  it('a dry run sends nothing', async () => {
    const t = target();
    await t.readMarker();
    const from = s3.log.length;
    const report = await t.apply(change, { dryRun: true });
    expect(s3.log.slice(from)).toEqual([]);
    expect(report.requests).toBe(0);
    expect(report.uploaded).toBeGreaterThan(50);
  });

  it('a deploy stopped between phases (abort, or a throwing onProgress) leaves the old marker, and the next one catches up', async () => {
    const t = target();
    const old = (await t.readMarker())!;
    // A part of the full change: 20 files of each phase.
    const phases = change.phases.map((p) => ({ ...p, files: p.files.slice(0, 20) }));
    const assets = phases[0]!.files.length;
    const stopped: DeployChange = { ...change, phases, from: old, to: { release: 'r-stopped', manifest: 'd'.repeat(64), at: TEST_NOW } };
    const controller = new AbortController();
    const from = s3.log.length;
    await expect(t.apply(stopped, { dryRun: false, signal: controller.signal, onProgress: (done) => done === assets && controller.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    const sent = s3.log.slice(from);
    expect(sent.filter((l) => l.startsWith('PUT /site/www/') && l.includes('.html?'))).toEqual([]);
    expect(sent.some((l) => l.includes('.pressroom/deploy.json') && l.startsWith('PUT'))).toBe(false);
    expect(await target().readMarker()).toEqual(old);

    await expect(t.apply(stopped, { dryRun: false, onProgress: (done) => { if (done === assets + 3) throw new Error('killed'); } })).rejects.toThrow('killed');
    expect(await target().readMarker()).toEqual(old);

    await t.apply(stopped, { dryRun: false });
    expect(await target().readMarker()).toEqual(stopped.to);
  });

  it('with "website": false (a store without S3 website hosting) sends neither the website configuration nor redirect objects', async () => {
    const t = s3Target({ ...config({ prefix: 'plain', website: false }) }, { out, env: S3RVER_ENV, hostsDir: hostSnippetsDirFor(out) });
    const part: DeployChange = { ...change, phases: change.phases.map((p) => ({ ...p, files: p.files.slice(0, 5) })), redirects: [{ path: 'old-story', location: '/news' }] };
    const from = s3.log.length;
    const report = await t.apply(part, { dryRun: false });
    const sent = s3.log.slice(from);
    expect(sent.filter((l) => l.includes('?website'))).toEqual([]);
    expect(sent.filter((l) => l.includes('old-story'))).toEqual([]);
    expect(report.uploaded).toBe(part.phases.reduce((n, p) => n + p.files.length, 0));
    expect(await t.readMarker()).toEqual(part.to);
  });

  it('under a base path, with the prefix of the same name, the website endpoint serves the pages and redirects the old URLs under it', async () => {
    const bucket = 'project-site';
    const s3b = await startS3rver(join(tmp.dir, 's3rver-project'), [bucket]);
    try {
      const dir = join(tmp.dir, 'project');
      const projectOut = join(dir, 'out');
      const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(tmp.dir, 'project.json'), JSON.stringify({ ...site, hosts: ['s3'], redirects: [{ from: '/old-story', to: '/news' }, { from: '/old-story-two', to: '/about' }] }));
      await build({ api: api.url, out: projectOut, now: TEST_NOW, configFile: join(tmp.dir, 'project.json'), env: {}, handleSignals: false, workers: 0, siteUrl: 'https://devdispatch.example/project' });
      // The deploy stage's call: no hosts folder and no base path given, both found beside out/.
      const t = s3Target({ name: 'project', type: 's3', bucket, prefix: 'project', endpoint: s3b.endpoint, forcePathStyle: true, region: 'us-east-1' }, { out: projectOut, env: S3RVER_ENV });
      await t.apply(await fullChange(projectOut, TEST_NOW), { dryRun: false });
      const get = (path: string) =>
        new Promise<{ status: number; location?: string; body: string }>((ok, fail) => {
          const req = request({ host: '127.0.0.1', port: s3b.port, path, headers: { host: `${bucket}.s3-website-us-east-1.amazonaws.com` } }, (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => ok({ status: res.statusCode!, location: res.headers.location, body }));
          });
          req.on('error', fail);
          req.end();
        });
      expect(await get('/project/old-story')).toMatchObject({ status: 301, location: '/project/news' });
      expect(await get('/project/old-story-two/')).toMatchObject({ status: 301, location: '/project/about' });
      const page = await get('/project/about/');
      expect(page.status).toBe(200);
      expect(page.body).toBe(await readFile(join(projectOut, 'about/index.html'), 'utf8'));
      expect(s3b.log.filter(isListing)).toEqual([]);
      await t.close?.();
    } finally {
      await s3b.close();
    }
  });

  it('refused credentials are PR_DEPLOY_AUTH naming the variables, and a missing bucket PR_DEPLOY_TARGET naming it', async () => {
    const wrongSecret = target({}, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'wrong' });
    await expect(wrongSecret.readMarker()).rejects.toMatchObject({ code: 'PR_DEPLOY_AUTH', message: expect.stringContaining('SignatureDoesNotMatch') });
    await expect(wrongSecret.apply(change, { dryRun: false })).rejects.toMatchObject({ code: 'PR_DEPLOY_AUTH', hint: expect.stringContaining('AWS_SECRET_ACCESS_KEY') });
    const unknownKey = target({}, { AWS_ACCESS_KEY_ID: 'NOBODY', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
    await expect(unknownKey.readMarker()).rejects.toMatchObject({ code: 'PR_DEPLOY_AUTH', message: expect.stringContaining('InvalidAccessKeyId') });
    const noBucket = target({ bucket: 'no-such-bucket' });
    await expect(noBucket.readMarker()).rejects.toMatchObject({ code: 'PR_DEPLOY_TARGET', message: expect.stringContaining('no-such-bucket') });
  });
});
