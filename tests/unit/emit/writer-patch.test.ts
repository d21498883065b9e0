// A writer started from the previous release's files (OutputWriter.startFromPrevious: a publish
// of pressroom watch over out/) must end with exactly what a writer that carries every unchanged
// file one by one ends with: the same entries, sorted manifest, deleted files, staged files,
// bytes and carried count, build after build.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mulberry32, pick } from '../../helpers/rng.ts';
import { OutputWriter, type ManifestEntry } from '../../../src/emit/writer.ts';
import { manifestParts } from '../../../src/emit/manifest-text.ts';
import { newEmitKept } from '../../../src/emit/kept.ts';
import { notedPlaces } from '../../../src/lists/list-change.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-writer-patch-');

// One publish session's part for every writer here: a writer starts only from the files a writer of the same session kept.
const emitKept = newEmitKept();
const writer = (root: string, previous?: ConstructorParameters<typeof OutputWriter>[2]) => new OutputWriter(root, 4, previous, false, emitKept);

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

/** Writes a build's outputs as emit does; returns the sorted list its manifest was made from. */
async function writeAll(w: OutputWriter, out: Outputs, only?: ReadonlySet<string>): Promise<readonly ManifestEntry[]> {
  for (const [path, text] of out.tracked) if (!only || only.has(path)) await w.writeTracked(path, text);
  for (const [path, text] of out.others) await w.write(path, text);
  // The manifest's parts and index, as emit writes them after the sorted list was made.
  const parts = [];
  const list = w.manifest();
  for (const { bytes, ...part } of manifestParts(list, emitKept.manifestRuns)) {
    await w.write(part.path, bytes, part);
    parts.push(part.path);
  }
  await w.write('manifest.json', JSON.stringify(parts));
  await w.flush();
  w.keepLayout();
  // The sorted list, kept current past the manifest's own entries, is every file in path order.
  expect(w.manifest().map((e) => e.path)).toEqual([...w.entries().keys()].sort());
  return list;
}

