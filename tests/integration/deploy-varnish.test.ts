// The browser-visible purge (docs/deploying.md, "CDN purge"): Debian's Varnish in front of
// `pressroom serve`, with the VCL the docs give (every 200 cached for an hour although pages say
// max-age=0; PURGE accepted from loopback). An article is read through Varnish, its title is edited
// in the sample API and the site rebuilt; Varnish goes on serving the old title from its cache until
// the http purger sends PURGE for the paths of the files the release changed (its record's list),
// and the next request returns the new title, in each form a reader requests the page.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgePaths, purgerFor } from '../../src/deploy/purge/index.ts';
import { readRecord } from '../../src/publish/releases.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import type { Serving } from '../../src/serve/index.ts';
import { buildInto, serveOut, startTestApi, tempDir } from '../helpers/pressroom.ts';
import { startVarnish, type Varnish } from '../helpers/varnish.ts';

let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let serving: Serving;
let varnish: Varnish;

const build = () => buildInto(tmp.dir, { api: api.url, handleSignals: false });

beforeAll(async () => {
  api = await startTestApi({ posts: 12 });
  tmp = await tempDir('pressroom-varnish-');
  out = join(tmp.dir, 'out');
  await build();
  serving = await serveOut(out, api.url);
  varnish = await startVarnish({ backendPort: Number(new URL(serving.url).port) });
});
afterAll(async () => {
  await varnish?.close();
  await serving?.close();
  await api?.close();
  await tmp?.cleanup();
});

/** A GET through Varnish: the body, and whether the cache answered it (X-Varnish names the request and the stored object's fetch). */
async function read(path: string): Promise<{ status: number; body: string; hit: boolean; age: number }> {
  const res = await fetch(`${varnish.url}${path}`);
  const body = await res.text();
  return { status: res.status, body, hit: (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2, age: Number(res.headers.get('age') ?? 0) };
}

describe('Varnish in front of pressroom serve', () => {
  it('serves the old title from its cache after an edit, and the new one right after the purge', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    const page = `/${api.corpus.categories[post.cat].cat_slug}/${post.name}`;
    // The forms that answer the page; `${page}/` answers a 301 to it (site.trailingSlash "never").
    const forms = [page, `${page}/index.html`];
    const oldTitle = post.title;

    // Read it in every form: the first request of each fills the cache, the second is a hit.
    for (const form of forms) {
      const first = await read(form);
      expect(first.status).toBe(200);
      expect(first.body).toContain(oldTitle);
      expect((await read(form)).hit).toBe(true);
    }

    const newTitle = 'A headline edited while Varnish holds the page';
    api.mutate.editPost(post.id, { post_title: newTitle });
    const report = await build();
    expect((await (await fetch(`${serving.url}${page}`)).text())).toContain(newTitle);

    // Published, but the cache does not know: every form still has the old title.
    for (const form of forms) {
      const cached = await read(form);
      expect(cached.hit).toBe(true);
      expect(cached.body).toContain(oldTitle);
      expect(cached.body).not.toContain(newTitle);
    }

    // The purge names exactly the release's changed files, in each URL form.
    const record = await readRecord(out, report.release);
    expect(record?.changed).toContain(`${page.slice(1)}/index.html`);
    const paths = purgePaths(record!.changed!, { basePath: '' });
    expect(paths).toEqual(expect.arrayContaining([...forms, `${page}/`]));
    const purger = purgerFor({ name: 'varnish', type: 'http', url: varnish.url }, {});
    const started = performance.now();
    const result = await purger.purge(paths, { siteUrl: varnish.url, release: report.release });
    expect(result).toEqual({ requests: paths.length, urls: paths.length });

    const other = await fetch(`${varnish.url}${page}/`, { redirect: 'manual' });
    expect([other.status, other.headers.get('location')]).toEqual([301, page]);
    for (const form of forms) {
      const fresh = await read(form);
      expect(fresh.status).toBe(200);
      expect(fresh.hit).toBe(false);
      expect(fresh.body).toContain(newTitle);
      expect(fresh.body).not.toContain(oldTitle);
    }
    // Reported, not asserted (tests wait for events, not for time): the goal is under a second.
    console.log(`purged ${paths.length} paths of ${record!.changed!.length} changed files; new title through Varnish after ${Math.round(performance.now() - started)} ms`);
  });

  it('refuses nothing it has not cached: purging a path never requested is a success', async () => {
    const purger = purgerFor({ name: 'varnish', type: 'http', url: varnish.url }, {});
    expect(await purger.purge(['/never-requested'], { siteUrl: varnish.url, release: 'x' })).toEqual({ requests: 1, urls: 1 });
  });
});
