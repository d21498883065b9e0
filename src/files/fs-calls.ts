// The file calls a build makes by the ten thousand, through node:fs's callback API: same syscalls
// and errors, but the promise API cost about 80 µs of main-thread time per file written against
// 45 µs here. (Each may fail with a test's injected write fault, ./write-fault.ts.)
import { link as linkCb, mkdir as mkdirCb, writeFile as writeFileCb } from 'node:fs';
import { faultOf } from './write-fault.ts';

type Done = (e: NodeJS.ErrnoException | null) => void;
const call = (run: (done: Done) => void): Promise<void> => new Promise((ok, fail) => run((e) => (e ? fail(e) : ok())));
const failed = (e: NodeJS.ErrnoException): Promise<void> => Promise.reject(e);

export const writeFileFast = (file: string, data: Uint8Array | string): Promise<void> => {
  const e = faultOf(file);
  return e ? failed(e) : call((done) => writeFileCb(file, data, done));
};
export const linkFast = (from: string, to: string): Promise<void> => {
  const e = faultOf(to, 'link');
  return e ? failed(e) : call((done) => linkCb(from, to, done));
};
/** mkdir -p. */
export const mkdirFast = (dir: string): Promise<void> => {
  const e = faultOf(dir, 'mkdir');
  return e ? failed(e) : call((done) => mkdirCb(dir, { recursive: true }, (e) => done(e)));
};
