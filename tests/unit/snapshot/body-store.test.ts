// Post details keep their bodies in the body store (src/snapshot/body-store.ts), not
// parsed on the heap: every reader must see the same body, every printed form
// (snapshot line, mirror file) the same bytes as a body held parsed, and the
// plan's and the feeds' per-post results must not read a stored body again
// while its entry is unchanged.
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import type { Post } from '../../../src/api/types.ts';
import { canonicalJson } from '../../../src/encoding/json.ts';
import { BodyStore } from '../../../src/snapshot/body-store.ts';
import { newCrawlKept } from '../../../src/crawl/kept.ts';
import { lineOf, oneOffBodies, storedText, storesBody } from '../../../src/snapshot/snapshot-files.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { mirrorJson } from '../../../src/emit/index.ts';
import { feedArticles } from '../../../src/emit/feeds/model.ts';
import { newEmitKept } from '../../../src/emit/kept.ts';
import type { PlannedRoute } from '../../../src/plan/types.ts';
import { listedDetails } from '../../../src/site/common.ts';
import type { SnapshotEntry } from '../../../src/site/types.ts';
import { testDir } from '../../helpers/temp.ts';

let dir: string;
beforeEach(async () => {
  dir = await testDir('pr-bodies-');
});

const DETAILS = ep.postDetails('news', 'a-title');
const post = (over: Partial<Post> = {}): Post =>
  ({ id: 7, post_title: 'A title \u2028 </script> “quoted”', post_name: 'a-title', post_date: '2026-01-10T09:00:00Z', post_content: '<p>Body — text</p>', cat_slug: 'news', cat_name: 'News', post_author_id: 3, author_name: 'jane', post_status: 'publish', ...over }) as Post;
const details = (p: Post) => canonicalJson({ success: true, message: '', result: [p] });

describe('the body store', () => {
  it('gives back the text it was given, UTF-8 of any width, at any offset', () => {
    const store = new BodyStore();
    onTestFinished(() => store.close());
    const a = store.store('{"a":"é — 😀"}');
    const b = store.store('x'.repeat(70_000));
    expect(a.offset).toBe(0);
    expect(b.offset).toBe(a.offset + a.bytes);
    expect(store.read(b)).toBe('x'.repeat(70_000));
    expect(store.read(a)).toBe('{"a":"é — 😀"}');
  });

  it('is one per owner: two stores share no file and no offsets, and a closed one refuses reads of its file', () => {
    const one = new BodyStore();
    const two = new BodyStore();
    onTestFinished(() => two.close());
    const a = one.store('{"one":1}');
    const b = two.store('{"two":22}');
    expect(b.offset).toBe(0);
    expect(one.read(a)).toBe('{"one":1}');
    expect(two.read(b)).toBe('{"two":22}');
    one.store('z'.repeat(400_000)); // past the gathered megabyte: written to the file
    one.close();
    expect(() => one.read(a)).toThrow(expect.objectContaining({ code: 'PR_INTERNAL' }));
    expect(two.read(b)).toBe('{"two":22}');
  });

  it('gives back every text across the megabytes it gathers before writing, and a text larger than them', () => {
    const texts = Array.from({ length: 3000 }, (_, i) => `{"i":${i},"t":"${'é😀—x'.repeat(40 + (i % 90))}"}`);
    texts.splice(1500, 0, 'y'.repeat(400_000), '😀'.repeat(200_000));
    const store = new BodyStore();
    onTestFinished(() => store.close());
    const at = texts.map((t) => store.store(t));
    expect(store.bytes - at[0].offset).toBeGreaterThan(3 * 1024 * 1024);
    for (let k = 0; k < texts.length; k++) {
      expect(at[k].bytes).toBe(Buffer.byteLength(texts[k]));
      if (k > 0) expect(at[k].offset).toBe(at[k - 1].offset + at[k - 1].bytes);
    }
    // Read in an order that mixes what was written with what still waits.
    for (const k of [texts.length - 1, 0, 1501, 1500, 2999, 1499, 42, texts.length - 2]) expect(store.read(at[k])).toBe(texts[k]);
    expect(texts.every((t, k) => store.read(at[k]) === t)).toBe(true);
  });

  it('leaves no file behind, and a temporary folder it cannot write in fails with PR_OUTPUT_WRITE naming the file', async () => {
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(tmpdir())).filter((n) => n.startsWith(`pressroom-bodies-${process.pid}-`))).toEqual([]);
    const was = process.env.TMPDIR;
    process.env.TMPDIR = join(dir, 'missing');
    try {
      expect(() => new BodyStore().store('{}')).toThrow(expect.objectContaining({ code: 'PR_OUTPUT_WRITE', message: expect.stringContaining(join(dir, 'missing', 'pressroom-bodies-')) }));
    } finally {
      if (was === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = was;
    }
  });
});

