// The change list of a deploy (src/deploy/changes.ts): the union of the release records' changes
// from the current release back to the target's, each path an upload or a deletion, in phase order;
// the session's chain instead of the records; a pruned chain (the manifests compared, or everything
// sent with W_DEPLOY_RESYNC). Releases are written here as the publish stage writes them: objects by
// content, a manifest (format 1: files inline) as an object, release.json and `current`.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeChange, emptiedFolders } from '../../../src/deploy/changes.ts';
import { checkDeployGates } from '../../../src/deploy/gates.ts';
import { verifyChange } from '../../../src/deploy/verify.ts';
import { newDeployKept, rememberPublish } from '../../../src/deploy/kept.ts';
import { phaseOf } from '../../../src/deploy/phases.ts';
import { warningSink } from '../../../src/errors/warnings.ts';
import { objectFile } from '../../../src/publish/paths.ts';
import { releasePaths, setCurrentRelease } from '../../../src/publish/releases.ts';
import { tempDir } from '../../helpers/pressroom.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;

beforeEach(async () => {
  tmp = await tempDir('pressroom-deploy-changes-');
  out = join(tmp.dir, 'out');
});
afterEach(() => tmp.cleanup());

async function put(bytes: string): Promise<string> {
  const h = sha(bytes);
  await mkdir(join(objectFile(out, h), '..'), { recursive: true });
  await writeFile(objectFile(out, h), bytes);
  return h;
}

/** Records a release of `files` whose parent is `parent` (a manifest sha) and change `changed`; returns its manifest sha. */
async function release(id: string, files: Record<string, string>, parent: string | null, changed: string[] | null): Promise<string> {
  const entries = [];
  for (const [path, bytes] of Object.entries(files)) entries.push({ path, sha256: await put(bytes), size: bytes.length });
  const manifest = await put(JSON.stringify({ version: 1, files: entries }));
  await mkdir(releasePaths(out, id).dir, { recursive: true });
  await writeFile(releasePaths(out, id).record, JSON.stringify({ manifest, parent, changed, precompress: false }));
  await setCurrentRelease(out, id);
  return manifest;
}

/** The manifest's own index is a file of the site, and changes with every release. */
const M = 'pressroom-manifest.json';
const R1 = '20260115T120000000Z';
const R2 = '20260115T120100000Z';
const R3 = '20260115T120200000Z';

/** Three releases: R2 changes b.html and adds assets/app-ABCDEFGH.js, R3 deletes a.html. */
async function three() {
  const m1 = await release(R1, { 'a.html': 'a', 'b.html': 'b1', _redirects: 'r' }, null, null);
  const m2 = await release(R2, { 'a.html': 'a', 'b.html': 'b2', _redirects: 'r', 'assets/app-ABCDEFGH.js': 'js' }, m1, ['assets/app-ABCDEFGH.js', 'b.html', M]);
  const m3 = await release(R3, { 'b.html': 'b2', _redirects: 'r', 'assets/app-ABCDEFGH.js': 'js' }, m2, ['a.html', M]);
  return { m1, m2, m3 };
}

const paths = (c: Awaited<ReturnType<typeof computeChange>>) => c.change.phases.map((p) => ({ phase: p.phase, files: p.files.map((f) => f.path) }));

