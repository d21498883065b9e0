import { describe, expect, it } from 'vitest';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../src/files/atomic-write.ts';
import { MAX_IOV } from '../../../src/lists/printed-runs.ts';
import { testDir } from '../../helpers/temp.ts';

describe('writeFileAtomic', () => {
  it('writes pieces (strings and bytes, past one writev group in count and in size) as their bytes in order', async () => {
    const dir = await testDir('pr-atomic-');
    const pieces: (string | Buffer)[] = [];
    for (let i = 0; i < MAX_IOV * 3; i++) pieces.push(i % 2 ? `é${i},` : Buffer.from(`b${i};`));
    pieces.push('x'.repeat(3 << 20), Buffer.alloc(0), 'end');
    const file = join(dir, 'state.json');
    await writeFile(file, 'old');
    await writeFileAtomic(file, pieces);
    const want = Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
    expect((await readFile(file)).equals(want)).toBe(true);
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('fails naming the file and leaves the old one and no temporary file when a piece cannot be made', async () => {
    const dir = await testDir('pr-atomic-');
    const file = join(dir, 'state.json');
    await writeFile(file, 'old');
    function* pieces() {
      yield 'a'.repeat(2 << 20);
      throw new Error('printing failed');
    }
    await expect(writeFileAtomic(file, pieces())).rejects.toMatchObject({ code: 'PR_OUTPUT_WRITE', message: expect.stringContaining(file) });
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});
