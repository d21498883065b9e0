// --out must be nothing yet, an empty folder or a folder a build wrote: a build
// replaces its output folder whole, so anything else is refused before anything is written.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignOut, refuseForeignOut } from '../../../src/pipeline/out-guard.ts';
import { buildShard } from '../../../src/pipeline/scale.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-out-guard-');

describe('foreignOut', () => {
  it('accepts a missing path, an empty folder and a folder holding a manifest', async () => {
    expect(await foreignOut(join(tmp.dir, 'missing'))).toBeUndefined();
    await mkdir(join(tmp.dir, 'empty'));
    expect(await foreignOut(join(tmp.dir, 'empty'))).toBeUndefined();
    await mkdir(join(tmp.dir, 'site'));
    await writeFile(join(tmp.dir, 'site', 'pressroom-manifest.json'), '{}');
    await writeFile(join(tmp.dir, 'site', 'index.html'), '<!doctype html>');
    expect(await foreignOut(join(tmp.dir, 'site'))).toBeUndefined();
  });

  it('refuses a file and a folder of other files, naming what it found', async () => {
    await writeFile(join(tmp.dir, 'notes.md'), 'my notes\n');
    expect(await foreignOut(join(tmp.dir, 'notes.md'))).toBe('it is a file of 9 bytes');
    await mkdir(join(tmp.dir, 'docs'));
    for (const f of ['a.md', 'b.md', 'c.md', 'd.md']) await writeFile(join(tmp.dir, 'docs', f), f);
    expect(await foreignOut(join(tmp.dir, 'docs'))).toBe('it is a folder of 4 entries (a.md, b.md, c.md, …)');
    const err = await refuseForeignOut(join(tmp.dir, 'notes.md')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PR_OUT_NOT_SITE', exitCode: 2 });
    expect((err as Error).message).toContain(join(tmp.dir, 'notes.md'));
    expect((err as Error).message).toContain('no pressroom-manifest.json');
  });

  it('guards a shard folder by its record: a site folder or a file is no shard folder, and `build --shard` refuses it before it reads anything', async () => {
    await mkdir(join(tmp.dir, 'shard'));
    await writeFile(join(tmp.dir, 'shard', 'pressroom-shard.json'), '{}');
    expect(await foreignOut(join(tmp.dir, 'shard'), 'pressroom-shard.json')).toBeUndefined();
    expect(await foreignOut(join(tmp.dir, 'site'), 'pressroom-shard.json')).toMatch(/^it is a folder of 2 entries/);
    // The snapshot named does not exist: the refusal comes first, and the file is as it was.
    const err = await buildShard({ out: join(tmp.dir, 'notes.md'), fromSnapshot: join(tmp.dir, 'no-snapshot'), shard: { index: 1, count: 2 }, handleSignals: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PR_OUT_NOT_SITE', message: expect.stringContaining('no pressroom-shard.json') });
    expect(await readFile(join(tmp.dir, 'notes.md'), 'utf8')).toBe('my notes\n');
  });
});