describe('the change list', () => {
  it('is the union of the records back to the target\'s release: uploads in phase order, then deletions', async () => {
    const { m1, m3 } = await three();
    const c = await computeChange({ out, from: { release: R1, manifest: m1, at: '' } });
    expect(c.source).toBe('records');
    expect(c.change.full).toBe(false);
    expect(c.change.to).toMatchObject({ release: R3, manifest: m3 });
    expect(paths(c)).toEqual([
      { phase: 'assets', files: ['assets/app-ABCDEFGH.js'] },
      { phase: 'pages', files: ['b.html'] },
      { phase: 'hosts', files: [M] },
    ]);
    expect(c.change.deletions).toEqual(['a.html']);
    const js = c.change.phases[0].files[0];
    expect(js).toMatchObject({ source: objectFile(out, sha('js')), sha256: sha('js'), size: 2, contentType: 'text/javascript; charset=utf-8', cacheControl: 'public, max-age=31536000, immutable' });
    expect(c.change.phases[1].files[0]).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'max-age=0, must-revalidate' });
  });

  it('sends nothing to a target that holds the current release, and everything to a new one', async () => {
    const { m3 } = await three();
    const same = await computeChange({ out, from: { release: R3, manifest: m3, at: '' } });
    expect(same.change.phases).toEqual([]);
    expect(same.change.deletions).toEqual([]);
    const first = await computeChange({ out, from: undefined });
    expect(first.change.full).toBe(true);
    expect(paths(first)).toEqual([
      { phase: 'assets', files: ['assets/app-ABCDEFGH.js'] },
      { phase: 'pages', files: ['b.html'] },
      { phase: 'hosts', files: ['_redirects', M] },
    ]);
    expect(first.change.deletions).toEqual([]);
  });

  it('compares the manifests when the chain is pruned, and sends everything (W_DEPLOY_RESYNC) when the old manifest is gone too', async () => {
    const { m1 } = await three();
    await rm(releasePaths(out, R2).dir, { recursive: true });
    const viaManifests = await computeChange({ out, from: { release: R1, manifest: m1, at: '' } });
    expect(viaManifests.source).toBe('manifests');
    expect(paths(viaManifests)).toEqual([
      { phase: 'assets', files: ['assets/app-ABCDEFGH.js'] },
      { phase: 'pages', files: ['b.html'] },
      { phase: 'hosts', files: [M] },
    ]);
    expect(viaManifests.change.deletions).toEqual(['a.html']);

    await rm(objectFile(out, m1));
    const { warnings, warn } = warningSink();
    const resync = await computeChange({ out, from: { release: R1, manifest: m1, at: '' }, warn });
    expect(resync.change.full).toBe(true);
    expect(resync.change.deletions).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(['W_DEPLOY_RESYNC']);
  });

  it('--force sends every file and still deletes what the old manifest had', async () => {
    const { m1 } = await three();
    const c = await computeChange({ out, from: { release: R1, manifest: m1, at: '' }, full: true });
    expect(c.change.full).toBe(true);
    expect(c.change.phases.flatMap((p) => p.files).length).toBe(4);
    expect(c.change.deletions).toEqual(['a.html']);
  });

  it("takes the session's chain when it covers the target's release, without the records", async () => {
    const { m1, m2, m3 } = await three();
    const kept = newDeployKept();
    rememberPublish(kept, { release: R2, manifest: m2, parent: m1, changed: ['b.html'], precompress: false });
    // The session says R3 changed only a.html, and its head carries the files: the records are not read.
    const files = new Map([['b.html', { path: 'b.html', sha256: sha('b2'), size: 2 }]]);
    rememberPublish(kept, { release: R3, manifest: m3, parent: m2, changed: ['a.html'], precompress: false, files });
    // (The session's links are the test's own: they name no manifest file, unlike the records.)
    expect(kept.chain[1].files).toBeUndefined();
    await rm(releasePaths(out, R2).dir, { recursive: true });
    const c = await computeChange({ out, from: { release: R1, manifest: m1, at: '' }, kept });
    expect(c.source).toBe('session');
    expect(paths(c)).toEqual([{ phase: 'pages', files: ['b.html'] }]);
    expect(c.change.deletions).toEqual(['a.html']);
  });

  it('lists a whole site of 200,000 files for a first deploy (as many as a 50,000-post site with siblings; spread as arguments, they overflowed the stack)', async () => {
    const page = await put('p');
    const entries = Array.from({ length: 200_000 }, (_, i) => ({ path: `p/${String(i).padStart(6, '0')}/index.html`, sha256: page, size: 1 }));
    const manifest = await put(JSON.stringify({ version: 1, files: entries }));
    await mkdir(releasePaths(out, R1).dir, { recursive: true });
    await writeFile(releasePaths(out, R1).record, JSON.stringify({ manifest, parent: null, changed: null, precompress: false }));
    await setCurrentRelease(out, R1);
    const first = await computeChange({ out, from: undefined });
    expect(first.change.full).toBe(true);
    // The pages, and the manifest's own index.
    const files = first.change.phases.flatMap((p) => p.files).filter((f) => f.path.startsWith('p/'));
    expect(files.length).toBe(200_000);
    expect([files[0].path, files[199_999].path]).toEqual(['p/000000/index.html', 'p/199999/index.html']);
  });

  it('names no target nor out/ file: a missing release is PR_DEPLOY_NO_RELEASE', async () => {
    await expect(computeChange({ out, from: undefined })).rejects.toMatchObject({ code: 'PR_DEPLOY_NO_RELEASE' });
  });
});

