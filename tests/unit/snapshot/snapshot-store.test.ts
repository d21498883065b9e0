import { beforeEach, describe, expect, it } from 'vitest';
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stableStringify } from '../../../src/encoding/json.ts';
import { COMPACT_SHARE, COPIES_KNOWN, STAGED_SUFFIX, Snapshot, entryHash, ndjsonLines, type SnapshotMeta } from '../../../src/snapshot/snapshot-store.ts';
import { snapshotId } from '../../../src/pipeline/shard.ts';
import { lcg } from '../../helpers/rng.ts';
import { testDir } from '../../helpers/temp.ts';

let dir: string;
beforeEach(async () => {
  dir = await testDir('pr-snap-');
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

  it('keeps its paths sorted as entries come and go, in copies too (the order is kept, not sorted again)', () => {
    const s = new Snapshot();
    const order = (snap: Snapshot) => [...snap.paths()];
    const model = new Set<string>();
    let n = 0;
    const path = (i: number) => `/api/x/${(i * 7919) % 101}`;
    for (let i = 0; i < 60; i++) {
      s.set(path(i), { status: 200, body: { i } });
      model.add(path(i));
    }
    expect(order(s)).toEqual([...model].sort());
    const copy = Snapshot.copyOf(s);
    for (let i = 0; i < 200; i++) {
      const p = path(i * 13 + 5);
      if (i % 3 === 0) {
        copy.delete(p);
        model.delete(p);
      } else if (i % 3 === 1) {
        copy.set(p, { status: 200, body: { n: n++ } });
        model.add(p);
      } else {
        copy.put({ ...s.get(path(0))!, key: `GET ${p}` });
        model.add(p);
      }
      if (i % 17 === 0) expect(order(copy)).toEqual([...model].sort());
    }
    expect(order(copy)).toEqual([...model].sort());
    expect(copy.entries().map((e) => e.key)).toEqual([...model].sort().map((p) => `GET ${p}`));
    // The original is not changed by its copy's changes.
    expect(order(s)).toEqual([...new Set(Array.from({ length: 60 }, (_, i) => path(i)))].sort());
  });

  it('copies share their entries and sorted paths until they change: a chain of 200 copies, the copy or its original changed each time, each equal to its own model', () => {
    const rand = lcg(7);
    const path = () => `/api/y/${Math.floor(rand() * 400)}`;
    const change = (snap: Snapshot, model: Map<string, number>, v: number) => {
      const p = path();
      if (rand() < 0.3) {
        snap.delete(p);
        model.delete(p);
      } else {
        snap.set(p, { status: 200, body: { v } });
        model.set(p, v);
      }
    };
    const check = (snap: Snapshot, model: Map<string, number>) => {
      expect(snap.paths()).toEqual([...model.keys()].sort());
      expect(snap.size).toBe(model.size);
      for (const [p, v] of model) expect((snap.get(p)!.body as { v: number }).v).toBe(v);
    };
    let snap = new Snapshot();
    let model = new Map<string, number>();
    for (let i = 0; i < 1500; i++) change(snap, model, -1);
    check(snap, model);
    for (let round = 0; round < 200; round++) {
      const copy = Snapshot.copyOf(snap);
      const copyModel = new Map(model);
      for (let k = 0; k < 1 + Math.floor(rand() * 20); k++) change(copy, copyModel, round);
      if (rand() < 0.3) {
        // The original changed after the copy was made: neither sees the other's changes.
        for (let k = 0; k < 3; k++) change(snap, model, 1000 + round);
        check(snap, model);
      }
      check(copy, copyModel);
      snap = copy;
      model = copyModel;
    }
  });

  it('a copy names the paths that changed since the state it was copied from; every other path has the same entry object', () => {
    const s = new Snapshot();
    for (let i = 0; i < 20; i++) s.set(`/api/p/${i}`, { status: 200, body: { i } });
    const from = s.state;
    expect(s.changesSince(from)).toEqual(new Set());
    const copy = Snapshot.copyOf(s);
    // Unchanged, the copy holds the original's very entries and is named as the original was.
    expect(copy.state).toBe(from);
    expect(copy.changesSince(from)).toEqual(new Set());
    copy.set('/api/p/1', { status: 200, body: { i: 1 } }); // the same answer: kept, not a change
    copy.put(s.get('/api/p/6')!); // the entry it shares (a 304 put back): not a change
    expect(copy.state).toBe(from);
    expect(copy.changesSince(from)).toEqual(new Set());
    // An unchanged copy of an unchanged copy too; its own copy's changes are since that name.
    const idle = Snapshot.copyOf(Snapshot.copyOf(s));
    expect(idle.state).toBe(from);
    idle.delete('/api/p/5');
    expect(idle.state).not.toBe(from);
    expect(idle.changesSince(from)).toEqual(new Set(['/api/p/5']));
    copy.set('/api/p/2', { status: 200, body: { i: 'two' } });
    copy.delete('/api/p/3');
    copy.put({ ...s.get('/api/p/0')!, key: 'GET /api/p/new' });
    expect(copy.state).not.toBe(from);
    expect(copy.changesSince(from)).toEqual(new Set(['/api/p/2', '/api/p/3', '/api/p/new']));
    for (let i = 0; i < 20; i++) if (![2, 3].includes(i)) expect(copy.get(`/api/p/${i}`)).toBe(s.get(`/api/p/${i}`));
    // Its own state: nothing changed since. Any other state (the original changed after the copy, another snapshot): unknown.
    expect(copy.changesSince(copy.state)).toEqual(new Set());
    s.set('/api/p/9', { status: 200, body: { i: 'nine' } });
    expect(s.changesSince(from)).toBeUndefined();
    expect(copy.changesSince(s.state)).toBeUndefined();
    expect(new Snapshot().changesSince(from)).toBeUndefined();
    // A copy of the copy knows its changes since the copy's state, and since the original's: both copies' changes.
    const state = copy.state;
    const next = Snapshot.copyOf(copy);
    next.set('/api/p/4', { status: 404, body: null });
    expect(next.changesSince(state)).toEqual(new Set(['/api/p/4']));
    expect(next.changesSince(from)).toEqual(new Set(['/api/p/2', '/api/p/3', '/api/p/new', '/api/p/4']));
    expect(next.changesSince(s.state)).toBeUndefined();
  });

  it(`knows the changes since each of the last ${COPIES_KNOWN} states of a line of copies, and no further`, () => {
    let snap = new Snapshot();
    for (let i = 0; i < 40; i++) snap.set(`/api/p/${i}`, { status: 200, body: { i } });
    const states: string[] = [];
    const entries: Map<string, unknown>[] = [];
    for (let step = 0; step < COPIES_KNOWN + 4; step++) {
      states.push(snap.state);
      entries.push(new Map(snap.paths().map((p) => [p, snap.get(p)])));
      snap = Snapshot.copyOf(snap);
      // Each copy changes one path of its own and one another copy changed before; every other step also changes none.
      if (step % 3 !== 2) {
        snap.set(`/api/p/${step}`, { status: 200, body: { step } });
        snap.set(`/api/p/${step % 5}`, { status: 200, body: { again: step } });
      }
    }
    states.forEach((state, k) => {
      const changed = snap.changesSince(state);
      if (states.length - k > COPIES_KNOWN) return expect(changed).toBeUndefined();
      expect(changed).toBeDefined();
      // Every path outside the answer holds the very entry it held in that state; every path that changed is in it.
      for (const [path, entry] of entries[k]) if (!changed!.has(path)) expect(snap.get(path)).toBe(entry);
      for (const [path, entry] of entries[k]) if (snap.get(path) !== entry) expect(changed!.has(path)).toBe(true);
    });
    expect(snap.changesSince(states[states.length - 2])).toEqual(snap.changesSince(states[states.length - 2]));
  });

  it('loads a base named by the content id of an earlier version (one sha256 of every line) and no other', async () => {
    const s = new Snapshot();
    for (const [p, e] of ENTRIES) s.set(p, e);
    await s.save(dir, META);
    const metaFile = join(dir, 'meta.json');
    const meta = JSON.parse(await readFile(metaFile, 'utf8'));
    const hash = createHash('sha256');
    for (const e of s.entries()) hash.update(`${e.key}\0${e.hash}\n`);
    const legacy = hash.digest('hex');
    expect(meta.base.id).not.toBe(legacy);
    await writeFile(metaFile, JSON.stringify({ ...meta, base: { ...meta.base, id: legacy } }));
    expect((await Snapshot.load(dir)).snapshot.entries()).toEqual(s.entries());
    await writeFile(metaFile, JSON.stringify({ ...meta, base: { ...meta.base, id: 'f'.repeat(64) } }));
    await expect(Snapshot.load(dir)).rejects.toThrow(/snapshot\.ndjson is not the base meta\.json commits/);
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
    expect(meta).toMatchObject({ version: 2, ...META, entryCount: 3, generation: 1, base: { id: snapshotId(s) }, journal: { bytes: 0, lines: 0 } });
    expect(snapshot.entries()).toEqual(s.entries());
    expect(snapshot.get('/api/post/topic/news?limit=10&page=1')?.etag).toBe('"e1"');
  });

  it('prepares a save without changing what the folder loads as; commit puts it in place, discard leaves nothing', async () => {
    const first = new Snapshot();
    first.set(ENTRIES[0][0], ENTRIES[0][1]);
    await first.save(dir, META);
    const before = await readFile(join(dir, 'snapshot.ndjson'), 'utf8');
    const next = new Snapshot();
    for (const [p, e] of ENTRIES) next.set(p, e);

    // Prepared: the new base is beside the committed one; a reader (or a kill now) still sees the first.
    const prepared = await next.prepareSave(dir);
    expect(await readFile(join(dir, `snapshot.ndjson${STAGED_SUFFIX}`), 'utf8')).not.toBe(before);
    expect((await Snapshot.load(dir)).snapshot.entries()).toEqual(first.entries());
    await prepared.discard();
    await expect(stat(join(dir, `snapshot.ndjson${STAGED_SUFFIX}`))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(join(dir, 'snapshot.ndjson'), 'utf8')).toBe(before);

    expect(await (await next.prepareSave(dir)).commit(META)).toMatchObject({ mode: 'compact', generation: 2 });
    expect((await Snapshot.load(dir)).snapshot.entries()).toEqual(next.entries());
    await expect(stat(join(dir, `snapshot.ndjson${STAGED_SUFFIX}`))).rejects.toMatchObject({ code: 'ENOENT' });
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

describe('Snapshot journal (O(change) saves)', () => {
  const STORE = fileURLToPath(new URL('../../../src/snapshot/snapshot-store.ts', import.meta.url));
  const post = (i: number, title = `Post ${i}`) => ({ status: 200, body: { success: true, result: [{ id: i, post_title: title, post_content: `<p>${'x'.repeat(200)}</p>` }] } });
  const path = (i: number) => `/api/post/postdetails/news/p${String(i).padStart(3, '0')}`;
  const readMeta = async (d = dir) => JSON.parse(await readFile(join(d, 'meta.json'), 'utf8')) as Required<SnapshotMeta>;
  const size = (f: string) => stat(join(dir, f)).then((s) => s.size, () => -1);
  /** A saved snapshot of n posts, loaded back (as a build's previous). */
  const saved = async (n = 40) => {
    const s = new Snapshot();
    for (let i = 0; i < n; i++) s.set(path(i), post(i));
    expect((await s.save(dir, META)).mode).toBe('compact');
    return (await Snapshot.load(dir)).snapshot;
  };
  const same = async (expected: Snapshot) => {
    const { snapshot, meta } = await Snapshot.load(dir);
    expect(snapshot.entries()).toEqual(expected.entries());
    expect(snapshotId(snapshot)).toBe(snapshotId(expected));
    expect(meta.entryCount).toBe(expected.size);
    return snapshot;
  };

  it('appends a set, an overwrite and a deletion; the load equals the snapshot in memory and the base is untouched', async () => {
    const prev = await saved();
    const base = await readFile(join(dir, 'snapshot.ndjson'));
    const next = Snapshot.copyOf(prev);
    next.set(path(3), post(3, 'Edited'));
    next.set(path(99), post(99));
    next.delete(path(7));
    next.delete('/api/never/there');
    expect(await next.save(dir, META)).toEqual({ mode: 'append', appended: 3, generation: 2 });
    expect(await readFile(join(dir, 'snapshot.ndjson'))).toEqual(base);
    const journal = (await readFile(join(dir, 'journal.ndjson'), 'utf8')).split('\n');
    expect(journal).toHaveLength(4);
    expect(journal[1]).toBe(`{"deleted":true,"key":"GET ${path(7)}"}`);
    const loaded = await same(next);
    expect(loaded.get(path(3))?.body).toEqual(post(3, 'Edited').body);
    expect(loaded.has(path(7))).toBe(false);

    // A re-read that answered the same appends nothing.
    const same0 = Snapshot.copyOf(loaded);
    expect(same0.set(path(4), post(4))).toBe(loaded.get(path(4)));
    expect(await same0.save(dir, META)).toMatchObject({ mode: 'append', appended: 0 });
    await same(next);

    // Later lines win: the same key again, a deleted key back, a new key deleted again.
    const third = Snapshot.copyOf(same0);
    third.set(path(3), post(3, 'Edited twice'));
    third.set(path(7), post(7, 'Back'));
    third.delete(path(99));
    expect(await third.save(dir, META)).toMatchObject({ mode: 'append', appended: 3, generation: 4 });
    expect((await same(third)).get(path(3))?.body).toEqual(post(3, 'Edited twice').body);
    // The in-memory snapshot that was saved can be saved on (pressroom watch keeps it).
    third.set(path(5), post(5, 'Resident'));
    expect(await third.save(dir, META)).toMatchObject({ mode: 'append', appended: 1, generation: 5 });
    await same(third);
  });

  it('ignores a torn tail beyond the committed length, and the next save cuts it off', async () => {
    const prev = await saved();
    const next = Snapshot.copyOf(prev);
    next.set(path(1), post(1, 'Edited'));
    await next.save(dir, META);
    const committed = (await readMeta()).journal.bytes;
    await appendFile(join(dir, 'journal.ndjson'), '{"body":{"success":true,"result":[{"id":2,"post_ti');
    await same(next);
    const after = Snapshot.copyOf(next);
    after.set(path(2), post(2, 'Edited'));
    await after.save(dir, META);
    const meta = await readMeta();
    expect(await size('journal.ndjson')).toBe(meta.journal.bytes);
    expect(meta.journal.bytes).toBeGreaterThan(committed);
    expect(meta.journal.lines).toBe(2);
    await same(after);
  });

  it(`compacts when the journal would exceed ${COMPACT_SHARE * 100} % of the base, and when the folder is not the state the snapshot came from`, async () => {
    let s = await saved(40);
    const baseId = (await readMeta()).base.id;
    // Each edit appends about one fortieth of the base: appends until the share is crossed, then one compaction.
    const modes: string[] = [];
    for (let i = 0; i < 12; i++) {
      s = Snapshot.copyOf(s);
      s.set(path(i), post(i, `Edit ${i}`));
      modes.push((await s.save(dir, META)).mode);
      const meta = await readMeta();
      expect(meta.journal.bytes).toBeLessThanOrEqual(COMPACT_SHARE * meta.base.bytes);
    }
    const firstCompaction = modes.indexOf('compact');
    expect(firstCompaction).toBeGreaterThan(5);
    expect(modes.slice(0, firstCompaction).every((m) => m === 'append')).toBe(true);
    const meta = await readMeta();
    expect(await size('journal.ndjson')).toBeLessThanOrEqual(meta.journal.bytes);
    expect(meta.base.id).not.toBe(baseId);
    expect(meta.base.folding).toBeUndefined();
    await same(s);

    // Not derived from what is on disk: a fresh snapshot, a stale copy, another folder, a version-1 folder.
    const fresh = new Snapshot();
    fresh.set(path(1), post(1));
    const stale = Snapshot.copyOf(s);
    s = Snapshot.copyOf(s);
    s.set(path(2), post(2, 'moved on'));
    expect((await s.save(dir, META)).mode).toBe('append');
    stale.set(path(3), post(3, 'stale'));
    expect((await stale.save(dir, META)).mode).toBe('compact');
    await same(stale);
    const other = Snapshot.copyOf(stale);
    other.set(path(4), post(4, 'elsewhere'));
    expect((await other.save(join(dir, 'other'), META)).mode).toBe('compact');
    expect((await fresh.save(dir, META)).mode).toBe('compact');
    await same(fresh);
  });

  it('loads a version-1 folder (no journal), and the first save over it compacts', async () => {
    const s = new Snapshot();
    for (const [p, e] of ENTRIES) s.set(p, e);
    await writeFile(join(dir, 'snapshot.ndjson'), s.entries().map((e) => `${stableStringify(e)}\n`).join(''));
    await writeFile(join(dir, 'meta.json'), JSON.stringify({ version: 1, ...META, entryCount: 3 }));
    const { snapshot, meta } = await Snapshot.load(dir);
    expect(meta.version).toBe(1);
    expect(snapshot.entries()).toEqual(s.entries());
    const next = Snapshot.copyOf(snapshot);
    next.delete(ENTRIES[0][0]);
    expect((await next.save(dir, META)).mode).toBe('compact');
    await same(next);
  });

  it('a save interrupted after the append, before meta.json: the previous snapshot loads, and the next save goes on from it', async () => {
    const prev = await saved();
    const committedMeta = await readFile(join(dir, 'meta.json'));
    const next = Snapshot.copyOf(prev);
    next.set(path(1), post(1, 'Never committed'));
    next.delete(path(2));
    await next.save(dir, META);
    // What a kill between the append and the commit leaves: the journal appended to, the old meta.json.
    await writeFile(join(dir, 'meta.json'), committedMeta);
    expect(await size('journal.ndjson')).toBeGreaterThan(0);
    const { snapshot } = await Snapshot.load(dir);
    expect(snapshot.entries()).toEqual(prev.entries());
    const retry = Snapshot.copyOf(snapshot);
    retry.set(path(5), post(5, 'Retried'));
    expect((await retry.save(dir, META)).mode).toBe('append');
    await same(retry);
  });

  /** Loads dir, applies the edits and saves in a child process that SIGKILLs itself at point. */
  const killedSave = (point: string, edits: number) =>
    new Promise<NodeJS.Signals | null>((ok, fail) => {
      const script = `
        const { Snapshot } = await import(${JSON.stringify(STORE)});
        const { snapshot } = await Snapshot.load(${JSON.stringify(dir)});
        const next = Snapshot.copyOf(snapshot);
        for (let i = 0; i < ${edits}; i++) next.set(${JSON.stringify(path(0))}.replace('000', String(i).padStart(3, '0')), { status: 200, body: { killed: i, pad: 'y'.repeat(300) } });
        next.delete(${JSON.stringify(path(39))});
        await next.save(${JSON.stringify(dir)}, ${JSON.stringify(META)});`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, PRESSROOM_KILL_AT: point }, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('error', fail);
      child.on('exit', (code, signal) => (signal ? ok(signal) : fail(new Error(`exit ${code}: ${err}`))));
    });

  it('kill -9 after the journal append: the previous snapshot loads', async () => {
    const prev = await saved();
    expect(await killedSave('snapshot-append', 2)).toBe('SIGKILL');
    expect((await readMeta()).generation).toBe(1);
    await same(prev);
  });

  it('kill -9 in a compaction, after the new base is in place: the new snapshot loads (the journal replays over either base)', async () => {
    const prev = await saved();
    const base = await readFile(join(dir, 'snapshot.ndjson'));
    expect(await killedSave('snapshot-fold', 20)).toBe('SIGKILL');
    expect(await readFile(join(dir, 'snapshot.ndjson'))).not.toEqual(base);
    const meta = await readMeta();
    expect(meta.base.folding).toEqual(expect.any(String));
    const expected = Snapshot.copyOf(prev);
    for (let i = 0; i < 20; i++) expected.set(path(i), { status: 200, body: { killed: i, pad: 'y'.repeat(300) } });
    expected.delete(path(39));
    const loaded = await same(expected);
    // The next save goes on from it and finishes the compaction.
    const next = Snapshot.copyOf(loaded);
    next.set(path(30), post(30, 'After the kill'));
    await next.save(dir, META);
    await same(next);
  });

  it('names the journal file and line of a damaged entry or deletion, and refuses a base meta.json does not name', async () => {
    const prev = await saved();
    const next = Snapshot.copyOf(prev);
    next.set(path(1), post(1, 'Edited'));
    next.delete(path(2));
    next.set(path(3), post(3, 'Edited'));
    await next.save(dir, META);
    const file = join(dir, 'journal.ndjson');
    const good = await readFile(file, 'utf8');
    const lines = good.split('\n');
    lines[2] = lines[2].replace('Edited', 'Tamperd');
    await writeFile(file, lines.join('\n'));
    await expect(Snapshot.load(dir)).rejects.toMatchObject({ code: 'PR_SNAPSHOT_READ', params: { dir } });
    await expect(Snapshot.load(dir)).rejects.toThrow(/journal\.ndjson line 3: .*hash does not match/);
    await writeFile(file, good.replace('"deleted":true', '"deleted":"ye"'));
    await expect(Snapshot.load(dir)).rejects.toThrow(/journal\.ndjson line 2: malformed deletion/);
    await writeFile(file, good.slice(0, 100));
    await expect(Snapshot.load(dir)).rejects.toThrow(/journal\.ndjson has 100 bytes, meta\.json commits/);
    await writeFile(file, good);
    await same(next);
    // A base that is not the one meta.json commits (e.g. a compaction killed between its rename and its commit).
    const other = new Snapshot();
    other.set(path(1), post(1));
    await other.save(join(dir, 'other'), META);
    await writeFile(join(dir, 'snapshot.ndjson'), await readFile(join(dir, 'other', 'snapshot.ndjson')));
    await expect(Snapshot.load(dir)).rejects.toThrow(/snapshot\.ndjson is not the base meta\.json commits/);
  });
});
