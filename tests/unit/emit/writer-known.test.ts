// A file whose bytes' id the caller kept (sitemap shards, feeds) is carried over when the
// previous release has those bytes, and written (with that id in the manifest) when it does not.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentId, OutputWriter } from '../../../src/emit/writer.ts';
import { listFiles } from '../../helpers/files.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-writer-known-');

describe('OutputWriter.write with a known content id', () => {
  it('carries a file whose id the previous release has, writes one it does not, and records the id either way', async () => {
    const first = join(tmp.dir, 'first');
    const w = new OutputWriter(first, 4);
    const text = '<urlset>ünïcode</urlset>';
    await w.write('sitemaps/sitemap-0.xml', text);
    await w.flush();
    expect(w.entry('sitemaps/sitemap-0.xml')).toMatchObject(contentId(text));

    const second = join(tmp.dir, 'second');
    const w2 = new OutputWriter(second, 4, { root: first, files: w.entries() });
    // The id vouches for the bytes: an unchanged file is carried from the previous release without
    // looking at `data` (here deliberately other bytes, which must not reach the file).
    await w2.write('sitemaps/sitemap-0.xml', 'not these bytes', contentId(text));
    const changed = `${text}\n`;
    await w2.write('feeds/rss.xml', changed, contentId(changed));
    await w2.flush();
    expect(w2.carried).toBe(1);
    expect(w2.entry('sitemaps/sitemap-0.xml')).toMatchObject(contentId(text));
    expect(w2.entry('feeds/rss.xml')).toMatchObject(contentId(changed));
    expect(await readFile(join(second, 'feeds/rss.xml'), 'utf8')).toBe(changed);
    expect(await listFiles(second)).toEqual(['feeds/rss.xml', 'sitemaps/sitemap-0.xml']);
    expect(await readFile(join(second, 'sitemaps/sitemap-0.xml'), 'utf8')).toBe(text);
  });
});