describe('phases', () => {
  it('assets, then pages, then host files and the manifest', () => {
    expect(['data/posts/1.json', 'assets/entry-ABCDEFGH.css', 'uploads/x.png', 'pagefind/pagefind.js'].map(phaseOf)).toEqual(['assets', 'assets', 'assets', 'assets']);
    expect(['index.html', 'topic/news/index.html', '404.html', 'feed.xml', 'feeds/category/x/feed.json', 'sitemap.xml', 'robots.txt', 'index.html.br'].map(phaseOf)).toEqual(Array(8).fill('pages'));
    expect(['_redirects', '_headers', 'vercel.json', '.htaccess', 'pressroom-manifest.json', 'pressroom-manifest/abc.json'].map(phaseOf)).toEqual(Array(6).fill('hosts'));
  });
});

describe('gates', () => {
  const change = (n: number) => ({ to: { release: R1, manifest: 'x', at: '' }, full: false, phases: [], redirects: [], deletions: Array.from({ length: n }, (_, i) => `p${i}.html`) });

  it('maxDeletes: 256 by default, per target, --force opens it', () => {
    expect(() => checkDeployGates({ target: 't', change: change(256), siteFiles: 100_000, shrinkGate: 0.1 })).not.toThrow();
    expect(() => checkDeployGates({ target: 't', change: change(257), siteFiles: 100_000, shrinkGate: 0.1 })).toThrow(expect.objectContaining({ code: 'PR_DEPLOY_MAX_DELETES', exit: 'gate' }));
    expect(() => checkDeployGates({ target: 't', change: change(3), siteFiles: 100_000, maxDeletes: 2, shrinkGate: 0.1 })).toThrow(/would delete 3 files, more than its maxDeletes of 2/);
    expect(() => checkDeployGates({ target: 't', change: change(1000), siteFiles: 10, shrinkGate: 0.1, force: true })).not.toThrow();
  });

  it('the shrink gate on the deletions', () => {
    expect(() => checkDeployGates({ target: 't', change: change(100), siteFiles: 200, maxDeletes: 1000, shrinkGate: 0.1 })).toThrow(expect.objectContaining({ code: 'PR_DEPLOY_SHRINK' }));
    expect(() => checkDeployGates({ target: 't', change: change(10), siteFiles: 200, maxDeletes: 1000, shrinkGate: 0.1 })).not.toThrow();
  });
});

describe('verify', () => {
  it("keeps the build's redirect objects a listing shows (not drift to delete), puts one that is missing, and deletes a key the site does not have", async () => {
    await three();
    const sha256 = (s: string) => ({ sha256: sha(s) });
    // The target holds the release, two redirect objects but one, and a stray key.
    const listing = new Map<string, { sha256?: string; size?: number }>([['b.html', sha256('b2')], ['_redirects', sha256('r')], ['assets/app-ABCDEFGH.js', sha256('js')], ['old', { size: 0 }], ['stray.html', sha256('s')]]);
    const target = { name: 't', type: 's3' as const, readMarker: async () => undefined, apply: async () => ({ uploaded: 0, bytes: 0, deleted: 0, requests: 0 }), list: async () => listing };
    const redirects = [{ path: 'old', location: '/b' }, { path: 'older/index.html', location: '/b' }];
    const { change } = await verifyChange(target, { out, from: undefined }, redirects);
    expect(change.deletions).toEqual(['stray.html']);
    expect(change.redirects).toEqual([{ path: 'older/index.html', location: '/b' }]);
    expect(change.phases.flatMap((p) => p.files.map((f) => f.path))).toEqual([M]);
  });
});

describe('emptiedFolders', () => {
  it('names the folders of deleted paths that no file of the release is under, deepest first', () => {
    const release = ['index.html', 'news/a/index.html', 'search/part-2.json', 'topic/news/index.html'];
    const deleted = ['news/b/index.html', 'news/b/index.html.br', 'search/part-1.json', 'topic/news/page/9/index.html', 'gone/x/y/index.html'];
    expect(emptiedFolders(deleted, release)).toEqual(['topic/news/page/9', 'gone/x/y', 'topic/news/page', 'gone/x', 'news/b', 'gone']);
  });

  it('is empty when nothing is deleted or every folder still holds a file', () => {
    expect(emptiedFolders([], ['a/index.html'])).toEqual([]);
    expect(emptiedFolders(['a/old.json'], ['a/index.html', 'b/index.html'])).toEqual([]);
  });
});
