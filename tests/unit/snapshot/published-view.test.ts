// The published view (src/snapshot/published-view.ts) over the twins ./left-out.ts decides: a
// left-out record's own responses are absent, every list loses its items, the rest is the very same
// entry; its state says which left-out set it was made with, so a change-driven build never takes
// the changes of one set for another's.
import { describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { leftOutOf } from '../../../src/snapshot/left-out.ts';
import { newPublishedKept, publishedView } from '../../../src/snapshot/published-view.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';

const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';

const post = (id: number, cat_slug: string, post_name: string, subcat_slug: string | null = null) => ({ id, cat_slug, post_name, post_title: `Post ${id}`, post_date: '2026-01-10T09:00:00Z', subcat_slug, subcat_name: subcat_slug && 'Café' });
const event = (event_id: number, event_slug: string) => ({ event_id, event_slug, event_title: `Event ${event_id}` });
const listing = (items: unknown[]) => ({ success: true, posts: { postData: items, pagination: { totalPages: 1, totalItems: items.length, currentPage: 1 } } });
const details = (p: ReturnType<typeof post>) => ({ success: true, result: [{ ...p, post_content: '<p>x</p>', post_status: 'publish' }] });

function hostileSnapshot(): Snapshot {
  const s = new Snapshot();
  const news = [post(1, 'news', 'Case-Twin'), post(2, 'news', 'case-twin'), post(3, 'news', 'plain', NFD), post(4, 'news', 'other', NFC)];
  s.set(ep.topic('news', null, 1), { status: 200, body: listing(news) });
  for (const p of news) s.set(ep.postDetails(p.cat_slug, p.post_name), { status: 201, body: details(p) });
  s.set(ep.subcatList(), { status: 200, body: [{ subcat_id: 1, subcat_name: 'Café', subcat_slug: NFC }, { subcat_id: 2, subcat_name: 'Café', subcat_slug: NFD }, { subcat_id: 3, subcat_name: 'AI', subcat_slug: 'ai' }] });
  s.set(ep.topic('news', NFD, 1), { status: 200, body: listing([news[2]]) });
  s.set(ep.topic('news', NFC, 1), { status: 200, body: listing([news[3]]) });
  s.set(ep.categoryAll(), { status: 200, body: [{ cat_id: 1, cat_name: 'News', cat_slug: 'news' }, { cat_id: 9, cat_name: 'News twin', cat_slug: 'News' }] });
  s.set(ep.homeLatest(), { status: 200, body: [post(7, 'News', 'hostile-category-post-1'), news[0], news[1]] });
  s.set(ep.eventsAll(1), { status: 200, body: { responseData: { eventData: [event(10, 'News'), event(11, 'news'), event(12, 'summit')], pagination: { totalPages: 1 } } } });
  s.set(ep.eventDetails('News'), { status: 200, body: { eventData: [event(10, 'News')] } });
  s.set(ep.eventDetails('news'), { status: 200, body: { eventData: [event(11, 'news')] } });
  s.set(ep.ads(), { status: 200, body: [{ banner_id: 1, dest_url: 'https://ads.example/' }] });
  return s;
}

describe('left-out twins', () => {
  it('names one of each twin pair, the kept one by path then record, and the twin category', () => {
    const left = leftOutOf(hostileSnapshot());
    expect(left.records.map((q) => q.id).sort()).toEqual(['category 9 (News)', 'event 11 (news)', 'post 2 (news/case-twin)', `sub-category 2 (${NFD})`]);
    const postTwin = left.records.find((q) => q.id.startsWith('post'))!;
    expect(postTwin.endpoint).toBe(ep.postDetails('news', 'case-twin'));
    expect(postTwin.reason).toMatch(/^writes the same file news\/case-twin\/index\.html as post 1 \(news\/Case-Twin\), which is published/);
    expect(left.key).not.toBe('');
  });

  it('in a session, patches its post groups by the listed posts that changed, to the answer of a build without one', () => {
    const kept = newPublishedKept();
    const names = ['a', 'b', 'c', 'd'];
    let s = new Snapshot();
    const at = (list: string[]) => {
      s = Snapshot.copyOf(s);
      const items = list.map((n, i) => post(i + 1, 'news', n));
      s.set(ep.topic('news', null, 1), { status: 200, body: listing(items) });
      for (const p of items) s.set(ep.postDetails('news', p.post_name), { status: 201, body: details(p) });
      return s;
    };
    const twins: number[] = [];
    for (const list of [names, ['a', 'B', 'c', 'b'], ['a', 'B', 'c', 'x'], ['A', 'B', 'a', 'b'], names]) {
      const snap = at(list);
      const ids = (q: { records: readonly { id: string }[] }) => q.records.map((r) => r.id);
      const patched = ids(leftOutOf(snap, undefined, kept));
      expect(patched, list.join()).toEqual(ids(leftOutOf(snap)));
      twins.push(patched.length);
    }
    expect(twins).toEqual([0, 1, 0, 2, 0]);
    expect(kept.posts?.shared.size).toBe(0);
  });

  it('is empty, and the view is the snapshot itself, without twins', () => {
    const s = new Snapshot();
    s.set(ep.topic('news', null, 1), { status: 200, body: listing([post(1, 'news', 'a'), post(2, 'news', 'b')]) });
    const left = leftOutOf(s);
    expect(left.records).toEqual([]);
    expect(publishedView(s, left)).toBe(s);
  });
});

describe('the published view', () => {
  it("hides a left-out record's own responses and drops it from every list", () => {
    const whole = hostileSnapshot();
    const view = publishedView(whole, leftOutOf(whole));
    for (const gone of [ep.postDetails('news', 'case-twin'), ep.topic('news', NFD, 1), ep.eventDetails('news')]) {
      expect(view.get(gone), gone).toBeUndefined();
      expect(view.paths()).not.toContain(gone);
      expect(view.entries().map((e) => e.key)).not.toContain(`GET ${gone}`);
    }
    expect(view.size).toBe(whole.size - 3);
    expect(view.ok<any>(ep.topic('news', null, 1)).posts.postData.map((p: { id: number }) => p.id)).toEqual([1, 3, 4]);
    expect(view.ok<any>(ep.homeLatest()).map((p: { id: number }) => p.id)).toEqual([1]);
    expect(view.ok<any>(ep.subcatList()).map((s: { subcat_id: number }) => s.subcat_id)).toEqual([1, 3]);
    expect(view.ok<any>(ep.categoryAll()).map((c: { cat_slug: string }) => c.cat_slug)).toEqual(['news']);
    expect(view.ok<any>(ep.eventsAll(1)).responseData.eventData.map((e: { event_id: number }) => e.event_id)).toEqual([10, 12]);
    // A kept post loses its reference to the left-out sub-category, not its place.
    const plain = view.ok<any>(ep.topic('news', null, 1)).posts.postData[1];
    expect([plain.post_name, plain.subcat_slug, plain.subcat_name]).toEqual(['plain', null, null]);
  });

  it('of twins with one name (the crawl keeps slugs in NFC), drops only the list item: their responses are the kept one\'s', () => {
    const whole = new Snapshot();
    const items = [post(1, 'news', 'caf\u00e9-review', NFC), post(2, 'news', 'caf\u00e9-review', NFC)];
    whole.set(ep.topic('news', null, 1), { status: 200, body: listing(items) });
    whole.set(ep.postDetails('news', 'caf\u00e9-review'), { status: 201, body: details(items[0]) });
    whole.set(ep.subcatList(), { status: 200, body: [{ subcat_id: 1, subcat_name: 'Café', subcat_slug: NFC }, { subcat_id: 2, subcat_name: 'Café', subcat_slug: NFC }] });
    whole.set(ep.topic('news', NFC, 1), { status: 200, body: listing(items) });
    const left = leftOutOf(whole);
    expect(left.records.map((q) => q.id)).toEqual(['post 2 (news/caf\u00e9-review)', 'sub-category 2 (caf\u00e9)']);
    const view = publishedView(whole, left);
    expect(view.get(ep.postDetails('news', 'caf\u00e9-review'))).toBe(whole.get(ep.postDetails('news', 'caf\u00e9-review')));
    expect(view.ok<any>(ep.topic('news', NFC, 1)).posts.postData.map((p: { id: number; subcat_slug: string }) => [p.id, p.subcat_slug])).toEqual([[1, NFC]]);
    expect(view.ok<any>(ep.subcatList()).map((s: { subcat_id: number }) => s.subcat_id)).toEqual([1]);
  });

  it('gives the very same entry where nothing is left out, and one filtered entry per entry, hashed by its body', () => {
    const whole = hostileSnapshot();
    const view = publishedView(whole, leftOutOf(whole));
    expect(view.get(ep.ads())).toBe(whole.get(ep.ads()));
    expect(view.get(ep.postDetails('news', 'Case-Twin'))).toBe(whole.get(ep.postDetails('news', 'Case-Twin')));
    const list = view.get(ep.homeLatest())!;
    expect(list).not.toBe(whole.get(ep.homeLatest()));
    expect(view.get(ep.homeLatest())).toBe(list);
    expect(list.hash).not.toBe(whole.get(ep.homeLatest())!.hash);
    const same = new Snapshot();
    same.set(ep.homeLatest(), { status: list.status, body: list.body });
    expect(list.hash).toBe(same.get(ep.homeLatest())!.hash);
  });

  it('knows the changes since a state of the same left-out set only', () => {
    const kept = newPublishedKept();
    const first = hostileSnapshot();
    const before = publishedView(first, leftOutOf(first), kept);
    const filteredList = before.get(ep.homeLatest());
    const next = Snapshot.copyOf(first);
    next.set(ep.ads(), { status: 200, body: [{ banner_id: 2, dest_url: 'https://ads.example/2' }] });
    const after = publishedView(next, leftOutOf(next), kept);
    expect([...(after.changesSince!(before.state!) ?? [])]).toEqual([ep.ads()]);
    // The session keeps the filtered entries: an unchanged list is the very same entry.
    expect(after.get(ep.homeLatest())).toBe(filteredList);
    // Of the whole snapshot's state (no set), or another set's, nothing is known.
    expect(after.changesSince!(first.state)).toBeUndefined();
    const resolved = Snapshot.copyOf(next);
    resolved.delete(ep.postDetails('news', 'Case-Twin'));
    resolved.set(ep.topic('news', null, 1), { status: 200, body: listing([post(2, 'news', 'case-twin')]) });
    const other = publishedView(resolved, leftOutOf(resolved), kept);
    expect(other.changesSince!(after.state!)).toBeUndefined();
  });
});