describe('stored post details', () => {
  it('are stored, read back equal, and print the same snapshot line and mirror file as a body held parsed', () => {
    const s = new Snapshot();
    const body = details(post());
    const e = s.set(DETAILS, { status: 200, body, etag: '"v1"', canonical: true });
    const text = storedText(e);
    expect(text).toBe(JSON.stringify(body));
    expect(e.body).toEqual(body);
    expect(s.ok(DETAILS)).toEqual(body);
    // The same entry held parsed prints these bytes.
    const held: SnapshotEntry = { key: e.key, status: 200, body, hash: e.hash, etag: '"v1"' };
    expect(lineOf(e)).toBe(`{"body":${JSON.stringify(body)},"etag":"\\"v1\\"","hash":"${e.hash}","key":"${e.key}","status":200}\n`);
    expect(JSON.parse(lineOf(e))).toEqual(JSON.parse(JSON.stringify(held)));
    // The mirror file: {body, status} with <, >, &, U+2028 and U+2029 escaped (the title holds </script> and U+2028).
    const mirror = mirrorJson(e);
    expect(mirror).toBe(`{"body":${JSON.stringify(body)},"status":200}`.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
    expect(mirror).toContain('\\u2028 \\u003c/script\\u003e');
    expect(mirror).not.toContain('\u2028');
    expect(JSON.parse(mirror)).toEqual({ body, status: 200 });
  });

  it("listings are stored too in a one-off build's snapshot; a publish session's keeps them parsed", () => {
    const listing = ep.topic('news', null, 2);
    const body = canonicalJson({ success: true, result: { posts: [post()], pagination: { page: 2 } } });
    for (const [keeps, bodies] of [[false, oneOffBodies()], [true, newCrawlKept().bodies]] as const) {
      const e = new Snapshot(bodies).set(listing, { status: 200, body, canonical: true });
      expect(storedText(e)).toBe(keeps ? undefined : JSON.stringify(body));
      expect(e.body).toEqual(body);
      expect(storesBody(`GET ${ep.authorPosts('jane', null, 1)}`, bodies)).toBe(!keeps);
      // Post details are stored either way; the shell's small lists never are.
      expect(storesBody(`GET ${DETAILS}`, bodies)).toBe(true);
      expect(storesBody(`GET ${ep.ads()}`, bodies)).toBe(false);
      // A copy keeps its original's way (a change-driven crawl's copy of the session's snapshot).
      expect(storedText(Snapshot.copyOf(new Snapshot(bodies)).set(listing, { status: 200, body, canonical: true }))).toBe(keeps ? undefined : JSON.stringify(body));
    }
  });

  it('a re-read that answers the same keeps the entry and stores nothing', () => {
    const bodies = oneOffBodies();
    const s = new Snapshot(bodies);
    const first = s.set(DETAILS, { status: 200, body: details(post()), canonical: true });
    const bytes = bodies.store.bytes;
    expect(s.set(DETAILS, { status: 200, body: details(post()), canonical: true })).toBe(first);
    expect(bodies.store.bytes).toBe(bytes);
    expect(s.set(DETAILS, { status: 200, body: details(post({ post_title: 'Edited' })), canonical: true })).not.toBe(first);
    expect(bodies.store.bytes).toBeGreaterThan(bytes);
  });

  it('load from disk into the store: equal bodies, equal hashes, and a save of the loaded snapshot writes the same base', async () => {
    const s = new Snapshot();
    s.set(DETAILS, { status: 200, body: details(post()), canonical: true });
    s.set(ep.postDetails('news', 'gone'), { status: 501, body: canonicalJson({ success: false, error: 'Post not Found!' }), canonical: true });
    await s.save(join(dir, 'a'), { createdAt: '2026-01-01T00:00:00.000Z', apiBase: 'http://api.test' });
    const { snapshot: loaded } = await Snapshot.load(join(dir, 'a'));
    expect(storedText(loaded.get(DETAILS)!)).toBe(storedText(s.get(DETAILS)!));
    expect(loaded.get(DETAILS)!.hash).toBe(s.get(DETAILS)!.hash);
    expect(loaded.ok(ep.postDetails('news', 'gone'))).toBeUndefined();
    expect(loaded.get(ep.postDetails('news', 'gone'))!.body).toEqual({ error: 'Post not Found!', success: false });
    await loaded.save(join(dir, 'b'), { createdAt: '2026-01-01T00:00:00.000Z', apiBase: 'http://api.test' });
    expect(await readFile(join(dir, 'b', 'snapshot.ndjson'), 'utf8')).toBe(await readFile(join(dir, 'a', 'snapshot.ndjson'), 'utf8'));
  });

  it('the plan keeps each post without its body, the same object while its entry is unchanged', () => {
    const s = new Snapshot();
    const item = { id: 7, post_title: 'A title', post_name: 'a-title', cat_slug: 'news', post_date: '2026-01-10T09:00:00Z' };
    s.set(ep.topic('news', null, 1), { status: 200, body: canonicalJson({ success: true, posts: { postData: [item], pagination: { totalItems: 1, totalPages: 1, currentPage: 1 } } }), canonical: true });
    s.set(DETAILS, { status: 200, body: details(post()), canonical: true });
    const [first] = listedDetails(s).filter((d) => d.path === DETAILS);
    expect(first.post).toMatchObject({ post_title: post().post_title, author_name: 'jane' });
    expect(first.post).not.toHaveProperty('post_content');
    const copy = Snapshot.copyOf(s);
    copy.set(ep.subcatList(), { status: 200, body: [], canonical: true }); // another entry changes
    expect(listedDetails(copy).find((d) => d.path === DETAILS)).toBe(first);
    // A list that answers anew (a post added before this one) gives new item objects: the head stays the same object.
    copy.set(ep.topic('news', null, 1), { status: 200, body: canonicalJson({ success: true, posts: { postData: [{ ...item, id: 8, post_name: 'new' }, { ...item }], pagination: { totalItems: 2, totalPages: 1, currentPage: 1 } } }), canonical: true });
    expect(listedDetails(copy).find((d) => d.path === DETAILS)?.post).toBe(first.post);
    copy.set(DETAILS, { status: 200, body: details(post({ author_name: 'joe' })), canonical: true });
    expect(listedDetails(copy).find((d) => d.path === DETAILS)?.post).toMatchObject({ author_name: 'joe' });
  });

  it('a feed item is kept by its entry in a process that publishes again: an unchanged post is not read again', () => {
    const s = new Snapshot();
    s.set(DETAILS, { status: 200, body: details(post()), canonical: true });
    s.set(ep.authorById(3), { status: 200, body: canonicalJson({ result: [{ author_name: 'jane', author_display_name: 'Jane Doe' }] }), canonical: true });
    const route = { kind: 'article', path: '/news/a-title', file: 'news/a-title/index.html', params: { cat_slug: 'news', post_name: 'a-title' }, deps: [] } as unknown as PlannedRoute;
    const reads: string[] = [];
    const src = { routes: [route], siteUrl: 'https://site.example', imageHost: '', entryOf: (p: string) => s.get(p), lookup: (p: string) => (reads.push(p), s.ok(p)) };
    const kept = newEmitKept().feeds;
    const [first] = feedArticles(src, kept);
    expect(first).toMatchObject({ title: post().post_title, excerpt: 'Body — text' });
    reads.length = 0;
    expect(feedArticles(src, kept)[0]).toBe(first);
    expect(reads).not.toContain(DETAILS);
    s.set(DETAILS, { status: 200, body: details(post({ post_title: 'Edited' })), canonical: true });
    expect(feedArticles(src, kept)[0]).toMatchObject({ title: 'Edited' });
  });
});
