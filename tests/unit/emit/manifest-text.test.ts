import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeepsForNextBuild } from '../../../src/core/resident.ts';
import { manifestChunks } from '../../../src/emit/manifest-text.ts';
import type { ManifestEntry } from '../../../src/emit/writer.ts';

const manifestText = (m: { files: readonly ManifestEntry[] }) => [...manifestChunks(m)].map((c) => c.toString()).join('');
const entry = (path: string, n: number): ManifestEntry => ({ path, sha256: n.toString(16).padStart(64, '0'), size: n });

// Runs are kept between calls only in a process that publishes again (src/core/resident.ts).
describe.each([true, false])('manifestText (runs kept: %s)', (keeps) => {
  beforeAll(() => setKeepsForNextBuild(keeps));
  afterAll(() => setKeepsForNextBuild(false));
  it('prints what JSON.stringify(manifest, null, 1) prints, with kept blocks, odd paths and every source shape', () => {
    const files = ['index.html', 'news/"quoted"\\slash/index.html', 'topic/caf\u00e9/index.html', 'a\u2028b.json', 'tab\there.html'].map(entry);
    const sources = [
      { kind: 'api', base: 'http://127.0.0.1:4000' },
      { kind: 'embedded-sample', seed: 1, posts: 60, today: '2026-01-15', corpus: 'abc' },
    ];
    for (const source of sources) {
      for (const basePath of [undefined, '/news-site']) {
        const manifest = { version: 1, source, ...(basePath ? { basePath } : {}), files };
        // Twice: the second time every run is a kept one.
        expect(manifestText(manifest)).toBe(`${JSON.stringify(manifest, null, 1)}\n`);
        expect(manifestText(manifest)).toBe(`${JSON.stringify(manifest, null, 1)}\n`);
        // One entry replaced, one added: their runs are printed, the rest kept.
        const next = { ...manifest, files: [entry('0.html', 7), ...files.slice(1), entry('z.html', 9)] };
        expect(manifestText(next)).toBe(`${JSON.stringify(next, null, 1)}\n`);
      }
    }
    expect(manifestText({ version: 1, files: [] } as never)).toBe(`${JSON.stringify({ version: 1, files: [] }, null, 1)}\n`);
  });
  it('comes in pieces (its head, the runs of entries, its tail) that join into the whole text', () => {
    const files = Array.from({ length: 5000 }, (_, i) => entry(`page-${String(i).padStart(5, '0')}/index.html`, i));
    const manifest = { version: 1, source: { kind: 'api', base: 'http://127.0.0.1:4000' }, files };
    const chunks = [...manifestChunks(manifest)];
    // A hash ending in "00" ends a run (src/core/printed-runs.ts): entries 0, 256, 512, ... here, so
    // entry 0 is a run of its own, then runs of 256 entries; with the head and the tail, 23 pieces.
    expect(chunks.length).toBe(2 + 1 + Math.ceil(4999 / 256));
    expect(Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).toString('utf8')).toBe(`${JSON.stringify(manifest, null, 1)}\n`);
  });
});
