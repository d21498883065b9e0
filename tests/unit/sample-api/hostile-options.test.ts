// The hostile corpus without its twins (`hostile: { twins: false }`, CLI
// `--corpus hostile-no-twins`): the case and NFC/NFD twin posts are gone, every
// other hostile record is there with the same id, and the default keeps them.
import { describe, expect, it } from 'vitest';
import { generateCorpus, HOSTILE_RECORDS, hostileRecords, startSampleApi } from '../../../src/sample-api/index.ts';
import { runApiCommand } from '../../../src/sample-api/cli.ts';

const TWIN_SLUGS = ['caf\u00e9-review', 'cafe\u0301-review', 'Case-Twin', 'case-twin'];

describe('hostile corpus twins option', () => {
  it('keeps the twins by default and marks them in HOSTILE_RECORDS', () => {
    const names = generateCorpus({ posts: 40, corpus: 'hostile' }).posts.map((p) => p.name);
    for (const s of TWIN_SLUGS) expect(names).toContain(s);
    expect(HOSTILE_RECORDS.filter((r) => r.twin).map((r) => r.key).sort()).toEqual([...TWIN_SLUGS].sort());
    expect(hostileRecords()).toEqual(HOSTILE_RECORDS);
  });

  it('leaves out only the twins, other records keep their ids', () => {
    const all = generateCorpus({ posts: 40, corpus: 'hostile' });
    const some = generateCorpus({ posts: 40, corpus: 'hostile', hostile: { twins: false } });
    expect(some.kind).toBe('hostile');
    expect(some.posts).toEqual(all.posts.filter((p) => !TWIN_SLUGS.includes(p.name)));
    expect({ ...some, posts: [] }).toEqual({ ...all, posts: [] });
    expect(generateCorpus({ posts: 40, corpus: 'hostile-no-twins' })).toEqual(some);
    expect(hostileRecords({ twins: false })).toEqual(HOSTILE_RECORDS.filter((r) => !TWIN_SLUGS.includes(r.key)));
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
