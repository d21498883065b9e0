// Releases (docs/operations.md, "Releases and rollback"): every published build is kept
// as a release, the last `releases.keep` of them, so `pressroom rollback` can
// republish one atomically.
//
// Decision: out/ stays a real folder (src/emit/publish.ts explains why: deploy
// tools skip or refuse a symlinked out/), and a release is a hard-linked copy
// of what was published, beside out/:
//
//   .pressroom/<out name>/releases/<id>/site/...            the published files (hard links)
//   .pressroom/<out name>/releases/<id>/state.json          routes -> {file, depsHash, sha256}
//   .pressroom/<out name>/releases/<id>/build-report.json   what the build did
//   .pressroom/<out name>/current                           the id out/ holds now
//
// A release folder is written as `<id>.tmp` and renamed into place when
// complete, before out/ is swapped; `current` is written (tmp + rename) after
// the swap. So a build killed at any point leaves either the old `current`
// (and out/ restored by recover()) or the new one, each naming a complete
// release. Hard links cost no space for files two releases share.
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pressroomError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/atomic-write.ts';
import { readState, type BuildState } from '../incremental/state.ts';

export const RELEASE_SITE = 'site';
export const RELEASE_STATE = 'state.json';
export const RELEASE_REPORT = 'build-report.json';
const ID_RE = /^\d{8}T\d{9}Z(-\d+)?$/;

export interface ReleaseInfo {
  id: string;
  dir: string;
  site: string;
  current: boolean;
  /** From build-report.json when present. */
  routes?: number;
  files?: number;
}

/** `.pressroom/<out name>` beside out/. */
export const stateRootFor = (out: string): string => join(dirname(resolve(out)), '.pressroom', basename(resolve(out)));
export const releasesDirFor = (out: string): string => join(stateRootFor(out), 'releases');
const currentFileFor = (out: string): string => join(stateRootFor(out), 'current');

export const isReleaseId = (id: string): boolean => ID_RE.test(id);

/** A new, sortable release id from the wall clock (ids name folders, never output bytes). */
export async function newReleaseId(out: string, now = new Date()): Promise<string> {
  const base = now.toISOString().replace(/[-:.]/g, '');
  const taken = new Set(await readdir(releasesDirFor(out)).catch(() => [] as string[]));
  let id = base;
  for (let n = 2; taken.has(id) || taken.has(`${id}.tmp`); n++) id = `${base}-${n}`;
  return id;
}

export async function currentReleaseId(out: string): Promise<string | undefined> {
  const id = (await readFile(currentFileFor(out), 'utf8').catch(() => '')).trim();
  return isReleaseId(id) ? id : undefined;
}

export async function setCurrentRelease(out: string, id: string): Promise<void> {
  await writeFileAtomic(currentFileFor(out), `${id}\n`);
}

export function releasePaths(out: string, id: string) {
  const dir = join(releasesDirFor(out), id);
  return { dir, site: join(dir, RELEASE_SITE), state: join(dir, RELEASE_STATE), report: join(dir, RELEASE_REPORT) };
}

/** Complete releases, oldest first (ids sort by time). */
export async function listReleases(out: string): Promise<ReleaseInfo[]> {
  const current = await currentReleaseId(out);
  const names = (await readdir(releasesDirFor(out)).catch(() => [] as string[])).filter(isReleaseId).sort();
  const list: ReleaseInfo[] = [];
  for (const id of names) {
    const p = releasePaths(out, id);
    const info: ReleaseInfo = { id, dir: p.dir, site: p.site, current: id === current };
    try {
      const r = JSON.parse(await readFile(p.report, 'utf8')) as { routes?: number; files?: number };
      if (typeof r.routes === 'number') info.routes = r.routes;
      if (typeof r.files === 'number') info.files = r.files;
    } catch {
      /* a release without a report still rolls back */
    }
    list.push(info);
  }
  return list;
}

/** The state of the release out/ holds now, if any: the previous build of an incremental one. */
export async function currentState(out: string): Promise<{ id: string; site: string; state: BuildState } | undefined> {
  const id = await currentReleaseId(out);
  if (!id) return undefined;
  const p = releasePaths(out, id);
  const state = await readState(p.state);
  return state ? { id, site: p.site, state } : undefined;
}

/** Turns `<id>.tmp` into the complete release `<id>`. */
export async function commitRelease(out: string, id: string): Promise<void> {
  const { dir } = releasePaths(out, id);
  try {
    await rename(`${dir}.tmp`, dir);
  } catch (e) {
    throw pressroomError('PR_OUTPUT_WRITE', { file: dir, detail: (e as Error).message }, e);
  }
}

/** Removes all but the newest `keep` releases (never the current one) and leftovers of killed builds. */
export async function pruneReleases(out: string, keep: number): Promise<string[]> {
  const dir = releasesDirFor(out);
  const current = await currentReleaseId(out);
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  const ids = names.filter(isReleaseId).sort();
  const drop = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== current);
  const leftovers = names.filter((n) => n.endsWith('.tmp') && isReleaseId(n.slice(0, -4)));
  for (const n of [...drop, ...leftovers]) {
    await rm(join(dir, n), { recursive: true, force: true });
    removed.push(n);
  }
  return removed;
}
