// docs/operations.md, "Scheduled runs that find nothing": a plain `pressroom build` against an API
// first asks it about every saved response (src/pipeline/unchanged.ts). When every answer is a 304
// and nothing else moved, the run ends there, having written nothing; when something changed, the
// build goes on, asks for no response twice, and publishes what a full build publishes.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/pipeline/index.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { listFiles, treeHashes } from '../helpers/files.ts';
import { buildInto, startTestApi, tempDir } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: string;
const opts = () => ({ api: api.url, handleSignals: false, workers: 0 as const });

beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-scheduled-');
  site = join(tmp.dir, 'site');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

/** Every file under the site's folder (out/ and .pressroom/) with its size and mtime: a write shows. */
async function touched(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await listFiles(root)) {
    const s = await stat(join(root, f));
    out[f] = `${s.size} ${s.mtimeMs}`;
  }
  return out;
}

/** out/ of the site against a full build of the API as it is now, at `now`: the paths that differ. */
async function differsFromFull(name: string, now?: string): Promise<string[]> {
  const full = join(tmp.dir, name);
  await buildInto(full, { ...opts(), full: true, ...(now ? { now } : {}) });
  const [a, b] = [await treeHashes(join(site, 'out')), await treeHashes(join(full, 'out'))];
  return Object.keys({ ...a, ...b }).filter((p) => a[p] !== b[p]);
}

describe('a scheduled build', () => {
  let first: BuildReport;
  let quiet: BuildReport;

  it('that finds nothing changed asks the API about every saved response and writes nothing', async () => {
    first = await buildInto(site, opts());
    expect(first.unchanged).toBeUndefined();
    const before = await touched(site);
    quiet = await buildInto(site, opts());
    expect(quiet.unchanged?.validUntil).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(quiet.release).toBe(first.release);
    expect(quiet.requests).toBe(first.snapshotEntries);
    expect(quiet.notModified).toBe(quiet.requests);
    expect(quiet.incremental).toMatchObject({ rendered: 0, changedFiles: 0, publish: 'unchanged', reused: first.routes });
    expect(await touched(site)).toEqual(before);
  });

  it('that finds an edit publishes what a full build publishes, asking for no response twice', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: 'Found by the schedule' });
    const r = await buildInto(site, opts());
    expect(r.unchanged).toBeUndefined();
    expect(r.incremental.rendered).toBeGreaterThan(0);
    expect(r.incremental.rendered).toBeLessThan(r.routes);
    // The probe's confirmed answers are reused; only the changed one is asked for by both.
    expect(r.requests).toBeLessThanOrEqual(first.requests + 1);
    expect(await differsFromFull('full-edit')).toEqual([]);
    // The new release holds true in turn.
    expect((await buildInto(site, opts())).unchanged).toBeDefined();
  });

  it('builds once the clock passes what the release holds true, or goes back before its snapshot', async () => {
    const later = (await buildInto(site, opts())).unchanged!.validUntil;
    // Until then, the site is what a full build at that clock publishes.
    const just = new Date(Date.parse(later) - 1).toISOString();
    expect((await buildInto(site, { ...opts(), now: just })).unchanged).toBeDefined();
    expect(await differsFromFull('full-just', just)).toEqual([]);
    const r = await buildInto(site, { ...opts(), now: later });
    expect(r.unchanged).toBeUndefined();
    expect(await differsFromFull('full-later', later)).toEqual([]);
    const earlier = new Date(Date.parse(later) - 3_600_000).toISOString();
    expect((await buildInto(site, { ...opts(), now: earlier })).unchanged).toBeUndefined();
  });

  it('builds when the configuration changed, as it renders with it', async () => {
    const r = await buildInto(site, { ...opts(), siteName: 'Another Name' });
    expect(r.unchanged).toBeUndefined();
    expect(r.incremental.rendered).toBe(r.routes);
  });
});
