// A snapshot's content id (src/snapshot/content-id.ts): a function of its keys and entry hashes alone,
// made in a publish session (CrawlKept) from the last snapshot's runs and the paths changed since.
import { describe, expect, it } from 'vitest';
import { contentIdOf, contentIdOfSnapshot, endsRun, type IdSource } from '../../../src/snapshot/content-id.ts';
import { newCrawlKept } from '../../../src/crawl/kept.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { lcg31 } from '../../helpers/rng.ts';

/** The snapshot as contentIdOfSnapshot reads it, counting the walks of every entry. */
function counted(s: Snapshot): IdSource & { walks: number } {
  const view = {
    walks: 0,
    get state() {
      return s.state;
    },
    get size() {
      return s.size;
    },
    changesSince: (state: string) => s.changesSince(state),
    sortedPaths: () => s.sortedPaths(),
    get: (p: string) => s.get(p),
    entries: () => {
      view.walks += 1;
      return s.entries();
    },
  };
  return view;
}

describe('snapshot content id', () => {
  it('is made of the keys and hashes only, in runs cut after one key in 64', () => {
    const s = new Snapshot();
    for (let i = 0; i < 2000; i++) s.set(`/api/p/${i}`, { status: 200, body: { i } });
    const cuts = s.paths().filter((p) => endsRun(`GET ${p}`)).length;
    expect(cuts).toBeGreaterThan(15);
    expect(cuts).toBeLessThan(60);
    const id = contentIdOf(s.entries());
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    // The same answers under the same paths, stored another way: the same id; one answer changed: another.
    const again = new Snapshot();
    for (const e of s.entries().reverse()) again.put({ ...e, body: null });
    expect(contentIdOf(again.entries())).toBe(id);
    again.set('/api/p/77', { status: 200, body: { i: 'x' } });
    expect(contentIdOf(again.entries())).not.toBe(id);
  });

  it('in a publish session, patches the runs at the changed paths: 150 random steps give the id a walk gives', () => {
    const kept = newCrawlKept();
    const r = lcg31(11);
    let s = new Snapshot();
    for (let i = 0; i < 1500; i++) s.set(`/api/p/${i}`, { status: 200, body: { i } });
    expect(contentIdOfSnapshot(counted(s), kept)).toBe(contentIdOf(s.entries()));
    const cutPaths = Array.from({ length: 400 }, (_, i) => `/api/q/${i}`).filter((p) => endsRun(`GET ${p}`));
    for (let step = 1; step <= 150; step++) {
      s = Snapshot.copyOf(s);
      const paths = s.paths();
      for (let k = 0; k < 1 + Math.floor(r() * 5); k++) {
        const roll = r();
        const path = paths[Math.floor(r() * paths.length)];
        if (roll < 0.4) s.set(path, { status: 200, body: { step, k } });
        else if (roll < 0.55) s.delete(path);
        else if (roll < 0.7) s.set(`/api/new/${step}/${k}`, { status: 200, body: { step } });
        // A key that ends a run coming or going: runs split and join.
        else if (roll < 0.85) s.set(cutPaths[Math.floor(r() * cutPaths.length)], { status: 200, body: { step, cut: k } });
        else s.delete(cutPaths[Math.floor(r() * cutPaths.length)]);
      }
      const view = counted(s);
      expect(contentIdOfSnapshot(view, kept), `step ${step}`).toBe(contentIdOf(s.entries()));
      expect(view.walks, `step ${step}: made without a walk of every entry`).toBe(0);
    }
  });

  it('walks a snapshot that is not a copy of the last one named, and every snapshot in a one-off build', () => {
    const kept = newCrawlKept();
    const a = new Snapshot();
    for (let i = 0; i < 300; i++) a.set(`/api/p/${i}`, { status: 200, body: { i } });
    contentIdOfSnapshot(counted(a), kept);
    const b = new Snapshot();
    for (let i = 0; i < 300; i++) b.set(`/api/p/${i}`, { status: 200, body: { i: i + 1 } });
    const vb = counted(b);
    expect(contentIdOfSnapshot(vb, kept)).toBe(contentIdOf(b.entries()));
    expect(vb.walks).toBe(1);
    // A one-off build gives no session part: a copy of the last snapshot named is walked whole.
    const c = Snapshot.copyOf(b);
    c.set('/api/p/1', { status: 404, body: null });
    const vc = counted(c);
    expect(contentIdOfSnapshot(vc)).toBe(contentIdOf(c.entries()));
    expect(vc.walks).toBe(1);
  });
});
