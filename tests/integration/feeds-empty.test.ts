// A feed without items (docs/deploying.md, "Feeds"): a tag whose posts all left it keeps its
// page and its feed, and that feed's date comes from the data, as every other date of a feed
// does. So a change-driven build that empties a tag (what a watcher publishes) writes the feeds
// a full build of the same data writes at another clock; with the build clock in the empty feed
// (`<updated>`, `<lastBuildDate>`), `pressroom diff` against a `--full` build exited 1.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { treeHashes } from '../helpers/files.ts';
import { buildInto, startTestApi, tempDir } from '../helpers/pressroom.ts';
import { readFile } from 'node:fs/promises';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  api = await startTestApi({ posts: 30 });
  tmp = await tempDir('pressroom-feeds-empty-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

/** The feed files of a built site, by path, with their hashes. */
const feedsOf = async (out: string) => Object.fromEntries(Object.entries(await treeHashes(out)).filter(([path]) => path.startsWith('feeds/') || ['feed.xml', 'atom.xml', 'feed.json'].includes(path)));

describe('a feed without items', () => {
  it('carries a date from the data: a change-driven build that empties a tag writes the feeds of a --full build at another clock', async () => {
    const common = { api: api.url, workers: 0, handleSignals: false };
    const changed = join(tmp.dir, 'changed');
    await buildInto(changed, { ...common, now: '2026-01-15T12:00:00.000Z' });
    // The published sub-category with the fewest posts: each of them leaves it.
    const published = api.corpus.posts.filter((p) => p.status === 'publish' && p.subcat >= 0);
    const counts = new Map<number, number>();
    for (const p of published) counts.set(p.subcat, (counts.get(p.subcat) ?? 0) + 1);
    const [subcat] = [...counts].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0];
    const slug = api.corpus.subcats[subcat].subcat_slug;
    const leaving = published.filter((p) => p.subcat === subcat);
    for (const p of leaving) api.mutate.editPost(p.id, { subcat_slug: null });

    const report = await buildInto(changed, { ...common, now: '2026-01-15T13:00:00.000Z', changed: leaving.map((p) => ({ kind: 'post' as const, id: p.id })) });
    expect(report.changed?.fallback).toBeNull();
    const full = join(tmp.dir, 'full');
    await buildInto(full, { ...common, now: '2026-01-15T14:00:00.000Z', full: true });

    const atom = await readFile(join(changed, 'out', 'feeds', 'tag', slug, 'atom.xml'), 'utf8');
    expect(atom).not.toContain('<entry>');
    expect(atom).not.toMatch(/<updated>2026-01-15T1[34]:00:00\.000Z<\/updated>/);
    expect(await feedsOf(join(changed, 'out'))).toEqual(await feedsOf(join(full, 'out')));
  });
});
