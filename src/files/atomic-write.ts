// The one way a small file beside out/ is replaced (release pointer, build state, snapshot meta,
// source.json): write a private temporary name in the same folder, then rename(2) over the file, so
// a reader or a kill -9 sees the old or the new file. Failures name the file (PR_OUTPUT_WRITE).
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { batched } from '../lists/printed-runs.ts';
import { writeFaultAfterOpen } from './write-fault.ts';

/** `data` may come in pieces (strings or bytes, written as they come, about 1 MB a writev(2)), so a large text is never held whole nor copied into one. */
export async function writeFileAtomic(file: string, data: string | Uint8Array | Iterable<string | Buffer>): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFaultAfterOpen(tmp);
    if (typeof data === 'string' || data instanceof Uint8Array) await writeFile(tmp, data);
    else await writePieces(tmp, data);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw pressroomError('PR_OUTPUT_WRITE', { file, detail: (e as Error).message }, e);
  }
}

/**
 * Writes the pieces in order, a group per writev(2) (../lists/printed-runs.ts batched). Errors are
 * the system's: the caller names the file and removes it.
 */
export async function writePieces(file: string | FileHandle, pieces: Iterable<string | Buffer>): Promise<void> {
  if (typeof file !== 'string') {
    for (const group of batched(pieces)) await writeAll(file, group);
    return;
  }
  const fh = await open(file, 'w');
  try {
    await writePieces(fh, pieces);
  } finally {
    await fh.close();
  }
}

async function writeAll(fh: FileHandle, group: Buffer[]): Promise<void> {
  let rest = group;
  for (;;) {
    const { bytesWritten } = await fh.writev(rest);
    // A short write (a signal, a full disk that freed up) goes on from where it stopped; none at all is an error.
    let left = bytesWritten;
    while (rest.length > 0 && left >= rest[0].length) (left -= rest[0].length), (rest = rest.slice(1));
    if (rest.length === 0) return;
    if (bytesWritten === 0) throw new Error('writev wrote nothing');
    rest = [rest[0].subarray(left), ...rest.slice(1)];
  }
}
