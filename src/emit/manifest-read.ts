// Reading the manifest (./manifest-text.ts): its index and parts, from a folder holding the site or by
// hash from a release's object store (src/publish/manifest.ts), each checked against its name. Format 1
// (files inline, before docs/decisions/0080-manifest-and-state-in-parts.md) still reads, so older
// releases can be compared, rolled back to and carried over.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { pressroomError } from '../errors/errors.ts';
import { MANIFEST_FILE, MANIFEST_PARTS, type ManifestPart } from './manifest-text.ts';
import type { ManifestEntry } from './output-files.ts';
import type { ManifestHead } from './index.ts';

/** Reads a part's bytes by its entry in the index. */
export type PartReader = (part: ManifestPart) => Promise<Buffer>;

/** Parts read from a folder holding the site (out/, the spare, a release's folder). */
export const partsIn =
  (root: string): PartReader =>
  (part) =>
    readFile(join(root, part.path));

/** Every file a manifest names by path, with its sha256 and size: the files its parts list, the parts, and the index itself. */
export type SiteFiles = Map<string, ManifestEntry>;

const bad = (where: string, detail: string, cause?: unknown) => pressroomError('PR_MANIFEST', { file: where, detail }, cause);

/** The head of a manifest's index (its format, source and base path), without its files. */
export function manifestHead(text: string, where = MANIFEST_FILE): ManifestHead {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw bad(where, `not JSON: ${(e as Error).message}`, e);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(where, 'not a JSON object');
  return v as ManifestHead;
}

/**
 * Every file a manifest's index describes, read with its parts (`ownSha`: the index's sha256 if known).
 * A missing or corrupt part is an error naming it: a site is never compared or rolled back partly.
 */
export async function readSiteFiles(text: string, readPart: PartReader, ownSha?: string, where = MANIFEST_FILE): Promise<SiteFiles> {
  const head = manifestHead(text, where) as ManifestHead & { files?: unknown; parts?: unknown };
  const files: SiteFiles = new Map();
  const add = (list: unknown, from: string) => {
    if (!Array.isArray(list)) throw bad(from, 'its list of files is not a JSON list');
    for (const f of list as ManifestEntry[]) {
      if (typeof f?.path !== 'string' || typeof f.sha256 !== 'string') throw bad(from, `an entry without a path or sha256: ${JSON.stringify(f)?.slice(0, 120)}`);
      files.set(f.path, { path: f.path, sha256: f.sha256, size: f.size });
    }
  };
  if (head.version === 1 || head.parts === undefined) add(head.files ?? [], where);
  else {
    if (!Array.isArray(head.parts)) throw bad(where, '"parts" is not a JSON list');
    const parts = head.parts as ManifestPart[];
    // A part is named by its hash, in the parts' folder: no other path of the site (or outside it) is read as one.
    for (const p of parts) if (!/^[0-9a-f]{64}$/.test(String(p?.sha256)) || p.path !== `${MANIFEST_PARTS}/${p.sha256}.json`) throw bad(where, `not a part of the manifest: ${JSON.stringify(p)?.slice(0, 160)}`);
    const limit = pLimit(16);
    const texts = await Promise.all(
      parts.map((p) =>
        limit(async () => {
          const bytes = await readPart(p).catch((e: Error) => {
            throw bad(p.path, `a part of the manifest cannot be read: ${e.message}`, e);
          });
          if (createHash('sha256').update(bytes).digest('hex') !== p.sha256) throw bad(p.path, `its bytes are not those its sha256 ${p.sha256} names (edited or damaged)`);
          return bytes.toString('utf8');
        }),
      ),
    );
    texts.forEach((t, i) => {
      let list: unknown;
      try {
        list = JSON.parse(t);
      } catch (e) {
        throw bad(parts[i].path, `not JSON: ${(e as Error).message}`, e);
      }
      add(list, parts[i].path);
    });
    for (const p of parts) files.set(p.path, { path: p.path, sha256: p.sha256, size: p.size });
  }
  files.set(MANIFEST_FILE, { path: MANIFEST_FILE, sha256: ownSha ?? createHash('sha256').update(text).digest('hex'), size: Buffer.byteLength(text) });
  return files;
}

