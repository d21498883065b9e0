// What Pressroom keeps beside out/ (docs/operations.md, "Releases and rollback"), all in out/'s parent
// so every rename stays on one file system and is atomic:
//   out/                                     the published site (a real folder: deploy tools upload it as it is)
//   out.lock                                 the run lock (src/publish/lock.ts)
//   out.staging-<pid>/                       what a build writes: every file, or only the changed ones (./flip.ts)
//   out.old-<pid>/                           out/ for the instant of a swap
//   .pressroom/out/spare/                    the site one publish ago, updated by the diff and flipped in
//   .pressroom/out/spare.json                which manifest the spare holds; absent while it is being changed
//   .pressroom/out/objects/ab/<sha256>       every file of every kept release once, by content (hard links)
//   .pressroom/out/releases/<id>/            release.json, state.json, build-report.json
//   .pressroom/out/current                   the id of the release out/ holds
//   .pressroom/out/build-report.json         the latest build's report
import { basename, dirname, join, resolve } from 'node:path';

export interface OutPaths {
  out: string;
  lock: string;
  staging(pid?: number): string;
  old(pid?: number): string;
  /** `.pressroom/<out name>` */
  state: string;
  spare: string;
  spareState: string;
  objects: string;
  releases: string;
  current: string;
  report: string;
}

export function outPaths(out: string): OutPaths {
  const abs = resolve(out);
  const parent = dirname(abs);
  const name = basename(abs);
  const state = join(parent, '.pressroom', name);
  return {
    out: abs,
    lock: join(parent, `${name}.lock`),
    staging: (pid = process.pid) => join(parent, `${name}.staging-${pid}`),
    old: (pid = process.pid) => join(parent, `${name}.old-${pid}`),
    state,
    spare: join(state, 'spare'),
    spareState: join(state, 'spare.json'),
    objects: join(state, 'objects'),
    releases: join(state, 'releases'),
    current: join(state, 'current'),
    report: join(state, 'build-report.json'),
  };
}

/** Where the object of a file's content is kept (sharded by the first two hex digits, as git does). */
export const objectFile = (out: string, sha256: string): string => join(outPaths(out).objects, sha256.slice(0, 2), sha256);
