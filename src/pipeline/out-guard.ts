// A build replaces its output folder whole, so --out must name a folder Pressroom built, an empty
// folder, or nothing yet. Anything else would be deleted: refused before anything is written, the run
// lock included (PR_OUT_NOT_SITE, exit 2).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { MANIFEST_FILE } from '../emit/index.ts';

/** What `out` is when a build may not publish into it, else undefined. `mark`: the file such folders hold. */
export async function foreignOut(out: string, mark = MANIFEST_FILE): Promise<string | undefined> {
  const s = await stat(out).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw pressroomError('PR_OUTPUT_PUBLISH', { out, detail: e.message }, e);
  });
  if (!s) return undefined;
  if (!s.isDirectory()) return s.isFile() ? `it is a file of ${s.size} bytes` : 'it is not a folder';
  // The manifest is the mark of a published site: emit writes it into every release.
  if (await stat(join(out, mark)).then((m) => m.isFile(), () => false)) return undefined;
  const names = await readdir(out).catch((e: NodeJS.ErrnoException) => {
    throw pressroomError('PR_OUTPUT_PUBLISH', { out, detail: `cannot list it: ${e.message}` }, e);
  });
  if (names.length === 0) return undefined;
  const shown = names.sort().slice(0, 3).join(', ');
  return `it is a folder of ${names.length} entr${names.length === 1 ? 'y' : 'ies'} (${shown}${names.length > 3 ? ', …' : ''})`;
}

/** Throws PR_OUT_NOT_SITE when a build must not publish into `out`. */
export async function refuseForeignOut(out: string, mark = MANIFEST_FILE): Promise<void> {
  const what = await foreignOut(out, mark);
  if (what) throw pressroomError('PR_OUT_NOT_SITE', { out, what, mark });
}
