// The programmatic mutations of every kind the site shows (posts, ads, events,
// sub-categories): the GET answers change and stay valid under the crawl's
// schemas, each reports its REFs, a refused edit names its field and changes
// nothing, and the same edits give the same corpus.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkShape } from '../../../src/api/schemas.ts';
import { generateCorpus, serializeCorpus, type Corpus } from '../../../src/sample-api/corpus.ts';
import { MutationError, startSampleApi, type SampleApi } from '../../../src/sample-api/index.ts';
import { mutations, type Mutations } from '../../../src/sample-api/mutate.ts';
import { getJson } from './_client.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const TODAY = '2026-01-15';
let api: SampleApi;
let refs: string[][];
beforeAll(async () => {
  api = await startSampleApi({ posts: 80, seed: 4, today: TODAY });
});
afterAll(() => api.close());

/** GET, checked against the schema the crawl uses. */
async function get(path: string) {
  const r = await getJson(api.url, path);
  checkShape(path, r.status, r.body);
  return r;
}

/** The REFs `edit` reported (a second Mutations over the same corpus would double-count ids, so reuse the API's). */
function reported(edit: (m: Mutations) => unknown): string[] {
  const m = mutations(generateCorpus({ posts: 80, seed: 4, today: TODAY }), (r) => refs.push(r));
  refs = [];
  edit(m);
  return refs.flat();
}

describe('posts', () => {
  it('a post changes author and category, keeping its REF', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish' && p.cat === 0)!;
    const other = api.corpus.authors.find((_, i) => i !== post.author)!;
    api.mutate.editPost(post.id, { author_name: other.author_name, cat_slug: 'featured' });
    const moved = await get(`/api/post/postdetails/featured/${post.name}`);
    expect(moved.body.result[0]).toMatchObject({ id: post.id, author_name: other.author_name, cat_slug: 'featured' });
    expect((await get(`/api/author/posts/${other.author_name}?limit=100`)).body.authorPosts.postData.map((p: { id: number }) => p.id)).toContain(post.id);
    expect(reported((m) => m.editPost(post.id, { author_name: other.author_name }))).toEqual([`post:${post.id}`]);
  });

  it('refuses bad fields, naming them, and leaves the post as it was', () => {
    const post = api.corpus.posts[0];
    const before = JSON.stringify(post);
    const cases: [unknown, string, RegExp][] = [
      [{ post_title: 'ok', colour: 'red' }, 'colour', /unknown field "colour"/],
      [{ post_title: 42 }, 'post_title', /expected a non-empty string/],
      [{ post_title: 'New', post_date: '2026-02-31' }, 'post_date', /ISO 8601/],
      [{ post_date: '2026-01-15T10:00' }, 'post_date', /needs Z or an offset/],
      [{ post_title: 'New', cat_slug: 'gardening' }, 'cat_slug', /no category "gardening"/],
      [{ subcat_slug: 'no-such-sub' }, 'subcat_slug', /no sub-category "no-such-sub"/],
      [{ author_name: 'nobody' }, 'author_name', /no author "nobody"/],
      [{ banner_show: 2 }, 'banner_show', /0 or 1/],
      [{ post_name: '../etc' }, 'post_name', /not a slug the site can publish/],
      [{ status: 'trash' }, 'status', /"publish" or "draft"/],
    ];
    for (const [fields, field, message] of cases) {
      let error: unknown;
      try {
        api.mutate.editPost(post.id, fields as never);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(fields)).toBeInstanceOf(MutationError);
      expect((error as MutationError).status).toBe(400);
      expect((error as MutationError).field).toBe(field);
      expect((error as Error).message).toMatch(message);
    }
    expect(() => api.mutate.editPost(post.id, {})).toThrow(/names no field to change/);
    expect(JSON.stringify(post)).toBe(before);
    expect(() => api.mutate.editPost(987654, { post_title: 'x' })).toThrow(/no post with id 987654/);
  });

  it('a taken post_name is a 409; a new post from a taken title gets -2; ids are never reused', () => {
    const [a, b] = api.corpus.posts.filter((p) => p.cat === 1);
    expect(() => api.mutate.editPost(a.id, { post_name: b.name })).toThrow(expect.objectContaining({ status: 409, field: 'post_name' }));
    const first = api.mutate.addPost({ cat_slug: 'news', post_title: 'Twice told tale' });
    const second = api.mutate.addPost({ cat_slug: 'news', post_title: 'Twice told tale' });
    expect(api.corpus.posts.find((p) => p.id === second)!.name).toBe('twice-told-tale-2');
    api.mutate.deletePost(second);
    expect(api.mutate.addPost({ cat_slug: 'news', post_title: 'Third' })).toBe(second + 1);
    expect(first).toBe(second - 1);
  });
});

