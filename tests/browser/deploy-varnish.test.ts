// What a reader sees through a cache (docs/deploying.md, "CDN purge"): Chromium loads an article
// through Debian's Varnish in front of `pressroom serve` (the VCL the docs give: pages cached for
// an hour, PURGE from loopback). After an edit and a rebuild the reader still gets the cached old
// title, even on a reload; after the http purger sends PURGE for the release's changed paths, the
// next load shows the new title, and the page hydrates without errors. This file builds its own
// small site (it edits it), not the layer's shared one. The request-level test with more forms:
// tests/integration/deploy-varnish.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { purgePaths, purgerFor } from '../../src/deploy/purge/index.ts';
import { readRecord } from '../../src/publish/releases.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import type { Serving } from '../../src/serve/index.ts';
import { buildInto, serveOut, startTestApi, tempDir } from '../helpers/pressroom.ts';
import { startVarnish, type Varnish } from '../helpers/varnish.ts';
import { browserSession, waitHydrated, watchProblems } from './harness.ts';

const session = browserSession();
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let serving: Serving;
let varnish: Varnish;

const build = () => buildInto(tmp.dir, { api: api.url, handleSignals: false });

beforeAll(async () => {
  api = await startTestApi({ posts: 12 });
  tmp = await tempDir('pressroom-varnish-browser-');
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

/** A reader's visit through Varnish in a fresh browser context: the rendered title and any console or page error. */
async function visit(path: string, reload = false): Promise<{ heading: string; html: string; problems: string[] }> {
  const context = await session.browser.newContext();
  try {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${varnish.url}${path}`, { waitUntil: 'load' });
    if (reload) await page.reload({ waitUntil: 'load' });
    await waitHydrated(page);
    return { heading: (await page.locator('h1').first().textContent()) ?? '', html: await page.content(), problems };
  } finally {
    await context.close();
  }
}

describe('a reader behind Varnish', () => {
  it('keeps the cached old title after an edit, and sees the new one right after the purge', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    const page = `/${api.corpus.categories[post.cat].cat_slug}/${post.name}`;
    // The corpus record is edited in place below: keep the title it has now.
    const oldTitle = post.title;
    const before = await visit(page);
    expect(before.problems).toEqual([]);
    expect(before.heading).toContain(oldTitle);

    const newTitle = 'A headline a reader sees only after the purge';
    api.mutate.editPost(post.id, { post_title: newTitle });
    const report = await build();

    // A reload sends Cache-Control: max-age=0; Varnish ignores a client's cache headers and answers from its cache.
    const cached = await visit(page, true);
    expect(cached.heading).toContain(oldTitle);
    expect(cached.html).not.toContain(newTitle);

    const record = await readRecord(out, report.release);
    const started = performance.now();
    const paths = purgePaths(record!.changed!, { basePath: '' });
    await purgerFor({ name: 'varnish', type: 'http', url: varnish.url }, {}).purge(paths, { siteUrl: varnish.url, release: report.release });
    const purged = performance.now();
    const after = await visit(page);
    // Reported, not asserted (tests wait for events, not for time): the goal is within a second.
    console.log(`purge of ${paths.length} paths: ${Math.round(purged - started)} ms; then a new browser context loaded and hydrated the page with the new title in ${Math.round(performance.now() - purged)} ms`);
    expect(after.heading).toContain(newTitle);
    expect(after.html).not.toContain(oldTitle);
    expect(after.problems).toEqual([]);
  });
});
