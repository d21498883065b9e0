// Which API responses a change-driven build reads again (src/crawl/changed.ts, docs/decisions/0087-in-place-edit-reads-where-shown.md):
// a post edited in place (a new title) is read again only in the lists that showed it (and the
// popular list, which follows readers' views); a post whose keywords changed can join or leave
// any tag answer and sub-category listing, so all of them are read. The requests are recorded
// by a proxy in front of the sample API. That the published site equals a full build after
// either kind of edit is the property's business (tests/helpers/changed-property.ts, whose
// edits include both).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_KEYS } from '../../src/api/types.ts';
import { parseRef } from '../../src/webhook/refs.ts';
import { build, rehearse, snapshotDirFor, type BuildOptions } from '../../src/pipeline/index.ts';
import { loadPrevious } from '../../src/pipeline/snapshot.ts';
import { PublishSession } from '../../src/pipeline/session.ts';
import { startSampleApi, type SampleApi } from '../../src/sample-api/index.ts';
import { useTempDir } from '../helpers/temp.ts';

const NOW = '2026-01-15T12:00:00Z';

/** An HTTP proxy to `target` that records each request's path and query. */
async function recordingProxy(target: number): Promise<{ server: Server; url: string; log: string[] }> {
  const log: string[] = [];
  const server = createServer((req, res) => {
    log.push(req.url ?? '');
    const up = request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, log };
}

describe('a change-driven build reads again what can show the change', () => {
  let api: SampleApi;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  const tmp = useTempDir('pressroom-reads-');
  let base: BuildOptions;
  let session: PublishSession;

  beforeAll(async () => {
    api = await startSampleApi({ posts: 60, seed: 7, today: NOW });
    proxy = await recordingProxy(api.port);
    base = { api: proxy.url, now: NOW, configFile: resolve(import.meta.dirname, '../../config/site.json'), env: {}, handleSignals: false, workers: 0, out: join(tmp.dir, 'out') };
    await build(base);
    session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out: base.out! })) });
    await rehearse({ ...base, session });
  });
  afterAll(async () => {
    await new Promise((ok) => proxy?.server.close(ok));
    await api?.close();
  });

  /** The sub-category slugs whose tag answer lists this post now. */
  async function tagsListing(id: number): Promise<string[]> {
    const out: string[] = [];
    for (const s of api.corpus.subcats) {
      const body = (await (await fetch(`${api.url}/api/post/tag/${s.subcat_slug}`)).json()) as any;
      if (TAG_KEYS.some((k) => (body.posts?.[k] ?? []).some((item: any) => Number(item.id) === id))) out.push(s.subcat_slug);
    }
    return out;
  }

  async function publish(id: number): Promise<string[]> {
    proxy.log.length = 0;
    const r = await build({ ...base, session, changed: [parseRef(`post:${id}`)] });
    expect(r.changed?.fallback ?? null).toBeNull();
    return [...proxy.log];
  }

  const tagReads = (log: string[]) => log.filter((p) => p.startsWith('/api/post/tag/')).map((p) => decodeURIComponent(p.slice('/api/post/tag/'.length))).sort();
  const subcatListingReads = (log: string[]) => log.filter((p) => /^\/api\/post\/topic\/[^/?]+\/[^/?]+/.test(p));

  it('a new title: only the tag answers and listing pages that showed the post', async () => {
    // A post with a sub-category that shows in at least one tag answer.
    const candidates = api.corpus.posts.filter((p) => p.status === 'publish' && p.subcat >= 0);
    let post = candidates[0];
    let showing: string[] = [];
    for (const p of candidates) {
      showing = await tagsListing(p.id);
      post = p;
      if (showing.length > 0) break;
    }
    expect(showing.length).toBeGreaterThan(0);
    api.mutate.editPost(post.id, { post_title: 'A headline fixed in place' });
    const log = await publish(post.id);

    expect(tagReads(log)).toEqual([...showing].sort());
    expect(tagReads(log).length).toBeLessThan(api.corpus.subcats.length);
    // Its own sub-category's listing holds it; a listing of a sub-category it is not in is not read.
    const subcat = api.corpus.subcats[post.subcat].subcat_slug;
    const cat = api.corpus.categories[post.cat].cat_slug;
    expect(subcatListingReads(log).some((p) => p.startsWith(`/api/post/topic/${cat}/${subcat}?`))).toBe(true);
    const notIn = api.corpus.subcats.find((s) => !(post.keywords ?? '').toLowerCase().includes(s.subcat_name.toLowerCase()) && s.subcat_slug !== subcat && !(post.keywords ?? '').includes(s.subcat_slug))!;
    expect(subcatListingReads(log).some((p) => p.startsWith(`/api/post/topic/${cat}/${notIn.subcat_slug}?`))).toBe(false);
    expect(log).toContain(`/api/post/postdetails/${cat}/${post.name}`);
    // The side lists of other categories cannot show it; the popular list follows views, so it is always read.
    const asides = log.filter((p) => p.startsWith('/api/post/asidetopic/'));
    expect(asides.every((p) => p === `/api/post/asidetopic/${cat}`)).toBe(true);
    expect(log).toContain('/api/post/homepopular');
    // Its author is as they were: their record (which only their own webhook changes) is not read.
    expect(log.filter((p) => p.startsWith('/api/author/details/') || /^\/api\/author\/\d+$/.test(p))).toEqual([]);
  });

  it('new keywords: every tag answer and every sub-category listing of its category', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    const cat = api.corpus.categories[post.cat].cat_slug;
    api.mutate.editPost(post.id, { meta_keywords: api.corpus.subcats.at(-1)!.subcat_name });
    const log = await publish(post.id);

    expect(tagReads(log)).toEqual(api.corpus.subcats.map((s) => s.subcat_slug).sort());
    expect(log.filter((p) => p.startsWith('/api/post/asidetopic/')).length).toBe(api.corpus.categories.length);
    expect(log.some((p) => p.startsWith('/api/author/details/'))).toBe(true);
    for (const s of api.corpus.subcats) expect(subcatListingReads(log).some((p) => p.startsWith(`/api/post/topic/${cat}/${s.subcat_slug}?`))).toBe(true);
  });
});
