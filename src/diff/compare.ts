// What `pressroom diff` compares (docs/operations.md): two output folders (or releases) or two
// snapshots. An HTML route changed when its normalised HTML (./normalise.ts) differs, so hashed asset
// names alone are no change. Other files compare by masked name and text; hashed files and the
// manifest are left out (a rebuilt bundle alone must show no change). Snapshots: by entry hash.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { Snapshot } from '../snapshot/snapshot-store.ts';
import { listTree } from '../files/links.ts';
import { isManifestFile } from '../emit/manifest-text.ts';
import { isHashedName, maskHashes, normaliseHtml } from './normalise.ts';


export interface PageChange {
  file: string;
  /** Unified diff of the normalised HTML. */
  diff: string;
}

export interface OutDiff {
  kind: 'out';
  equal: boolean;
  pages: { added: string[]; removed: string[]; changed: PageChange[] };
  files: { added: string[]; removed: string[]; changed: string[] };
}

export interface SnapshotDiff {
  kind: 'snapshot';
  equal: boolean;
  added: string[];
  removed: string[];
  changed: string[];
}

export type DiffResult = OutDiff | SnapshotDiff;

const isPage = (rel: string) => rel.endsWith('.html');

function split<T>(a: Map<string, T>, b: Map<string, T>) {
  return {
    added: [...b.keys()].filter((k) => !a.has(k)).sort(),
    removed: [...a.keys()].filter((k) => !b.has(k)).sort(),
    both: [...a.keys()].filter((k) => b.has(k)).sort(),
  };
}

/** A built site to compare: a folder, or rel path -> file for a release kept in the object store (src/publish/objects.ts). */
export type Tree = string | ReadonlyMap<string, string>;

async function filesOf(tree: Tree): Promise<{ list: string[]; at: (rel: string) => string }> {
  if (typeof tree !== 'string') return { list: [...tree.keys()].sort(), at: (rel) => tree.get(rel)! };
  return { list: await listTree(tree), at: (rel) => join(tree, rel) };
}

export async function diffOutputs(oldTree: Tree, newTree: Tree, opts: { context?: number } = {}): Promise<OutDiff> {
  const [ta, tb] = await Promise.all([filesOf(oldTree), filesOf(newTree)]);
  const [a, b] = [ta.list, tb.list];
  // Keyed by masked name: entry-AAAA1111.js and entry-BBBB2222.js are the same file.
  const index = (list: string[]) => new Map(list.filter((f) => !isManifestFile(f) && !(isHashedName(f) && !isPage(f))).map((f) => [maskHashes(`/${f}`).slice(1), f]));
  const ia = index(a);
  const ib = index(b);
  const s = split(ia, ib);
  const pages: OutDiff['pages'] = { added: s.added.filter(isPage), removed: s.removed.filter(isPage), changed: [] };
  const files: OutDiff['files'] = { added: s.added.filter((f) => !isPage(f)), removed: s.removed.filter((f) => !isPage(f)), changed: [] };
  for (const key of s.both) {
    const [x, y] = await Promise.all([readFile(ta.at(ia.get(key)!)), readFile(tb.at(ib.get(key)!))]);
    if (x.equals(y)) continue;
    if (isPage(key)) {
      const nx = normaliseHtml(x.toString('utf8'));
      const ny = normaliseHtml(y.toString('utf8'));
      if (nx === ny) continue;
      pages.changed.push({ file: key, diff: createTwoFilesPatch(`a/${key}`, `b/${key}`, nx, ny, undefined, undefined, { context: opts.context ?? 3 }) });
    } else if (maskHashes(x.toString('utf8')) !== maskHashes(y.toString('utf8'))) {
      files.changed.push(key);
    }
  }
  const equal = pages.added.length + pages.removed.length + pages.changed.length + files.added.length + files.removed.length + files.changed.length === 0;
  return { kind: 'out', equal, pages, files };
}

export async function diffSnapshots(oldDir: string, newDir: string): Promise<SnapshotDiff> {
  const [{ snapshot: a }, { snapshot: b }] = await Promise.all([Snapshot.load(oldDir), Snapshot.load(newDir)]);
  const ha = new Map(a.entries().map((e) => [e.key, e.hash]));
  const hb = new Map(b.entries().map((e) => [e.key, e.hash]));
  const s = split(ha, hb);
  const changed = s.both.filter((k) => ha.get(k) !== hb.get(k));
  return { kind: 'snapshot', equal: s.added.length + s.removed.length + changed.length === 0, added: s.added, removed: s.removed, changed };
}