describe('ads', () => {
  it('add, edit and remove change get_active; every change is REF ads', async () => {
    const id = api.mutate.addAd({ banner_type: 'Home-2', banner_name: 'Launch week', banner_img: '/uploads/pixel_img/launch.png', dest_url: 'https://launch.example/' });
    let ads = (await get('/api/advertisement/get_active')).body;
    expect(ads.find((a: { banner_id: number }) => a.banner_id === id)).toEqual({ banner_id: id, banner_type: 'Home-2', banner_name: 'Launch week', banner_img: '/uploads/pixel_img/launch.png', dest_url: 'https://launch.example/', duration_time: null });
    api.mutate.editAd(id, { duration_time: 9, banner_name: 'Launch week, day 2' });
    api.mutate.editAd(1, { active: false });
    api.mutate.removeAd(2);
    ads = (await get('/api/advertisement/get_active')).body;
    expect(ads.find((a: { banner_id: number }) => a.banner_id === id)).toMatchObject({ duration_time: 9, banner_name: 'Launch week, day 2' });
    expect(ads.map((a: { banner_id: number }) => a.banner_id)).not.toContain(1);
    expect(ads.map((a: { banner_id: number }) => a.banner_id)).not.toContain(2);
    expect(() => api.mutate.editAd(id, { duration_time: 0 })).toThrow(expect.objectContaining({ field: 'duration_time' }));
    expect(() => api.mutate.addAd({ banner_type: 'Home-2' } as never)).toThrow(/field "banner_name" is required/);
    expect(() => api.mutate.removeAd(999)).toThrow(expect.objectContaining({ status: 404 }));
    expect(reported((m) => (m.addAd({ banner_type: 'Post-1', banner_name: 'x', banner_img: '/x.png', dest_url: '/x' }), m.editAd(3, { active: true }), m.removeAd(4)))).toEqual(['ads', 'ads', 'ads']);
  });
});

describe('events', () => {
  it('an added event is upcoming; moving its date before today makes it past', async () => {
    const slug = api.mutate.addEvent({ event_title: 'AI Summit', event_date: '2026-02-01T09:00:00Z', event_location: 'Lisbon, Portugal' });
    expect(slug).toBe('ai-summit');
    const ids = async (path: string) => {
      const out: string[] = [];
      for (let page = 1; ; page++) {
        const r = await get(`${path}?page=${page}`);
        out.push(...r.body.responseData.eventData.map((e: { event_slug: string }) => e.event_slug));
        if (page >= r.body.responseData.pagination.totalPages) return out;
      }
    };
    expect(await ids('/api/event/upcoming_events')).toContain(slug);
    api.mutate.editEvent(slug, { event_date: '2025-12-01', event_title: 'AI Summit (held)' });
    expect(await ids('/api/event/upcoming_events')).not.toContain(slug);
    expect(await ids('/api/event/past_events')).toContain(slug);
    expect((await get(`/api/event/eventdetails/${slug}`)).body.eventData[0]).toMatchObject({ event_title: 'AI Summit (held)', event_date: '2025-12-01T00:00:00.000Z', event_location: 'Lisbon, Portugal' });
    expect(() => api.mutate.addEvent({ event_title: 'Other', event_date: '2026-03-01', event_slug: 'AI-Summit' })).toThrow(expect.objectContaining({ status: 409, field: 'event_slug' }));
    expect(() => api.mutate.editEvent(slug, { event_slug: 'renamed' } as never)).toThrow(/slug is its key/);
    api.mutate.removeEvent(slug);
    expect((await getJson(api.url, `/api/event/eventdetails/${slug}`)).status).toBe(501);
    expect(reported((m) => (m.addEvent({ event_title: 'Cloud Day', event_date: '2026-05-05' }), m.editEvent('cloud-day', { banner_show: 0 })))).toEqual(['event:cloud-day', 'event:cloud-day']);
  });
});

