// Reading a site's manifest (src/emit/manifest-read.ts) as publish needs it: files by path with sha256,
// which paths differ between two sites, which have siblings, and a release's from the object store.
import { readFile } from 'node:fs/promises';
import { pressroomError } from '../errors/errors.ts';
import type { ManifestEntry } from '../emit/index.ts';
import { readSiteFiles, type PartReader, type SiteFiles } from '../emit/manifest-read.ts';
import { precompressible, SIBLINGS } from '../emit/precompress.ts';
import { objectFile } from './paths.ts';
import type { ReleaseRecord } from './releases.ts';

/** Parts read from the object store of `out` (a kept release's). */
export const partsInStore =
  (out: string): PartReader =>
  (part) =>
    readFile(objectFile(out, part.sha256));

/** Paths whose content differs between two sites' files by path (present in one only, or with another sha256). */
export function differingPaths(a: ReadonlyMap<string, { sha256: string }>, b: ReadonlyMap<string, { sha256: string }>): string[] {
  const out = new Set<string>();
  for (const [p, f] of a) if (b.get(p)?.sha256 !== f.sha256) out.add(p);
  for (const p of b.keys()) if (!a.has(p)) out.add(p);
  return [...out].sort();
}

/** Whether a path of a release has precompressed siblings (src/emit/precompress.ts), from its files' sizes. */
export function siblingsOf(record: Pick<ReleaseRecord, 'precompress'>, files: ReadonlyMap<string, ManifestEntry>): (path: string) => boolean {
  if (!record.precompress) return () => false;
  return (path) => {
    const f = files.get(path);
    return f !== undefined && precompressible(path, f.size);
  };
}

/** The text of a kept release's manifest index, from the object store; a missing one is an error naming the file. */
export async function readReleaseManifest(out: string, sha: string): Promise<string> {
  const file = objectFile(out, sha);
  return readFile(file, 'utf8').catch((e: Error) => {
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: `the release's manifest is missing from the object store: ${e.message}` }, e);
  });
}

/** Every file of a kept release with its sha256 and size, from the object store. */
export async function readReleaseFiles(out: string, sha: string): Promise<SiteFiles> {
  return readSiteFiles(await readReleaseManifest(out, sha), partsInStore(out), sha, objectFile(out, sha));
}

/** A kept release's files by path, siblings included as in out/: for `pressroom diff`. */
export async function releaseFiles(out: string, record: Pick<ReleaseRecord, 'manifest' | 'precompress'>): Promise<Map<string, string>> {
  const site = await readReleaseFiles(out, record.manifest);
  const siblings = siblingsOf(record, site);
  const files = new Map<string, string>();
  for (const [path, f] of site) {
    const file = objectFile(out, f.sha256);
    files.set(path, file);
    if (siblings(path)) for (const ext of SIBLINGS) files.set(path + ext, file + ext);
  }
  return files;
}
