// The hostile corpus without its twins (`hostile: { twins: false }`, CLI
// `--corpus hostile-no-twins`): the case and NFC/NFD twin posts, the case twin
// category `News` with its post, the NFC/NFD sub-categories `café` with theirs and
// the case twin events are gone, every other hostile record is there with the same
// id, and the default keeps them.
import { describe, expect, it } from 'vitest';
import { generateCorpus, HOSTILE_RECORDS, hostileRecords, startSampleApi } from '../../../src/sample-api/index.ts';
import { runApiCommand } from '../../../src/sample-api/cli.ts';

const TWIN_SLUGS = ['caf\u00e9-review', 'cafe\u0301-review', 'Case-Twin', 'case-twin', 'hostile-category-post-1', 'cafe-nfc-post', 'cafe-nfd-post'];
const TWIN_SUBCATS = ['caf\u00e9', 'cafe\u0301'];
const TWIN_EVENTS = ['News', 'news'];
const TWIN_KEYS = [...TWIN_SLUGS, 'News', ...TWIN_SUBCATS, ...TWIN_EVENTS];

describe('hostile corpus twins option', () => {
  it('keeps the twins by default and marks them in HOSTILE_RECORDS', () => {
    const names = generateCorpus({ posts: 40, corpus: 'hostile' }).posts.map((p) => p.name);
    for (const s of TWIN_SLUGS) expect(names).toContain(s);
    expect(HOSTILE_RECORDS.filter((r) => r.twin).map((r) => r.key).sort()).toEqual([...TWIN_KEYS].sort());
    expect(hostileRecords()).toEqual(HOSTILE_RECORDS);
  });

  it('leaves out only the twins, other records keep their ids', () => {
    const all = generateCorpus({ posts: 40, corpus: 'hostile' });
    const some = generateCorpus({ posts: 40, corpus: 'hostile', hostile: { twins: false } });
    expect(some.kind).toBe('hostile');
    expect(some.posts).toEqual(all.posts.filter((p) => !TWIN_SLUGS.includes(p.name)));
    expect(some.categories).toEqual(all.categories.filter((c) => c.cat_slug !== 'News'));
    expect(some.subcats).toEqual(all.subcats.filter((s) => !TWIN_SUBCATS.includes(s.subcat_slug)));
    expect(some.events).toEqual(all.events.filter((e) => !TWIN_EVENTS.includes(e.event_slug)));
    expect({ ...some, posts: [], categories: [], subcats: [], events: [] }).toEqual({ ...all, posts: [], categories: [], subcats: [], events: [] });
    expect(generateCorpus({ posts: 40, corpus: 'hostile-no-twins' })).toEqual(some);
    expect(hostileRecords({ twins: false })).toEqual(HOSTILE_RECORDS.filter((r) => !TWIN_KEYS.includes(r.key)));
  });

  it('is served by startSampleApi and accepted by `pressroom api --corpus`', async () => {
    const api = await startSampleApi({ port: 0, posts: 40, corpus: 'hostile', hostile: { twins: false } });
    try {
      expect(api.corpus.posts.some((p) => TWIN_SLUGS.includes(p.name))).toBe(false);
    } finally {
      await api.close();
    }
    const lines: string[] = [];
    await runApiCommand({ port: 0, posts: 40, corpus: 'hostile-no-twins', print: (l) => lines.push(l), until: Promise.resolve() });
    expect(lines[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(runApiCommand({ corpus: 'evil' as never, until: Promise.resolve() })).rejects.toThrow(/--corpus must be one of "normal", "hostile", "hostile-no-twins"/);
  });
});
