import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isManifestFile, MANIFEST_FILE, manifestIndexText, manifestParts, newManifestRuns, printEntry } from '../../../src/emit/manifest-text.ts';
import { partsIn, readSiteFiles } from '../../../src/emit/manifest-read.ts';
import type { ManifestEntry } from '../../../src/emit/writer.ts';
import { useTempDir } from '../../helpers/temp.ts';

const entry = (path: string, n: number): ManifestEntry => ({ path, sha256: n.toString(16).padStart(64, '0'), size: n });
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const source = { kind: 'api', base: 'http://127.0.0.1:4000' };

const tmp = useTempDir('pressroom-manifest-text-');

/** Writes a manifest (index and parts) into a folder, as emit does; returns the index's text. */
async function writeManifest(root: string, files: readonly ManifestEntry[], head: { source: unknown; basePath?: string } = { source }, runs?: ReturnType<typeof newManifestRuns>): Promise<string> {
  const parts = [];
  for (const { bytes, ...part } of manifestParts(files, runs)) {
    await mkdir(dirname(join(root, part.path)), { recursive: true });
    await writeFile(join(root, part.path), bytes);
    parts.push(part);
  }
  const index = manifestIndexText(head, parts);
  await mkdir(root, { recursive: true });
  await writeFile(join(root, MANIFEST_FILE), index);
  return index;
}

describe('a manifest entry printed', () => {
  it('is its indented JSON, whatever its path, and for objects of other fields, order or types too', () => {
    const long = (e: object) => ` ${JSON.stringify(e, null, 1).replace(/\n/g, '\n ')}`;
    const odd: object[] = [
      entry('index.html', 7),
      entry('news/"quoted"\\slash/caf\u00e9/a\u2028b\tc\u0001\ud800.html', 0),
      { path: 'a', sha256: 'b', size: Number.NaN },
      { path: 'a', sha256: 'b', size: -0.5e21 },
      { sha256: 'b', path: 'a', size: 1 },
      { path: 'a', sha256: 'b', size: 1, extra: [1, { x: 2 }] },
      { path: 'a', sha256: 'b' },
      { path: 'a', sha256: 'b', size: undefined },
      { path: 'a', sha256: 'b', size: 2, toJSON: undefined },
      Object.assign(Object.create({ inherited: 1 }), { path: 'a', sha256: 'b', size: 3 }),
      Object.defineProperty({ path: 'a', sha256: 'b' }, 'size', { value: 4, enumerable: false }),
    ];
    for (const e of odd) expect(printEntry(e as ManifestEntry)).toBe(long(e));
  });
});

