// The saved snapshot's validators read without its bodies (src/snapshot/validators.ts) equal what a
// whole load gives: keys, hashes, statuses, etags and Last-Modified, the content id, over a base and a
// journal with an overwrite and a deletion, and with bodies that hold the very field names the
// reader looks for.
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { readValidators, validatorOf } from '../../../src/snapshot/validators.ts';
import { snapshotId } from '../../../src/pipeline/shard.ts';
import { testDir } from '../../helpers/temp.ts';

let dir: string;
beforeEach(async () => {
  dir = await testDir('pr-validators-');
});

const META = { createdAt: '2026-01-01T00:00:00.000Z', apiBase: 'http://api.test' };
const path = (i: number) => `/api/post/postdetails/news/p${String(i).padStart(3, '0')}`;
/** Bodies that hold `,"hash":"`, `,"etag":"` and escaped quotes, long and short, objects and a string. */
const body = (i: number): unknown =>
  i % 5 === 0
    ? `a string body ,"etag":"x","hash":"${'0'.repeat(64)}" \\" end"`
    : { success: true, result: [{ id: i, post_title: `T ${i} ,"hash":"f" "etag":"q\\"`, post_content: 'x'.repeat(i % 3 === 0 ? 9000 : 50), etag: 'inner', hash: 'inner' }] };
const entry = (i: number) => ({
  status: i % 7 === 0 ? 404 : 200,
  body: body(i),
  ...(i % 2 === 0 ? { etag: `W/"e${i}\\"q"` } : {}),
  ...(i % 3 === 0 ? { lastModified: 'Thu, 01 Jan 2026 00:00:00 GMT' } : {}),
  ...(i % 11 === 0 ? { quarantined: [{ endpoint: `GET ${path(i)}`, id: `${i}`, reason: 'a "hash": field' }] } : {}),
});

async function expectSameAsLoad(): Promise<void> {
  const { snapshot } = await Snapshot.load(dir);
  const read = await readValidators(dir);
  expect(read).toBeDefined();
  expect(read!.entries).toEqual(
    snapshot.entries().map((e) => ({ key: e.key, hash: e.hash, status: e.status, ...(e.etag !== undefined ? { etag: e.etag } : {}), ...(e.lastModified !== undefined ? { lastModified: e.lastModified } : {}) })),
  );
  expect(read!.id).toBe(snapshotId(snapshot));
}

describe('readValidators', () => {
  it('equals a whole load over a base, then over a journal with an overwrite, an addition and a deletion', async () => {
    const s = new Snapshot();
    for (let i = 0; i < 60; i++) s.set(path(i), entry(i));
    await s.save(dir, META);
    await expectSameAsLoad();
    const next = Snapshot.copyOf((await Snapshot.load(dir)).snapshot);
    next.set(path(4), { ...entry(4), etag: '"edited"' });
    next.set(path(99), entry(99));
    next.delete(path(8));
    expect((await next.save(dir, META)).mode).toBe('append');
    await expectSameAsLoad();
  });

  it('ignores a torn append past the committed journal, as a load does', async () => {
    const s = new Snapshot();
    for (let i = 0; i < 10; i++) s.set(path(i), entry(i));
    await s.save(dir, META);
    const next = Snapshot.copyOf((await Snapshot.load(dir)).snapshot);
    next.set(path(2), { ...entry(2), etag: '"two"' });
    await next.save(dir, META);
    await appendFile(join(dir, 'journal.ndjson'), '{"body":{"torn":');
    await expectSameAsLoad();
  });

  it('is undefined for a folder it cannot vouch for: no meta.json, a count that differs, an unreadable line', async () => {
    expect(await readValidators(join(dir, 'none'))).toBeUndefined();
    const s = new Snapshot();
    for (let i = 0; i < 5; i++) s.set(path(i), entry(i));
    await s.save(dir, META);
    const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8'));
    await writeFile(join(dir, 'meta.json'), JSON.stringify({ ...meta, entryCount: 6 }));
    expect(await readValidators(dir)).toBeUndefined();
    await writeFile(join(dir, 'meta.json'), JSON.stringify(meta));
    await appendFile(join(dir, 'snapshot.ndjson'), 'not a line\n');
    expect(await readValidators(dir)).toBeUndefined();
  });
});

describe('validatorOf', () => {
  it('reads the fields after the body from a line\'s end, an etag only when it is the top-level field', () => {
    const hash = 'a'.repeat(64);
    expect(validatorOf(`{"body":{"x":1},"etag":"\\"e\\"","hash":"${hash}","key":"GET /api/x","lastModified":"L","status":200}`)).toEqual({ key: 'GET /api/x', hash, status: 200, etag: '"e"', lastModified: 'L' });
    // The body is a string ending in what looks like an etag field, escaped: no etag.
    expect(validatorOf(`{"body":"\\",\\"etag\\":\\"x\\"","hash":"${hash}","key":"GET /api/x","status":200}`)).toEqual({ key: 'GET /api/x', hash, status: 200 });
    expect(validatorOf('{"body":{},"key":"GET /api/x","status":200}')).toBeUndefined();
  });
});
