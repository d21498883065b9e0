import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carryTree } from '../../../src/files/links.ts';
import { pickTarget, rollback } from '../../../src/publish/rollback.ts';
import { commitRelease, currentReleaseId, listReleases, newReleaseId, pruneReleases, releasePaths, setCurrentRelease } from '../../../src/publish/releases.ts';
import { testDir } from '../../helpers/temp.ts';

async function addRelease(out: string, text: string, at: Date): Promise<string> {
  const id = await newReleaseId(out, at);
  const { dir } = releasePaths(out, id);
  await mkdir(join(`${dir}.tmp`, 'site'), { recursive: true });
  await writeFile(join(`${dir}.tmp`, 'site', 'index.html'), text);
  await writeFile(join(`${dir}.tmp`, 'build-report.json'), JSON.stringify({ routes: text.length, files: 1 }));
  await commitRelease(out, id);
  return id;
}

describe('releases and rollback', () => {
  it('rollback republishes the previous release atomically and moves `current`; --to picks one', async () => {
    const out = join(await testDir('pr-rel-'), 'out');
    const r1 = await addRelease(out, 'one', new Date('2026-01-01T00:00:00Z'));
    const r2 = await addRelease(out, 'two', new Date('2026-01-02T00:00:00Z'));
    await carryTree(releasePaths(out, r2).site, out);
    await setCurrentRelease(out, r2);

    const res = await rollback({ out, handleSignals: false });
    expect(res).toMatchObject({ from: r2, to: r1, files: 1 });
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('one');
    expect(await currentReleaseId(out)).toBe(r1);
    // The release itself is untouched (out/ shares its inode, not a copy it could corrupt).
    expect(await readFile(join(releasePaths(out, r2).site, 'index.html'), 'utf8')).toBe('two');

    await rollback({ out, to: r2, handleSignals: false });
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('two');
    expect((await listReleases(out)).map((r) => [r.id, r.current, r.routes])).toEqual([[r1, false, 3], [r2, true, 3]]);
  });

  it('with nothing older there is nothing to roll back to; an unknown id is a usage error', async () => {
    const out = join(await testDir('pr-rel-'), 'out');
    const r1 = await addRelease(out, 'one', new Date('2026-01-01T00:00:00Z'));
    await setCurrentRelease(out, r1);
    await expect(rollback({ out, handleSignals: false })).rejects.toMatchObject({ code: 'PR_USAGE' });
    await expect(rollback({ out, to: 'nope', handleSignals: false })).rejects.toMatchObject({ code: 'PR_USAGE' });
  });

  it('pickTarget takes the newest release older than the current one', () => {
    const rel = (id: string) => ({ id, dir: id, site: id, current: false });
    const list = [rel('20260101T000000000Z'), rel('20260102T000000000Z'), rel('20260103T000000000Z')];
    expect(pickTarget(list, '20260103T000000000Z').id).toBe('20260102T000000000Z');
    expect(pickTarget(list, '20260102T000000000Z').id).toBe('20260101T000000000Z');
  });

  it('keeps the newest N releases and never the current one away; drops leftovers of killed builds', async () => {
    const out = join(await testDir('pr-rel-'), 'out');
    const ids: string[] = [];
    for (let d = 1; d <= 4; d++) ids.push(await addRelease(out, `r${d}`, new Date(`2026-01-0${d}T00:00:00Z`)));
    await setCurrentRelease(out, ids[0]);
    await mkdir(`${releasePaths(out, '20260105T000000000Z').dir}.tmp`, { recursive: true });
    const removed = await pruneReleases(out, 2);
    expect(removed.sort()).toEqual([ids[1], '20260105T000000000Z.tmp'].sort());
    expect((await listReleases(out)).map((r) => r.id)).toEqual([ids[0], ids[2], ids[3]]);
  });

  it('carried files keep their mtime', async () => {
    const root = await testDir('pr-rel-');
    await mkdir(join(root, 'a', 'x'), { recursive: true });
    await writeFile(join(root, 'a', 'x', 'f.html'), 'f');
    const { utimes } = await import('node:fs/promises');
    await utimes(join(root, 'a', 'x', 'f.html'), new Date('2020-01-01'), new Date('2020-01-01'));
    await carryTree(join(root, 'a'), join(root, 'b'));
    expect((await stat(join(root, 'b', 'x', 'f.html'))).mtimeMs).toBe(new Date('2020-01-01').getTime());
  });
});
