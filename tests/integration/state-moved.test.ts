// docs/scale.md, "A CI recipe": a CI job restores `out/` and `.pressroom/` from a cache (a tar
// archive, as actions/cache makes one) into another folder, and a change-driven build there publishes
// exactly what a full build of the same snapshot would, re-rendering only what the change touches,
// while the folder it came from is left as it was.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { treeHashes } from '../helpers/files.ts';
import { buildInto, startTestApi, tempDir } from '../helpers/pressroom.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
  tmp = await tempDir('pressroom-state-moved-');
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

describe('the state of a build, restored into another folder', () => {
  it('publishes a change there as a full build would, rendering only what the change touches', async () => {
    const [first, moved, full] = ['first', 'moved', 'full'].map((d) => join(tmp.dir, d));
    const opts = { api: api.url, handleSignals: false, workers: 0 as const };
    await buildInto(first, opts);
    const before = await treeHashes(join(first, 'out'));
    // What actions/cache does: one tar archive of both folders, extracted into the job's workspace.
    const archive = join(tmp.dir, 'state.tar');
    execFileSync('tar', ['-C', first, '-cf', archive, 'out', '.pressroom']);
    await mkdir(moved);
    execFileSync('tar', ['-C', moved, '-xf', archive]);

    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: 'Published from a restored cache' });
    const r = await buildInto(moved, { ...opts, changed: [parseRef(`post:${post.id}`)] });
    expect(r.incremental.mode).toBe('incremental');
    expect(r.incremental.rendered).toBeGreaterThan(0);
    expect(r.incremental.rendered).toBeLessThan(r.routes);
    const page = `${api.corpus.categories[post.cat].cat_slug}/${post.name}/index.html`;
    expect(await readFile(join(moved, 'out', page), 'utf8')).toContain('Published from a restored cache');

    const f = await buildInto(full, { fromSnapshot: join(moved, '.pressroom', 'snapshot'), full: true, handleSignals: false, workers: 0 });
    expect(f.incremental.mode).toBe('full');
    const [inc, whole] = [await treeHashes(join(moved, 'out')), await treeHashes(join(full, 'out'))];
    expect(Object.keys({ ...inc, ...whole }).filter((p) => inc[p] !== whole[p])).toEqual([]);
    // The folder the state came from is untouched.
    expect(await treeHashes(join(first, 'out'))).toEqual(before);
  });
});
