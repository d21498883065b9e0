// What emit's writer records per file and knows of the previous release (./writer.ts), and the
// one check every output path passes before anything is written.
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
 * The previous release's files (docs/operations.md, "Incremental builds"): a file whose new bytes have the same
 * sha256 as the file of the same path there is hard-linked from it instead of
 * written, so it keeps its mtime (rsync and CDN invalidation see only real changes).
 */
export interface PreviousFiles {
  root: string;
  /** path -> its entry in the previous manifest (a file carried by what it was made from, unread, needs its size for the manifest). */
  files: ReadonlyMap<string, ManifestEntry>;
  /**
   * The API paths whose snapshot entries may differ from those of the snapshot the previous
   * release was rendered from, when that is known (with `entryHash`): every other path's
   * mirror file is the previous release's.
   */
  changedApiPaths?: ReadonlySet<string>;
  /**
   * The entry hash of an API path in the snapshot the previous release was
   * rendered from, when that snapshot is known: a mirror file is a pure
   * function of its entry, so an equal hash carries it without serialising it.
   */
  entryHash?: (path: string) => string | undefined;
  /**
   * `root` is out/ itself and the staging folder receives only what changed
   * (src/publish/spare.ts brings the second tree up to date from it): an
   * unchanged file is then recorded, not linked.
   */
  inPlace?: boolean;
}

/** Output paths are '/'-separated, relative and free of dot segments: nothing leaves the staging folder. */
// One test, no split: it runs for every file of the site on every build, the carried ones too.
// An empty path or segment, a '.' or '..' segment, a backslash or a NUL.
const UNSAFE_PATH = /^$|^\/|\/$|\/\/|(^|\/)\.\.?(\/|$)|[\\\0]/;
export function assertRelative(rel: string): void {
  if (UNSAFE_PATH.test(rel)) {
    throw pressroomError('PR_INTERNAL', { detail: `unsafe output path ${JSON.stringify(rel)}` });
  }
}
