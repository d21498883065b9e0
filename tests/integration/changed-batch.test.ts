// Change-driven builds of a batch of edits (pressroom watch builds once for every REF named while
// it was busy) equal full builds. The soak of bench/HISTORY.md ("bench/soak.ts: dated figures",
// `--minutes 7`): posts were put into a sub-category, then it was removed (subcatRemove,
// REF `categories`), and the watcher's output kept that tag's feeds and two posts' data naming it.
// A batch of those edits, all made before its build, publishes what a full build publishes (the
// first test, and the seeded properties); what left the soak's output behind is the removal
// landing while a build crawled (the last tests), as edits did all through the soak.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRef } from '../../src/webhook/refs.ts';
import { build, rehearse, snapshotDirFor, type BuildOptions } from '../../src/pipeline/index.ts';
import { loadPrevious } from '../../src/pipeline/snapshot.ts';
import { PublishSession } from '../../src/pipeline/session.ts';
import { startSampleApi, type Mutations } from '../../src/sample-api/index.ts';
import { POST_EDITS, RECORD_EDITS } from '../../src/sample-api/random-edits.ts';
import { changedProperty } from '../helpers/changed-property.ts';
import { treeHashes } from '../helpers/files.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NOW = '2026-01-15T12:00:00Z';
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('a batch that fills a sub-category and then removes it', () => {
  it('publishes what a full build of the same API state publishes', async () => {
    const root = await mkdtemp(join(tmpdir(), 'pressroom-batch-'));
    dirs.push(root);
    const api = await startSampleApi({ posts: 12, seed: 7, today: NOW });
    try {
      const base: BuildOptions = { api: api.url, now: NOW, configFile: join(ROOT, 'config/site.json'), env: {}, handleSignals: false, workers: 0 };
      const out = join(root, 'live', 'out');
      await build({ ...base, out });
      const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
      await rehearse({ ...base, out, session });

      const c = api.corpus;
      const target = c.subcats.find((s) => s.subcat_slug === 'semiconductors')!;
      const slug = target.subcat_slug;
      const published = c.posts.filter((p) => p.status === 'publish');
      const featured = published.filter((p) => c.categories[p.cat].cat_slug === 'featured');
      const others = published.filter((p) => c.categories[p.cat].cat_slug !== 'featured');
      const refs = new Set<string>();
      // The edits of random-edits.ts's makers, each with the REFs its maker names.
      const [a, b] = featured;
      api.mutate.editPost(a.id, { subcat_slug: slug, meta_keywords: null });
      refs.add(`post:${a.id}`);
      api.mutate.editPost(b.id, { subcat_slug: slug, meta_keywords: slug });
      refs.add(`post:${b.id}`);
      api.mutate.editPost(others[0].id, { meta_keywords: `${target.subcat_name.toLowerCase()}, ${slug}` });
      refs.add(`post:${others[0].id}`);
      api.mutate.editPost(others[1].id, { cat_slug: 'featured', subcat_slug: slug });
      refs.add(`post:${others[1].id}`);
      api.mutate.removeSubcat(slug);
      refs.add('categories');

      const r = await build({ ...base, out, session, changed: [...refs].map(parseRef) });
      expect(r.changed?.fallback ?? null).toBe(null);
      const got = await treeHashes(out);
      const full = join(root, 'full', 'out');
      await build({ ...base, out: full, full: true });
      const want = await treeHashes(full);
      const differ = Object.keys({ ...got, ...want }).filter((f) => got[f] !== want[f]);
      expect(differ).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

// The seeded property of tests/helpers/changed-property.ts, 5 to 12 edits a build: edits of every
// kind, then only the kinds that move posts between sub-categories and change the sub-categories.
changedProperty([7, 2026], { steps: 8, batch: [5, 12] });
const { subcat, keywords, move, add } = POST_EDITS;
const { subcatRemove, subcatRename, subcatAdd } = RECORD_EDITS;
changedProperty([1], { steps: 6, batch: [5, 12], makers: { subcat, keywords, move, add, subcatRemove, subcatRename, subcatAdd } });

/**
 * A relay in front of the sample API that calls `before` with each request's path, and waits for it,
 * before passing the request on: an edit made there lands in the middle of a build's crawl.
 */
async function startRelay(target: string, before: (path: string) => void): Promise<{ url: string; stop(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    before(req.url ?? '');
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((ok) => (server.close(() => ok()), server.closeAllConnections())),
  };
}

// As in the soak, where edits kept coming while each build crawled for minutes: the build of the
// posts' REFs reads their details while they are in the sub-category, the sub-category is removed
// (or re-slugged) before it reads the sub-category's listings, and the next build has that edit's
// REF alone. Before src/crawl/changed.ts read every post whose details print the sub-category, the
// removal left the posts' details (their pages and data) and the removed tag's feeds as they were.
const CHANGES: [string, (m: Mutations, slug: string) => void][] = [
  ['removed', (m, slug) => m.removeSubcat(slug)],
  ['re-slugged', (m, slug) => m.editSubcat(slug, { subcat_name: 'Chips', subcat_slug: 'chips' })],
];
describe.each(CHANGES)('a sub-category %s while the build that filled it crawls', (_, change) => {
  it('is as a full build has it after the next build, which names only `categories`', async () => {
    const root = await mkdtemp(join(tmpdir(), 'pressroom-batch-'));
    dirs.push(root);
    const api = await startSampleApi({ posts: 12, seed: 7, today: NOW });
    const c = api.corpus;
    const slug = 'semiconductors';
    let armed = false;
    let removed = false;
    const relay = await startRelay(api.url, (path) => {
      if (armed && !removed && path.startsWith('/api/post/topic/') && path.includes(`/${slug}?`)) {
        change(api.mutate, slug);
        removed = true;
      }
    });
    try {
      const base: BuildOptions = { api: relay.url, now: NOW, configFile: join(ROOT, 'config/site.json'), env: {}, handleSignals: false, workers: 0 };
      const out = join(root, 'live', 'out');
      await build({ ...base, out });
      const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
      await rehearse({ ...base, out, session });

      const featured = c.posts.filter((p) => p.status === 'publish' && c.categories[p.cat].cat_slug === 'featured').slice(0, 2);
      for (const p of featured) api.mutate.editPost(p.id, { subcat_slug: slug });
      armed = true;
      const first = await build({ ...base, out, session, changed: featured.map((p) => parseRef(`post:${p.id}`)) });
      expect({ removed, fallback: first.changed?.fallback ?? null }).toEqual({ removed: true, fallback: null });
      const r = await build({ ...base, out, session, changed: [parseRef('categories')] });
      expect(r.changed?.fallback ?? null).toBe(null);
      const got = await treeHashes(out);
      const full = join(root, 'full', 'out');
      await build({ ...base, out: full, full: true });
      const want = await treeHashes(full);
      const differ = Object.keys({ ...got, ...want }).filter((f) => got[f] !== want[f]);
      expect(differ).toEqual([]);
    } finally {
      await relay.stop();
      await api.close();
    }
  });
});
