// Precompressed siblings decompress to their file's bytes, are deterministic,
// skip small and binary files, and follow the hosts by default.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressEnabled, precompressible, PRECOMPRESS_MIN_BYTES, writeSiblings } from '../../../src/emit/precompress.ts';
import { OutputWriter } from '../../../src/emit/writer.ts';
import { listFiles } from '../../helpers/files.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-precompress-');

const BIG = Buffer.from(`<!doctype html>${'<p>Pressroom – ünïcode and ASCII, again and again.</p>'.repeat(100)}`);

describe('precompress', () => {
  it('writes siblings that decompress to exactly the file, with the same bytes every time', async () => {
    const f = join(tmp.dir, 'page.html');
    await writeFile(f, BIG);
    await writeSiblings(f, BIG);
    const [br1, gz1] = [await readFile(`${f}.br`), await readFile(`${f}.gz`)];
    expect(brotliDecompressSync(br1).equals(BIG)).toBe(true);
    expect(gunzipSync(gz1).equals(BIG)).toBe(true);
    await writeSiblings(f, BIG);
    expect((await readFile(`${f}.br`)).equals(br1)).toBe(true);
    expect((await readFile(`${f}.gz`)).equals(gz1)).toBe(true);
  });

  it('only text formats at or above the size threshold', () => {
    for (const ext of ['html', 'js', 'css', 'json', 'xml', 'svg', 'txt']) expect(precompressible(`a/b.${ext}`, PRECOMPRESS_MIN_BYTES)).toBe(true);
    expect(precompressible('a/b.html', PRECOMPRESS_MIN_BYTES - 1)).toBe(false);
    expect(precompressible('logo.png', 1e6)).toBe(false);
    expect(precompressible('font.woff2', 1e6)).toBe(false);
    // Host configuration a host reads itself is never served, so it gets no siblings; the JSON readers fetch does.
    expect(precompressible('vercel.json', 1e6)).toBe(false);
    expect(precompressible('data/vercel.json', 1e6)).toBe(true);
  });

  it('"auto" writes them for nginx or Caddy only; true and false decide alone', () => {
    expect(precompressEnabled('auto', ['netlify'])).toBe(false);
    expect(precompressEnabled('auto', ['netlify', 'nginx'])).toBe(true);
    expect(precompressEnabled('auto', ['caddy'])).toBe(true);
    expect(precompressEnabled(true, [])).toBe(true);
    expect(precompressEnabled(false, ['nginx'])).toBe(false);
  });

  it('the writer adds siblings to written and carried files but keeps them out of the manifest', async () => {
    const first = join(tmp.dir, 'first');
    const w = new OutputWriter(first, 4, undefined, true);
    await w.write('index.html', BIG);
    await w.write('tiny.html', '<p>x</p>');
    await w.flush();
    expect(await listFiles(first)).toEqual(['index.html', 'index.html.br', 'index.html.gz', 'tiny.html']);
    expect(w.manifest().map((m) => m.path)).toEqual(['index.html', 'tiny.html']);
    // Carried over (unchanged): the siblings come along.
    const second = join(tmp.dir, 'second');
    const w2 = new OutputWriter(second, 4, { root: first, files: w.entries() }, true);
    await w2.write('index.html', BIG);
    await w2.flush();
    expect(w2.carried).toBe(1);
    expect(await listFiles(second)).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
    expect(gunzipSync(await readFile(join(second, 'index.html.gz'))).equals(BIG)).toBe(true);
  });
});
