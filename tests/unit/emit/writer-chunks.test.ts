// A large text written in pieces (the manifest): hashed as it goes out, never held whole;
// carried over with its mtime when the previous release has the same bytes.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentId, OutputWriter } from '../../../src/emit/writer.ts';
import { SIBLINGS } from '../../../src/emit/precompress.ts';
import { listFiles } from '../../helpers/files.ts';
import { tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => void (tmp = await tempDir('pressroom-writer-chunks-')));
afterAll(async () => tmp?.cleanup());

const pieces = ['{"a": "ünï', 'code"', ', "b": [1, 2]', '}\n'];

describe('OutputWriter.writeChunks', () => {
  it('writes the pieces as one file and records its sha256 and byte size', async () => {
    const root = join(tmp.dir, 'one');
    const w = new OutputWriter(root, 4);
    await w.write('index.html', '<p>page</p>');
    await w.writeChunks('data/manifest.json', pieces);
    expect(await readFile(join(root, 'data/manifest.json'), 'utf8')).toBe(pieces.join(''));
    expect(w.entry('data/manifest.json')).toEqual({ path: 'data/manifest.json', ...contentId(pieces.join('')) });
    expect(w.bytes).toBe(Buffer.byteLength('<p>page</p>') + Buffer.byteLength(pieces.join('')));
    expect(w.staged().map((f) => f.path)).toEqual(['data/manifest.json', 'index.html']);
    await expect(w.writeChunks('data/manifest.json', ['x'])).rejects.toMatchObject({ code: 'PR_OUTPUT_WRITE' });
    await expect(w.writeChunks('../escape.json', ['x'])).rejects.toMatchObject({ code: 'PR_INTERNAL' });
  });

  it('carries the previous release’s file when the bytes are equal, and writes them when they differ', async () => {
    const first = join(tmp.dir, 'first');
    const w = new OutputWriter(first, 4);
    await w.writeChunks('m.json', pieces);
    const before = await stat(join(first, 'm.json'));

    const same = join(tmp.dir, 'same');
    const w2 = new OutputWriter(same, 4, { root: first, files: w.entries() });
    await w2.writeChunks('m.json', [pieces.join('')]);
    expect(w2.carried).toBe(1);
    expect((await stat(join(same, 'm.json'))).ino).toBe(before.ino);
    expect(w2.entry('m.json')).toBe(w.entry('m.json'));

    const other = join(tmp.dir, 'other');
    const w3 = new OutputWriter(other, 4, { root: first, files: w.entries() });
    await w3.writeChunks('m.json', [...pieces, ' ']);
    expect(w3.carried).toBe(0);
    expect(await readFile(join(other, 'm.json'), 'utf8')).toBe(`${pieces.join('')} `);
    expect(await listFiles(other)).toEqual(['m.json']);
  });

  it('writes precompressed siblings of a large text when asked', async () => {
    const root = join(tmp.dir, 'compressed');
    const w = new OutputWriter(root, 4, undefined, true);
    const big = Array.from({ length: 200 }, (_, i) => `{"path": "page-${i}/index.html"},\n`);
    await w.writeChunks('pressroom-manifest.json', big);
    expect((await listFiles(root)).sort()).toEqual(['pressroom-manifest.json', ...SIBLINGS.map((e) => `pressroom-manifest.json${e}`)].sort());
  });
});
