// What emit's writer records per file and knows of the previous release, and the output path check.
import { createHash } from 'node:crypto';
import { pressroomError } from '../errors/errors.ts';

/** The sha256 and byte size of a file's contents. */
export interface ContentId {
  sha256: string;
  size: number;
}

/** The ContentId of a text file (UTF-8). */
export function contentId(text: string): ContentId {
  return { sha256: createHash('sha256').update(text, 'utf8').digest('hex'), size: Buffer.byteLength(text, 'utf8') };
}

export interface ManifestEntry {
  path: string;
  sha256: string;
  size: number;
}

/**
 * The previous release's files (docs/operations.md, "Incremental builds"): a file with the same sha256
 * there is hard-linked instead of written, keeping its mtime.
 */
export interface PreviousFiles {
  root: string;
  /** path -> its entry in the previous manifest (a file carried by what it was made from, unread, needs its size for the manifest). */
  files: ReadonlyMap<string, ManifestEntry>;
  /** API paths whose entries may differ from the previous release's snapshot; others' mirror files carry. */
  changedApiPaths?: ReadonlySet<string>;
  /** An API path's entry hash in the previous release's snapshot: equal hash, carried mirror file. */
  entryHash?: (path: string) => string | undefined;
  /**
   * `root` is out/ itself and staging gets only what changed (src/publish/spare.ts syncs the second
   * tree from it): an unchanged file is recorded, not linked.
   */
  inPlace?: boolean;
}

/** Output paths are '/'-separated, relative and free of dot segments: nothing leaves the staging folder. */
// One regex, no split (it runs for every file of every build): an empty path or segment, a '.' or
// '..' segment, a backslash or a NUL.
const UNSAFE_PATH = /^$|^\/|\/$|\/\/|(^|\/)\.\.?(\/|$)|[\\\0]/;
export function assertRelative(rel: string): void {
  if (UNSAFE_PATH.test(rel)) {
    throw pressroomError('PR_INTERNAL', { detail: `unsafe output path ${JSON.stringify(rel)}` });
  }
}
