// A failed write is an output error, never a bug. ENOSPC, EDQUOT, EROFS, EACCES or EPERM are the
// operator's to fix: every write path throws PR_OUTPUT_WRITE (exit 6) naming the file and removes
// what it began (docs/operations.md, "When the disk is full").
//
// Write faults for tests (tests/integration/write-faults.test.ts): with
// PRESSROOM_FAIL_WRITE=<ERRNO>:<text>, every write to a path containing <text> fails with that
// error, so each write path is reachable by name without a small tmpfs. Read once; unset, a write
// pays one comparison.
import { writeFile } from 'node:fs/promises';
import { constants } from 'node:os';
import { isPressroomError, pressroomError, type PressroomError } from '../errors/errors.ts';

const MESSAGES: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
};

function parse(spec: string | undefined): { code: string; text: string } | undefined {
  const m = spec ? /^([A-Z]+):(.+)$/.exec(spec) : null;
  return m && m[1] in MESSAGES ? { code: m[1], text: m[2] } : undefined;
}

const FAULT = parse(process.env.PRESSROOM_FAIL_WRITE);

/** An error shaped as node:fs gives it (code, errno, syscall, path). */
export function systemError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`${code}: ${MESSAGES[code] ?? 'failed'}, ${syscall} '${path}'`);
  e.code = code;
  e.errno = -((constants.errno as Record<string, number>)[code] ?? 0);
  e.syscall = syscall;
  e.path = path;
  return e;
}

/** Throws the injected fault when `file` is a path it names (tests only; see above). */
export function writeFault(file: string, syscall = 'write'): void {
  const e = faultOf(file, syscall);
  if (e) throw e;
}

/** The injected fault for a write to `file`, if any (for callback-style calls). */
export const faultOf = (file: string, syscall = 'write'): NodeJS.ErrnoException | undefined => (FAULT && file.includes(FAULT.text) ? systemError(FAULT.code, syscall, file) : undefined);

/**
 * As writeFault, for a just-created file: on a full disk open(2) succeeds and the write fails,
 * leaving an empty file, so the injected ENOSPC and EDQUOT leave one too.
 */
export async function writeFaultAfterOpen(file: string): Promise<void> {
  const e = faultOf(file);
  if (!e) return;
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT') await writeFile(file, '');
  throw e;
}

/** A failed write as the output error naming `file` (a catalogue error passes through as it is). */
export function outputWriteError(file: string, e: unknown): PressroomError {
  if (isPressroomError(e)) return e;
  return pressroomError('PR_OUTPUT_WRITE', { file, detail: (e as Error)?.message ?? String(e) }, e);
}
