// A writer started from the previous release's files (OutputWriter.startFromPrevious: a publish
// of pressroom watch over out/) must end with exactly what a writer that carries every unchanged
// file one by one ends with: the same entries, sorted manifest, deleted files, staged files,
// bytes and carried count, build after build.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeepsForNextBuild } from '../../../src/core/resident.ts';
import { mulberry32 } from '../../../src/sample-api/prng.ts';
import { OutputWriter, type ManifestEntry } from '../../../src/emit/writer.ts';
import { tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('pressroom-writer-patch-');
  setKeepsForNextBuild(true);
});
afterAll(async () => {
  setKeepsForNextBuild(false);
  await tmp?.cleanup();
});

/** One build's outputs: pages and mirror files (tracked by the plan and the snapshot) and the others, each path with its text. */
interface Outputs {
  tracked: Map<string, string>;
  others: Map<string, string>;
}

function summary(w: OutputWriter) {
  return {
    entries: [...w.entries().values()].map((e: ManifestEntry) => `${e.path} ${e.sha256} ${e.size}`).sort(),
    manifest: w.manifest().map((e) => e.path),
    deleted: w.deleted(),
    staged: w.staged().map((e) => e.path),
    bytes: w.bytes,
    carried: w.carried,
    files: w.files,
  };
}

async function writeAll(w: OutputWriter, out: Outputs, only?: ReadonlySet<string>): Promise<void> {
  for (const [path, text] of out.tracked) if (!only || only.has(path)) await w.writeTracked(path, text);
  for (const [path, text] of out.others) await w.write(path, text);
  await w.writeChunks('manifest.json', [JSON.stringify(w.manifest().map((e) => e.path))]);
  await w.flush();
  w.keepLayout();
  // The sorted list, kept current past the manifest file's own entry, is every file in path order.
  expect(w.manifest().map((e) => e.path)).toEqual([...w.entries().keys()].sort());
}

describe('OutputWriter started from the previous release', () => {
  it('ends each of 40 random builds with what carrying every unchanged file gives', async () => {
    const rand = mulberry32(5);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const tracked = new Map<string, string>();
    for (let i = 0; i < 60; i++) tracked.set(i % 3 ? `p/${i}/index.html` : `data/${i}.json`, `v0 ${i}`);
    const otherNames = ['feed.xml', 'sitemap-0.xml', 'sitemap-1.xml', 'robots.txt', 'assets/app-ABCDEFGH.js'];
    let out: Outputs = { tracked, others: new Map(otherNames.slice(0, 3).map((n) => [n, `${n} v0`])) };

    const first = new OutputWriter(join(tmp.dir, 'first'), 4);
    await writeAll(first, out);
    let walkPrev = first.entries();
    let patchPrev = first.entries();
    for (let round = 1; round <= 40; round++) {
      // Change a few tracked files, drop some, add some; rewrite the others (some the same, some gone, some new).
      const next = new Map(out.tracked);
      const changed = new Set<string>();
      const gone: string[] = [];
      for (let k = 0; k < 1 + Math.floor(rand() * 4); k++) {
        const path = pick([...next.keys()]);
        const r = rand();
        if (r < 0.4) {
          next.set(path, `v${round} ${path}`);
          changed.add(path);
        } else if (r < 0.55) {
          next.set(path, next.get(path)!); // rendered again, same bytes
          changed.add(path);
        } else if (r < 0.8 && next.size > 10) {
          next.delete(path);
          gone.push(path);
        } else {
          const fresh = rand() < 0.5 ? `p/new-${round}-${k}/index.html` : `data/new-${round}-${k}.json`;
          next.set(fresh, `v${round} ${fresh}`);
          changed.add(fresh);
        }
      }
      for (const g of gone) changed.delete(g);
      const others = new Map(otherNames.filter(() => rand() < 0.7).map((n) => [n, rand() < 0.3 ? `${n} v${round}` : (out.others.get(n) ?? `${n} v0`)]));
      out = { tracked: next, others };

      const walk = new OutputWriter(join(tmp.dir, `walk-${round}`), 4, { root: tmp.dir, files: walkPrev, inPlace: true });
      for (const [path] of next) if (!changed.has(path)) walk.carry(path, walkPrev.get(path)!);
      await writeAll(walk, out, changed);

      const patch = new OutputWriter(join(tmp.dir, `patch-${round}`), 4, { root: tmp.dir, files: patchPrev, inPlace: true });
      expect(patch.startFromPrevious(gone)).toBe(true);
      await writeAll(patch, out, changed);

      expect(summary(patch)).toEqual(summary(walk));
      walkPrev = walk.entries();
      patchPrev = patch.entries();
    }
  });

  it('does not start from files it did not keep, nor from files that are not in place', async () => {
    const w = new OutputWriter(join(tmp.dir, 'kept'), 4);
    await writeAll(w, { tracked: new Map([['a/index.html', 'a']]), others: new Map([['robots.txt', 'r']]) });
    const notKept = new Map(w.entries());
    expect(new OutputWriter(join(tmp.dir, 'x1'), 4, { root: tmp.dir, files: notKept, inPlace: true }).startFromPrevious([])).toBe(false);
    expect(new OutputWriter(join(tmp.dir, 'x2'), 4, { root: tmp.dir, files: w.entries() }).startFromPrevious([])).toBe(false);
    const started = new OutputWriter(join(tmp.dir, 'x3'), 4, { root: tmp.dir, files: w.entries(), inPlace: true });
    expect(started.startFromPrevious([])).toBe(true);
    // The others are written again by every build: until then they are not this build's.
    expect(started.has('robots.txt')).toBe(false);
    expect(started.has('a/index.html')).toBe(true);
    await expect(started.writeTracked('a/index.html', 'b')).resolves.toBeUndefined();
    await expect(started.writeTracked('a/index.html', 'c')).rejects.toThrow(/two outputs write this file/);
  });
});
