// emit's side of the index's parts (src/emit/search-emit.ts): which previous files a build
// drops and which it leaves, over a writer that records what it is asked.
import { describe, expect, it } from 'vitest';
import { writeParts, type IndexBuilt } from '../../../src/emit/search-emit.ts';
import type { KeptSearchParts, SearchParts } from '../../../src/emit/search-parts.ts';
import type { OutputWriter } from '../../../src/emit/writer.ts';

function recorder() {
  const calls: string[] = [];
  const w = {
    drop: (rel: string) => void calls.push(`drop ${rel}`),
    writeTracked: async (rel: string) => void calls.push(`write ${rel}`),
    write: async (rel: string) => void calls.push(`other ${rel}`),
    entries: () => new Map(),
  } as unknown as OutputWriter;
  return { w, calls };
}

const parts = (count: number): SearchParts => ({ count, articles: count, members: Array.from({ length: count }, (_, i) => [{ path: `/news/a${i}`, file: `news/a${i}/index.html` }]) });
const kept: KeptSearchParts = { parts: parts(2), files: [['pagefind/pagefind-entry.json', 'pagefind/fragment/old0'], ['pagefind/parts/1/pagefind-entry.json', 'pagefind/parts/1/fragment/old1']] };
const built = (count: number, which: number[]): IndexBuilt => ({
  parts: parts(count),
  built: { files: new Map(which.map((p) => [p, [{ path: `${p ? `parts/${p}/` : ''}fragment/new${p}`, contents: Buffer.from('x') }]])), indexed: new Map() },
});

describe('writeParts', () => {
  it('drops and writes only the parts built again; the others stay', async () => {
    const { w, calls } = recorder();
    await writeParts(w, built(2, [1]), kept);
    expect(calls).toEqual(['drop pagefind/parts/1/pagefind-entry.json', 'drop pagefind/parts/1/fragment/old1', 'write pagefind/parts/1/fragment/new1', 'other pagefind/pressroom-parts.json']);
  });

  it('drops every previous part when the count changed or the index is off', async () => {
    const all = kept.files.flat().map((f) => `drop ${f}`);
    const a = recorder();
    await writeParts(a.w, built(4, [0, 1, 2, 3]), kept);
    expect(a.calls.slice(0, 4)).toEqual(all);
    const b = recorder();
    await writeParts(b.w, null, kept);
    expect(b.calls).toEqual(all);
  });

  it("keeps the parts with the build's files in the session's store", async () => {
    const { w } = recorder();
    const files = new Map();
    (w as unknown as { entries: () => typeof files }).entries = () => files;
    const indexes = new WeakMap();
    await writeParts(w, built(2, [1]), kept, indexes);
    expect(indexes.get(files)).toEqual({ parts: parts(2), files: [kept.files[0], ['pagefind/parts/1/fragment/new1']] });
  });

  it('drops nothing without kept parts', async () => {
    const { w, calls } = recorder();
    await writeParts(w, built(1, [0]), undefined);
    expect(calls).toEqual(['write pagefind/fragment/new0', 'other pagefind/pressroom-parts.json']);
  });
});
