// Reading a site's manifest (`pressroom-manifest.json`, written by emit) the
// ways the publish stage needs it: path -> sha256 (the manifest itself
// included, under its own sha256), which paths differ between two sites,
// which paths have precompressed siblings, and a release's manifest from the
// object store (./objects.ts).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pressroomError } from '../core/errors.ts';
import { MANIFEST_FILE, type ManifestEntry } from '../emit/index.ts';
import { precompressible, SIBLINGS } from '../emit/precompress.ts';
import { objectFile } from './paths.ts';
import type { ReleaseRecord } from './releases.ts';

const entriesOf = (text: string): ManifestEntry[] => (JSON.parse(text) as { files?: ManifestEntry[] }).files ?? [];

/** path -> sha256 of a manifest file's text, the manifest itself included (under its own sha). */
export function manifestFiles(text: string, ownSha?: string): Map<string, string> {
  const files = new Map(entriesOf(text).map((f): [string, string] => [f.path, f.sha256]));
  files.set(MANIFEST_FILE, ownSha ?? createHash('sha256').update(text).digest('hex'));
  return files;
}

/** Paths whose content differs between two sites (present in one only, or with other bytes). */
export function differingPaths(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string[] {
  const out = new Set<string>();
  for (const [p, sha] of a) if (b.get(p) !== sha) out.add(p);
  for (const p of b.keys()) if (!a.has(p)) out.add(p);
  return [...out].sort();
}

/** Whether a path of a release has precompressed siblings (src/emit/precompress.ts), from its manifest entry. */
export function siblingsOf(record: Pick<ReleaseRecord, 'precompress'>, text: string): (path: string) => boolean {
  if (!record.precompress) return () => false;
  const size = new Map(entriesOf(text).map((f): [string, number] => [f.path, f.size]));
  return (path) => precompressible(path, size.get(path) ?? Buffer.byteLength(text));
}

/** The text of a kept release's manifest, from the object store; a missing one is an error naming the file. */
export async function readReleaseManifest(out: string, sha: string): Promise<string> {
  const file = objectFile(out, sha);
  return readFile(file, 'utf8').catch((e: Error) => {
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: `the release's manifest is missing from the object store: ${e.message}` }, e);
  });
}

/**
 * The files of a kept release, by path, siblings included as they are in out/
 * (they follow from the manifest and the release's setting): for `pressroom diff`.
 */
export async function releaseFiles(out: string, record: Pick<ReleaseRecord, 'manifest' | 'precompress'>): Promise<Map<string, string>> {
  const text = await readReleaseManifest(out, record.manifest);
  const siblings = siblingsOf(record, text);
  const files = new Map<string, string>();
  for (const [path, sha] of manifestFiles(text, record.manifest)) {
    const file = objectFile(out, sha);
    files.set(path, file);
    if (siblings(path)) for (const ext of SIBLINGS) files.set(path + ext, file + ext);
  }
  return files;
}
