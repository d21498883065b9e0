// File helpers shared by emit, pipeline and integration tests.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Every file under `root`, '/'-separated, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(root, p).split(sep).join('/'));
    }
  }
  await walk(root);
  return out.sort();
}

/** path -> sha256 of every file under `root`: compares two trees byte for byte. */
export async function treeHashes(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await listFiles(root)) out[f] = createHash('sha256').update(await readFile(join(root, f))).digest('hex');
  return out;
}

/** Every folder under root, relative and sorted (an empty folder a full build would not have shows here). */
export async function listDirs(root: string): Promise<string[]> {
  const { default: fg } = await import('fast-glob');
  return (await fg('**', { cwd: root, onlyDirectories: true, dot: true })).sort();
}

/**
 * What a build may leave beside out/ only while it runs, found under `parent` (out/'s own files
 * aside): the run lock and its private files, staging and old folders, temporary files of
 * atomic writes, a staged snapshot base, a release folder not committed. A build that ended,
 * however it failed, leaves none of them (docs/operations.md, "When the disk is full").
 */
export async function debrisBeside(parent: string, outName = 'out'): Promise<string[]> {
  const re = /\.lock$|\.lock\.|\.staging-\d+$|\.old-\d+$|\.stale-\d+$|\.tmp$|\.tmp-\d+$|\.staged$/;
  const found: string[] = [];
  async function walk(dir: string) {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = join(dir, e.name);
      const rel = relative(parent, p).split(sep).join('/');
      if (re.test(e.name)) found.push(rel);
      else if (e.isDirectory() && rel !== outName) await walk(p);
    }
  }
  await walk(parent);
  return found.sort();
}
