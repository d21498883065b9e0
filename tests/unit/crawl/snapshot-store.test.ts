import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Snapshot, entryHash, ndjsonLines } from '../../../src/crawl/snapshot-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pr-snap-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const META = { createdAt: '2026-01-01T00:00:00.000Z', apiBase: 'http://api.test' };
const ENTRIES: [string, { status: number; body: unknown; etag?: string }][] = [
  ['/api/post/homelatest', { status: 200, body: [{ id: 1, post_title: 'A\u2028B </script>', b: 1, a: 2 }] }],
  ['/api/post/postdetails/news/x', { status: 501, body: { success: false, error: 'Post not Found!' } }],
  ['/api/post/topic/news?limit=10&page=1', { status: 200, body: { success: true, posts: { postData: [] } }, etag: '"e1"' }],
];

describe('ndjsonLines', () => {
  const lines = async (chunks: string[]) => {
    const out: string[] = [];
    for await (const l of ndjsonLines((async function* () { yield* chunks; })())) out.push(l);
    return out;
  };

  it('splits at \\n only, across chunk boundaries, keeping U+2028 and U+2029 inside a line', async () => {
    expect(await lines(['{"a":"x\u2028y\u2029z"}\n{"b"', ':1}\n', '{"c":', '2', '}'])).toEqual(['{"a":"x\u2028y\u2029z"}', '{"b":1}', '{"c":2}']);
  });

  it('gives no line after a final newline, and an empty line where there is one', async () => {
    expect(await lines(['a\n\nb\n'])).toEqual(['a', '', 'b']);
    expect(await lines([])).toEqual([]);
  });
});

describe('Snapshot', () => {
  it('answers ok() only for 2xx and lists paths sorted', () => {
    const s = new Snapshot();
    for (const [p, e] of [...ENTRIES].reverse()) s.set(p, e);
    expect(s.ok('/api/post/homelatest')).toEqual(ENTRIES[0][1].body);
    expect(s.ok('/api/post/postdetails/news/x')).toBeUndefined();
    expect(s.get('/api/post/postdetails/news/x')?.status).toBe(501);
    expect(s.get('/api/post/homelatest')?.key).toBe('GET /api/post/homelatest');
    expect(s.paths()).toEqual(ENTRIES.map(([p]) => p).sort());
  });

  it('hashes {status, body} independently of key order', () => {
    expect(entryHash(200, { a: 1, b: 2 })).toBe(entryHash(200, { b: 2, a: 1 }));
    expect(entryHash(200, { a: 1 })).not.toBe(entryHash(201, { a: 1 }));
  });

  it('round-trips through disk', async () => {
    const s = new Snapshot();
    for (const [p, e] of ENTRIES) s.set(p, e);
    await s.save(dir, META);
    const { snapshot, meta } = await Snapshot.load(dir);
    expect(meta).toEqual({ version: 1, ...META, entryCount: 3 });
    expect(snapshot.entries()).toEqual(s.entries());
    expect(snapshot.get('/api/post/topic/news?limit=10&page=1')?.etag).toBe('"e1"');
  });

  it('keeps the records quarantined from a response, so a later 304 or --from-snapshot still names them', async () => {
    const s = new Snapshot();
    const quarantined = [{ endpoint: '/api/advertisement/get_active', id: 'ad 103', reason: 'duration_time: Invalid input: expected number, received string' }];
    s.set('/api/advertisement/get_active', { status: 200, body: [], quarantined });
    s.set('/api/post/homelatest', { status: 200, body: [], quarantined: [] });
    await s.save(dir, META);
    const { snapshot } = await Snapshot.load(dir);
    expect(snapshot.get('/api/advertisement/get_active')?.quarantined).toEqual(quarantined);
    expect(snapshot.get('/api/post/homelatest')).not.toHaveProperty('quarantined');
    // A malformed list is refused like any other corrupt line.
    const file = join(dir, 'snapshot.ndjson');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"id":"ad 103"', '"id":103'));
    await expect(Snapshot.load(dir)).rejects.toMatchObject({ code: 'PR_SNAPSHOT_READ', message: expect.stringContaining('quarantined is not a list of {endpoint, id, reason}') });
  });

  it('writes byte-identical files whatever the insertion order', async () => {
    const a = new Snapshot();
    const b = new Snapshot();
    for (const [p, e] of ENTRIES) a.set(p, e);
    for (const [p, e] of [...ENTRIES].reverse()) b.set(p, { ...e, body: JSON.parse(JSON.stringify(e.body)) });
    await a.save(join(dir, 'a'), META);
    await b.save(join(dir, 'b'), META);
    for (const f of ['snapshot.ndjson', 'meta.json']) {
      expect(await readFile(join(dir, 'a', f), 'utf8')).toBe(await readFile(join(dir, 'b', f), 'utf8'));
    }
  });

  it('names the folder and line of a corrupt entry', async () => {
    const s = new Snapshot();
    for (const [p, e] of ENTRIES) s.set(p, e);
    await s.save(dir, META);
    const file = join(dir, 'snapshot.ndjson');
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[1] = lines[1].replace('Post not Found!', 'tampered');
    await writeFile(file, lines.join('\n'));
    await expect(Snapshot.load(dir)).rejects.toMatchObject({ code: 'PR_SNAPSHOT_READ', params: { dir } });
    await expect(Snapshot.load(dir)).rejects.toThrow(/line 2: .*hash does not match/);
    lines[1] = '{"key": "GET /x", ';
    await writeFile(file, lines.join('\n'));
    await expect(Snapshot.load(dir)).rejects.toThrow(/line 2: not JSON/);
  });

  it('refuses a missing meta.json', async () => {
    await expect(Snapshot.load(join(dir, 'nope'))).rejects.toMatchObject({ code: 'PR_SNAPSHOT_READ' });
  });
});
