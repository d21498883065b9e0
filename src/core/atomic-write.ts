// The one way Pressroom replaces a small file beside out/ (release pointer,
// build state and report, snapshot metadata, source.json): write a private
// temporary name in the same folder, then rename(2) it over the file, which is
// atomic on POSIX file systems, so a reader or a kill -9 sees the old file or
// the new one, never half of one. Failures name the file (PR_OUTPUT_WRITE).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pressroomError } from './errors.ts';
import { batched } from './printed-runs.ts';

/** `data` may come in pieces (strings or bytes, written as they come, about 1 MB a write), so a large text is never held whole. */
export async function writeFileAtomic(file: string, data: string | Uint8Array | Iterable<string | Buffer>): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(tmp, typeof data === 'string' || data instanceof Uint8Array ? data : batched(data));
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: (e as Error).message }, e);
  }
}
