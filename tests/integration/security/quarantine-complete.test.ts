// A record left out is left out everywhere (docs/decisions/0112-quarantine-one-view.md): the hostile
// corpus's twins (posts `Case-Twin`/`case-twin` and `café-review` NFC/NFD, a category `News` beside
// `news`, sub-categories `café` NFC/NFD, events `News`/`news`) and its wrong-typed records are named in
// the build's quarantine report, and no page link, embedded data, island, sitemap, feed, mirror file
// or search fragment names one of them; no two paths in out/ are one name on a case-insensitive,
// normalising disk. Two full builds give the same bytes, and change-driven builds of one session
// (as pressroom watch runs them) publish what a full build of the same API state publishes, the
// left-out records out, also when an edit resolves a twin.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, snapshotDirFor, type BuildOptions, type BuildReport } from '../../../src/pipeline/index.ts';
import { loadPrevious } from '../../../src/pipeline/snapshot.ts';
import { PublishSession } from '../../../src/pipeline/session.ts';
import type { SampleApi } from '../../../src/sample-api/index.ts';
import { parseRef } from '../../../src/webhook/refs.ts';
import { treeHashes } from '../../helpers/files.ts';
import { patientConfig, ROOT, startTestApi, tempDir, TEST_NOW } from '../../helpers/pressroom.ts';
import { foldedTwins, leftOutMentions, needleOf } from './left-out.ts';

const POSTS = 40;
/** The id of the NFD sub-category café. */
const nfdCafe = () => ctx.api.corpus.subcats.find((s) => s.subcat_slug === 'cafe\u0301')!.subcat_id;

interface Published {
  out: string;
  report: BuildReport;
  tree: Record<string, string>;
}

const ctx = {} as {
  api: SampleApi;
  origin: string;
  full: Published;
  again: Published;
  /** Each change-driven step with the full build of the same API state. */
  steps: { label: string; live: Published; reference: Published }[];
};
const cleanups: (() => Promise<void>)[] = [];

async function fullBuild(dir: string, base: BuildOptions): Promise<Published> {
  const out = join(dir, 'out');
  const report = await build({ ...base, out, full: true });
  return { out, report, tree: await treeHashes(out) };
}

beforeAll(async () => {
  ctx.api = await startTestApi({ posts: POSTS, corpus: 'hostile' });
  cleanups.push(() => ctx.api.close());
  const t = await tempDir('pressroom-left-out-');
  cleanups.push(t.cleanup);
  ctx.origin = new URL(JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')).site.url).origin;
  const base: BuildOptions = { api: ctx.api.url, now: TEST_NOW, configFile: await patientConfig(t.dir), env: {}, handleSignals: false, workers: 0 };
  ctx.full = await fullBuild(join(t.dir, 'a'), base);
  ctx.again = await fullBuild(join(t.dir, 'b'), base);

  // Change-driven builds of one session on a third output, each compared with a full build.
  const out = join(t.dir, 'live', 'out');
  await build({ ...base, out });
  const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
  const post = (name: string) => ctx.api.corpus.posts.find((p) => p.name === name)!.id;
  const edits: { label: string; edit: () => void; refs: string[] }[] = [
    { label: 'title of the kept Case-Twin', edit: () => ctx.api.mutate.editPost(post('Case-Twin'), { post_title: 'Case twin, edited' }), refs: [`post:${post('Case-Twin')}`] },
    { label: 'title of the twin category post', edit: () => ctx.api.mutate.editPost(post('hostile-category-post-1'), { post_title: 'Still a twin' }), refs: [`post:${post('hostile-category-post-1')}`] },
    // The kept twin deleted: the other one is published now, and every list shows it again.
    { label: 'the kept Case-Twin deleted', edit: () => ctx.api.mutate.deletePost(post('Case-Twin')), refs: [`post:${post('Case-Twin')}`] },
  ];
  ctx.steps = [];
  for (const [i, e] of edits.entries()) {
    e.edit();
    const report = await build({ ...base, out, session, changed: e.refs.map(parseRef) });
    const live = { out, report, tree: await treeHashes(out) };
    ctx.steps.push({ label: e.label, live, reference: await fullBuild(join(t.dir, `full-${i}`), base) });
  }
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe('the hostile build leaves each quarantined record out of everything', () => {
  it('names the twin category, sub-category and event in its quarantine report, among the others', () => {
    const ids = ctx.full.report.quarantined.map((q) => q.id);
    expect(ids).toContainEqual(expect.stringMatching(/^category \d+ \(News\)$/));
    // The crawl keeps slugs in NFC: the NFD sub-category is named as `café` too, by its id (the later one).
    expect(ids).toContainEqual(`sub-category ${nfdCafe()} (caf\u00e9)`);
    expect(ids).toContainEqual(expect.stringMatching(/^event \d+ \(news\)$/));
    expect(ids).toContainEqual(expect.stringMatching(/^post \d+ \(news\/case-twin\)$/));
    expect(ids).toContainEqual('ad 103');
    // Every record the report names is one the checks below can look for.
    expect(ids.filter((id) => needleOf({ endpoint: '', id, reason: '' }) === null)).toEqual([]);
  });

  it('has no link, menu entry, data, island, sitemap URL, feed item, mirror file or search entry naming one', async () => {
    expect(await leftOutMentions(ctx.full.out, ctx.full.report.quarantined, ctx.origin)).toEqual([]);
  });

  it('publishes the kept twin of each pair', () => {
    const files = Object.keys(ctx.full.tree);
    for (const f of ['news/Case-Twin/index.html', 'events/News/index.html', 'topic/news/caf\u00e9/index.html', 'data/event/eventdetails/News.json']) expect(files).toContain(f);
    for (const f of ['events/news/index.html', 'data/event/eventdetails/news.json', 'News/hostile-category-post-1/index.html']) expect(files).not.toContain(f);
  });

  it('has no two paths in out/ that are one name after case folding and NFC', async () => {
    expect(await foldedTwins(ctx.full.out)).toEqual([]);
  });

  it('gives the same bytes when built again', () => {
    expect(ctx.again.tree).toEqual(ctx.full.tree);
  });
});

describe('change-driven builds of one session keep them out', () => {
  it('publish after each edit what a full build of the same state publishes, with nothing left out named', async () => {
    expect(ctx.steps.map((s) => s.label)).toHaveLength(3);
    for (const { label, live, reference } of ctx.steps) {
      const differ = Object.keys({ ...live.tree, ...reference.tree }).filter((f) => live.tree[f] !== reference.tree[f]);
      expect({ label, differ }).toEqual({ label, differ: [] });
      expect({ label, quarantined: live.report.quarantined }).toEqual({ label, quarantined: reference.report.quarantined });
      expect({ label, found: await leftOutMentions(reference.out, reference.report.quarantined, ctx.origin) }).toEqual({ label, found: [] });
      expect({ label, twins: await foldedTwins(live.out) }).toEqual({ label, twins: [] });
    }
  });

  it('publishes the other twin once the kept one is gone', () => {
    const last = ctx.steps[2];
    expect(last.live.report.quarantined.map((q) => q.id)).not.toContainEqual(expect.stringMatching(/^post \d+ \(news\/case-twin\)$/));
    expect(Object.keys(last.live.tree)).toContain('news/case-twin/index.html');
    expect(Object.keys(last.live.tree)).not.toContain('news/Case-Twin/index.html');
  });
});