describe('OutputWriter started from the previous release', () => {
  it('ends each of 40 random builds with what carrying every unchanged file gives', async () => {
    const rand = mulberry32(5);
    const tracked = new Map<string, string>();
    for (let i = 0; i < 60; i++) tracked.set(i % 3 ? `p/${i}/index.html` : `data/${i}.json`, `v0 ${i}`);
    const otherNames = ['feed.xml', 'sitemap-0.xml', 'sitemap-1.xml', 'robots.txt', 'assets/app-ABCDEFGH.js'];
    let out: Outputs = { tracked, others: new Map(otherNames.slice(0, 3).map((n) => [n, `${n} v0`])) };

    const first = writer(join(tmp.dir, 'first'));
    await writeAll(first, out);
    let walkPrev = first.entries();
    let patchPrev = first.entries();
    for (let round = 1; round <= 40; round++) {
      // Change a few tracked files, drop some, add some; rewrite the others (some the same, some gone, some new).
      const next = new Map(out.tracked);
      const changed = new Set<string>();
      const gone: string[] = [];
      for (let k = 0; k < 1 + Math.floor(rand() * 4); k++) {
        const path = pick(rand, [...next.keys()]);
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

      const walk = writer(join(tmp.dir, `walk-${round}`), { root: tmp.dir, files: walkPrev, inPlace: true });
      for (const [path] of next) if (!changed.has(path)) walk.carry(path, walkPrev.get(path)!);
      await writeAll(walk, out, changed);

      const patch = writer(join(tmp.dir, `patch-${round}`), { root: tmp.dir, files: patchPrev, inPlace: true });
      expect(patch.startFromPrevious(gone)).toBe(true);
      await writeAll(patch, out, changed);

      expect(summary(patch)).toEqual(summary(walk));
      walkPrev = walk.entries();
      patchPrev = patch.entries();
    }
  });

  it('patches the list the last manifest was made from: files written again are noted as replaced in it', async () => {
    const tracked = new Map(Array.from({ length: 40 }, (_, i) => [`p/${String(i).padStart(2, '0')}/index.html`, `v0 ${i}`] as [string, string]));
    const one = writer(join(tmp.dir, 'noted-1'));
    const first = await writeAll(one, { tracked, others: new Map([['feed.xml', 'feed v0']]) });
    const two = writer(join(tmp.dir, 'noted-2'), { root: tmp.dir, files: one.entries(), inPlace: true });
    expect(two.startFromPrevious([])).toBe(true);
    const next = new Map(tracked).set('p/05/index.html', 'v1 5').set('p/30/index.html', 'v1 30');
    const second = await writeAll(two, { tracked: next, others: new Map([['feed.xml', 'feed v1']]) }, new Set(['p/05/index.html', 'p/30/index.html']));
    // One copy with three places set (src/lists/sorted.ts), not a pass that drops the last manifest's parts and places the new entries.
    expect(notedPlaces(first, second)?.map((p) => second[p].path)).toEqual(['feed.xml', 'p/05/index.html', 'p/30/index.html']);
  });

  it('keeps its sorted list current through files set after it was made, replaced ones included', async () => {
    const rand = mulberry32(11);
    for (let round = 0; round < 30; round++) {
      const w = writer(join(tmp.dir, `since-${round}`));
      const previous = writer(join(tmp.dir, `since-prev-${round}`));
      for (let i = 0; i < 20; i++) await previous.write(`f${i}.txt`, `${i}`);
      const carrying = writer(join(tmp.dir, `since-carry-${round}`), { root: join(tmp.dir, `since-prev-${round}`), files: previous.entries() });
      for (const writer of [w, carrying]) {
        let n = 0;
        for (let step = 0; step < 12; step++) {
          const r = rand();
          if (r < 0.25) expect(writer.manifest().map((e) => e.path)).toEqual([...writer.entries().keys()].sort());
          else if (r < 0.5 && writer === carrying && n < 20) await writer.carry(`f${n}.txt`, previous.entry(`f${n++}.txt`)!);
          else await writer.write(`g${Math.floor(rand() * 1e6)}-${step}.txt`, `${step}`);
        }
        await writer.flush();
        expect(writer.manifest().map((e) => e.path)).toEqual([...writer.entries().keys()].sort());
      }
    }
    // Started from the previous files: one of those written again after the list was made replaces its entry in it.
    const kept = writer(join(tmp.dir, 'since-kept'));
    for (let i = 0; i < 5; i++) await kept.writeTracked(`k${i}.txt`, `${i}`);
    await kept.flush();
    kept.keepLayout();
    const again = writer(join(tmp.dir, 'since-again'), { root: join(tmp.dir, 'since-kept'), files: kept.entries(), inPlace: true });
    // A list made before the start (empty) is not the start's.
    expect(again.manifest()).toEqual([]);
    expect(again.startFromPrevious(['k4.txt'])).toBe(true);
    await again.writeTracked('k1.txt', '1');
    await again.writeTracked('a.txt', 'new');
    expect(again.manifest().map((e) => e.path)).toEqual(['a.txt', 'k0.txt', 'k1.txt', 'k2.txt', 'k3.txt']);
    await again.writeTracked('k2.txt', 'changed');
    await again.writeTracked('k3.txt', '3');
    await again.write('z.txt', 'z');
    await again.flush();
    expect(again.manifest()).toEqual([...again.entries().keys()].sort().map((p) => again.entry(p)));
  });

  it('does not start from files it did not keep, nor from files that are not in place', async () => {
    const w = writer(join(tmp.dir, 'kept'));
    await writeAll(w, { tracked: new Map([['a/index.html', 'a']]), others: new Map([['robots.txt', 'r']]) });
    const notKept = new Map(w.entries());
    expect(writer(join(tmp.dir, 'x1'), { root: tmp.dir, files: notKept, inPlace: true }).startFromPrevious([])).toBe(false);
    expect(writer(join(tmp.dir, 'x2'), { root: tmp.dir, files: w.entries() }).startFromPrevious([])).toBe(false);
    const started = writer(join(tmp.dir, 'x3'), { root: tmp.dir, files: w.entries(), inPlace: true });
    expect(started.startFromPrevious([])).toBe(true);
    // The others are written again by every build: until then they are not this build's.
    expect(started.has('robots.txt')).toBe(false);
    expect(started.has('a/index.html')).toBe(true);
    await expect(started.writeTracked('a/index.html', 'b')).resolves.toBeUndefined();
    await expect(started.writeTracked('a/index.html', 'c')).rejects.toThrow(/two outputs write this file/);
  });
});