// Runs are kept between calls only by a publish session's printer (src/emit/kept.ts manifestRuns), in a build with a session.
describe.each([true, false])('the manifest in parts (runs kept: %s)', (keeps) => {
  const runs = keeps ? newManifestRuns() : undefined;

  it('cuts the entries into parts after a hash ending in "00", each the JSON list of its entries named by its sha256', () => {
    const files = Array.from({ length: 5000 }, (_, i) => entry(`page-${String(i).padStart(5, '0')}/index.html`, i));
    const parts = [...manifestParts(files, runs)];
    // Entry 0's hash ends in "00", then every 256th: a part of entry 0 alone, then parts of 256 entries.
    expect(parts.length).toBe(1 + Math.ceil(4999 / 256));
    let at = 0;
    for (const p of parts) {
      const list = JSON.parse(p.bytes.toString('utf8')) as ManifestEntry[];
      expect(p.bytes.toString('utf8')).toBe(`${JSON.stringify(list, null, 1)}\n`);
      expect(list).toEqual(files.slice(at, at + list.length));
      expect(p.sha256).toBe(sha(p.bytes));
      expect(p.size).toBe(p.bytes.length);
      expect(p.path).toBe(`pressroom-manifest/${p.sha256}.json`);
      expect(isManifestFile(p.path)).toBe(true);
      at += list.length;
    }
    expect(at).toBe(files.length);
    expect(isManifestFile(MANIFEST_FILE)).toBe(true);
    expect(isManifestFile('pressroom-manifest.json.br')).toBe(false);
    expect(isManifestFile('news/pressroom-manifest/x.json')).toBe(false);
  });

  it('prints odd paths as JSON, and an index with the source, the base path and the parts in order', () => {
    const files = ['index.html', 'news/"quoted"\\slash/index.html', 'topic/caf\u00e9/index.html', 'a\u2028b.json', 'tab\there.html'].map(entry);
    const parts = [...manifestParts(files, runs)].map(({ bytes, ...p }) => ({ ...p, list: JSON.parse(bytes.toString('utf8')) }));
    expect(parts.flatMap((p) => p.list)).toEqual(files);
    for (const basePath of [undefined, '/news-site']) {
      const index = JSON.parse(manifestIndexText({ source, ...(basePath ? { basePath } : {}) }, parts));
      expect(index).toEqual({ version: 2, source, ...(basePath ? { basePath } : {}), parts: parts.map((p) => ({ path: p.path, sha256: p.sha256, size: p.size })) });
    }
    expect(JSON.parse(manifestIndexText({ source }, []))).toEqual({ version: 2, source, parts: [] });
  });

  it('reads back, from a folder, every file the manifest lists, its parts and its index, whatever changed between two manifests', async () => {
    const files = Array.from({ length: 1200 }, (_, i) => entry(`p/${String(i).padStart(4, '0')}.html`, i * 7 + 1));
    const root = join(tmp.dir, `read-${keeps}`);
    const index = await writeManifest(root, files, { source }, runs);
    const site = await readSiteFiles(index, partsIn(root));
    expect(site.get(MANIFEST_FILE)).toEqual({ path: MANIFEST_FILE, sha256: sha(index), size: Buffer.byteLength(index) });
    const listed = [...site.values()].filter((f) => !isManifestFile(f.path));
    expect(listed).toEqual(files);
    const parts = JSON.parse(index).parts as { path: string; sha256: string }[];
    for (const p of parts) expect(site.get(p.path)?.sha256).toBe(p.sha256);
    expect(site.size).toBe(files.length + parts.length + 1);

    // One entry changed: its part is new; with kept runs, no other part was printed again.
    const before = keeps ? new Map([...manifestParts(files, runs)].map((p) => [p.sha256, p.bytes])) : undefined;
    const next = files.map((f, i) => (i === 600 ? { ...f, sha256: 'f'.repeat(64) } : f));
    const after = [...manifestParts(next, runs)];
    const fresh = after.filter((p) => !parts.some((q) => q.sha256 === p.sha256));
    expect(fresh.length).toBe(1);
    if (before) for (const p of after) if (p !== fresh[0] && before.has(p.sha256)) expect(p.bytes).toBe(before.get(p.sha256));
  });
});

describe('reading a manifest', () => {
  it('names a part that is missing or whose bytes are not those its hash names', async () => {
    const files = Array.from({ length: 600 }, (_, i) => entry(`p/${i}.html`, i + 1));
    const root = join(tmp.dir, 'damaged');
    const index = await writeManifest(root, files);
    const part = (JSON.parse(index).parts as { path: string }[])[1].path;
    await writeFile(join(root, part), '[]\n');
    await expect(readSiteFiles(index, partsIn(root))).rejects.toMatchObject({ code: 'PR_MANIFEST', message: expect.stringContaining(part) });
    await expect(readSiteFiles(index, partsIn(join(tmp.dir, 'nowhere')))).rejects.toMatchObject({ code: 'PR_MANIFEST', message: expect.stringContaining('cannot be read') });
    await expect(readSiteFiles('{"version": 2, "parts": [1', partsIn(root))).rejects.toMatchObject({ code: 'PR_MANIFEST', message: expect.stringContaining('not JSON') });
    await expect(readSiteFiles('{"version": 2, "parts": [{"path": "x.json"}]}', partsIn(root))).rejects.toMatchObject({ code: 'PR_MANIFEST' });
    // A part is read only from the parts' folder, under its own hash.
    const outside = { path: '../../outside.json', sha256: 'a'.repeat(64), size: 3 };
    await expect(readSiteFiles(JSON.stringify({ version: 2, parts: [outside] }), partsIn(root))).rejects.toMatchObject({ code: 'PR_MANIFEST', message: expect.stringContaining('not a part of the manifest') });
  });

  it('reads a manifest of format 1, its files listed inline (written before docs/decisions/0080-manifest-and-state-in-parts.md)', async () => {
    const files = [entry('index.html', 3), entry('news/a/index.html', 4)];
    const text = `${JSON.stringify({ version: 1, source, files }, null, 1)}\n`;
    const site = await readSiteFiles(text, () => Promise.reject(new Error('no parts to read')));
    expect([...site.values()]).toEqual([...files, { path: MANIFEST_FILE, sha256: sha(text), size: Buffer.byteLength(text) }]);
  });
});
