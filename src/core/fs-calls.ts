// The file calls a build makes by the ten thousand (emit's writes, the links of
// carried files and release objects), through node:fs's callback API rather
// than node:fs/promises. Same syscalls, same errors; but the promise API opens a
// FileHandle per writeFile and hops through several promises per call, which
// measured about 80 µs of main-thread time per file written against 45 µs here
// (8,000 folders and files: 627 ms of user time against 354 ms), on a machine
// whose two cores a full build keeps busy.
import { link as linkCb, mkdir as mkdirCb, writeFile as writeFileCb } from 'node:fs';

type Done = (e: NodeJS.ErrnoException | null) => void;
const call = (run: (done: Done) => void): Promise<void> => new Promise((ok, fail) => run((e) => (e ? fail(e) : ok())));

export const writeFileFast = (file: string, data: Uint8Array | string): Promise<void> => call((done) => writeFileCb(file, data, done));
export const linkFast = (from: string, to: string): Promise<void> => call((done) => linkCb(from, to, done));
/** mkdir -p. */
export const mkdirFast = (dir: string): Promise<void> => call((done) => mkdirCb(dir, { recursive: true }, (e) => done(e)));