describe('sub-categories', () => {
  it('add, rename and remove change subcatlist, topic and tag answers; posts of a removed one lose it', async () => {
    const slug = api.mutate.addSubcat({ subcat_name: 'Quantum Sensing' });
    expect((await get('/api/category/subcatlist')).body.at(-1)).toMatchObject({ subcat_name: 'Quantum Sensing', subcat_slug: 'quantum-sensing' });
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    const cat = api.corpus.categories[post.cat].cat_slug;
    api.mutate.editPost(post.id, { subcat_slug: slug });
    expect((await get(`/api/post/tag/${slug}`)).body.posts.subCatName).toBe('Quantum Sensing');
    api.mutate.editSubcat(slug, { subcat_name: 'Quantum Sensors', subcat_slug: 'quantum-sensors' });
    expect((await get(`/api/post/postdetails/${cat}/${post.name}`)).body.result[0]).toMatchObject({ subcat_name: 'Quantum Sensors', subcat_slug: 'quantum-sensors' });
    expect((await getJson(api.url, `/api/post/tag/${slug}`)).status).toBe(500);
    // Removing an earlier sub-category shifts the list: every other post keeps its own.
    const victim = api.corpus.subcats[0].subcat_slug;
    const slugOf = (id: number) => {
      const p = api.corpus.posts.find((q) => q.id === id)!;
      return p.subcat === -1 ? null : api.corpus.subcats[p.subcat].subcat_slug;
    };
    const kept = api.corpus.posts.filter((p) => p.subcat > 0).map((p) => [p.id, slugOf(p.id)] as const);
    const lost = api.corpus.posts.filter((p) => p.subcat === 0).map((p) => p.id);
    expect(reported((m) => m.removeSubcat(victim))).toEqual(['categories', ...lost.map((id) => `post:${id}`)]);
    api.mutate.removeSubcat(victim);
    expect(kept.map(([id]) => [id, slugOf(id)])).toEqual(kept);
    for (const id of lost) expect(slugOf(id)).toBeNull();
    expect((await get('/api/category/subcatlist')).body.map((s: { subcat_slug: string }) => s.subcat_slug)).not.toContain(victim);
    expect((await get(`/api/post/topic/${cat}/quantum-sensors`)).body.posts.postData.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect(() => api.mutate.addSubcat({ subcat_name: 'Dup', subcat_slug: 'Quantum-Sensors' })).toThrow(expect.objectContaining({ status: 409 }));
    expect(api.mutate.addSubcat({ subcat_name: '!!!' })).toBe('untitled');
    expect(() => api.mutate.editSubcat('untitled', { subcat_slug: 'a/b' })).toThrow(expect.objectContaining({ status: 400, field: 'subcat_slug' }));
    expect(reported((m) => m.addSubcat({ subcat_name: 'Edge AI Chips' }))).toEqual(['categories']);
  });
});

describe('determinism', () => {
  const hash = (c: Corpus) => {
    const h = createHash('sha256');
    for (const chunk of serializeCorpus(c)) h.update(chunk);
    return h.digest('hex');
  };
  it('the same edits on the same corpus give the same bytes', () => {
    const run = () => {
      const c = generateCorpus({ posts: 80, seed: 2 });
      const m = mutations(c, () => undefined);
      const id = m.addPost({ cat_slug: 'news', post_title: 'Same every time' });
      m.editPost(id, { post_date: '2026-01-10T08:00:00+02:00' });
      m.addEvent({ event_title: 'Repeatable Conf', event_date: '2026-06-01' });
      m.addAd({ banner_type: 'Post-1', banner_name: 'Same', banner_img: '/x.png', dest_url: '/y' });
      m.removeSubcat(c.subcats[3].subcat_slug);
      return hash(c);
    };
    expect(run()).toBe(run());
  });
});
