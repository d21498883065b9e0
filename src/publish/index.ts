// The publish stage (docs/architecture.md, "The pipeline"): `publishStaged` puts the new site in place
// atomically (./swap.ts), updating the spare by the diff when only changed files were staged
// (./spare.ts); `recordRelease` records the release (./objects.ts, ./releases.ts). Both cost the
// change, not the site, in an incremental build.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.ts';
import type { EmitResult, ManifestEntry, ManifestPart } from '../emit/index.ts';
import { knownParts, stateIndexText, statePartNames, stateParts, type BuildState, type StatePart } from './build-state.ts';
import type { StateKept } from './build-state.ts';
import { commitRelease, listReleases, newReleaseId, pruneReleases, readRecord, releasePaths, setCurrentRelease, type CurrentRelease, type ReleaseRecord } from './releases.ts';
import { collectGarbage, storeObjects, storeTexts } from './objects.ts';
import { outPaths } from './paths.ts';
import { differingPaths, partsInStore, readReleaseManifest } from './manifest.ts';
import { partsIn, readSiteFiles } from '../emit/manifest-read.ts';
import { spareHolds, spareManifest, updateSpare, type SiteId } from './spare.ts';
import { carryTree } from '../files/links.ts';
import { recover, swapIn } from './swap.ts';
import { acquireLock, type RunLock } from './lock.ts';
import { currentState } from './releases.ts';
import { createHash } from 'node:crypto';

export { recover } from './swap.ts';
export { differingPaths, partsInStore, readReleaseFiles, releaseFiles, siblingsOf } from './manifest.ts';

/** The manifest sha256 of the release out/ holds (undefined: none, or not known). */
export function manifestShaOf(parent: CurrentRelease | undefined): string | undefined {
  if (!parent) return undefined;
  return parent.record?.manifest ?? (parent.manifest ? createHash('sha256').update(parent.manifest).digest('hex') : undefined);
}

/**
 * How a publish put the site in place: a complete staging folder, nothing to do, or the spare updated
 * by this change ('diff'), by the previous one's too ('diff2', usual), by manifests, or rebuilt.
 */
export type PublishMode = 'complete' | 'unchanged' | 'diff' | 'diff2' | 'manifest' | 'rebuilt';

/** Publishes what emit staged; on failure out/ is as it was and staging is gone. */
export async function publishStaged(out: string, staged: EmitResult, parent: CurrentRelease | undefined, opts: { precompress: boolean }): Promise<PublishMode> {
  let how: PublishMode;
  try {
    if (!staged.inPlace || !parent?.record) {
      // The old out/ becomes the spare, recorded as the parent's site only when certain (an object
      // store release); otherwise it is checked or rebuilt later (src/publish/spare.ts).
      await swapIn(staged.staging, out, parent?.record ? { manifest: parent.record.manifest, precompress: parent.record.precompress } : undefined);
      how = 'complete';
    } else if (staged.changed.length === 0) {
      how = 'unchanged';
    } else {
      const written = new Set(staged.staged.map((f) => f.path));
      const record = parent.record;
      how = await updateSpare({
        out,
        live: record.manifest,
        precompress: opts.precompress,
        parentChange: record.parent && record.changed ? { from: record.parent, paths: record.changed } : undefined,
        paths: staged.changed,
        // The spare compared with every file of the new site (the manifest's index and parts included).
        differing: async (text, root) => differingPaths(await readSiteFiles(text, partsIn(root)), staged.entries),
        source: (p) => (written.has(p) ? join(staged.staging, p) : staged.entries.has(p) ? join(out, p) : null),
      });
      await swapIn(outPaths(out).spare, out, { manifest: record.manifest, precompress: record.precompress });
    }
    await staged.snippets.commit();
  } catch (e) {
    await discardStaged(staged).catch(() => undefined);
    throw e;
  }
  await rm(staged.staging, { recursive: true, force: true }).catch(() => undefined);
  return how;
}

/** Drops what emit staged without publishing it (a rehearsal, src/pipeline/index.ts rehearse). */
export async function discardStaged(staged: EmitResult): Promise<void> {
  await staged.snippets.discard().catch(() => undefined);
  await rm(staged.staging, { recursive: true, force: true });
}

/**
 * Records the published site as a release: new files become objects, then release.json and
 * state.json; `current` moves, releases beyond `keep` go, and now and then objects are swept.
 */
export async function recordRelease(out: string, staged: EmitResult, state: BuildState, parent: CurrentRelease | undefined, opts: { keep: number; precompress: boolean; spare: boolean; /** The session's incremental part: the state is printed from its kept runs. */ incremental?: StateKept }): Promise<string> {
  // The parent's files are objects already (with siblings, under the same setting): only the change
  // is new. Otherwise every file is kept. (An in-place publish knows its new files.)
  const all = () => [...staged.entries.values()];
  const fromParent = parent?.record !== undefined && parent.record.precompress === opts.precompress;
  let files: ManifestEntry[];
  if (!fromParent) files = all();
  else if (staged.inPlace) files = staged.staged;
  else {
    const changed = new Set(staged.changed);
    files = all().filter((f) => changed.has(f.path));
  }
  await storeObjects(out, out, files, opts.precompress);
  const id = await newReleaseId(out);
  const tmp = `${releasePaths(out, id).dir}.tmp`;
  // A publish that changed nothing keeps its parent's change, which is what still tells the spare from out/.
  const record: ReleaseRecord =
    parent?.record && staged.changed.length === 0
      ? { ...parent.record }
      : { manifest: staged.manifestSha, parent: manifestShaOf(parent) ?? null, changed: parent ? staged.changed : null, precompress: opts.precompress };
  // The state's parts first (objects, of which a publish writes those of the routes it changed), then its index.
  const parts: StatePart[] = [];
  for (const part of stateParts(state, opts.incremental)) parts.push(part);
  try {
    await storeTexts(out, parts, knownParts(parent?.state));
    await writeFileAtomic(join(tmp, 'release.json'), `${JSON.stringify(record)}\n`);
    await writeFileAtomic(join(tmp, 'state.json'), stateIndexText(state, parts));
    await commitRelease(out, id);
  } catch (e) {
    // A release not recorded (a full disk) leaves no half of one; its new objects are swept as no release's.
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw e;
  }
  await setCurrentRelease(out, id);
  await pruneReleases(out, opts.keep);
  await collectGarbage(out, staged.files, () => keptObjects(out));
  if (opts.spare) await keepSpare(out, { manifest: staged.manifestSha, precompress: opts.precompress });
  return id;
}

/**
 * Makes the spare from out/ after the first publish (or a kill that cost it), once readers have the
 * site, for a process that publishes again soon. A one-off build leaves it to the next incremental
 * publish, so a first build makes no second copy (docs/decisions/0063-one-off-build-no-spare.md).
 */
async function keepSpare(out: string, site: SiteId): Promise<boolean> {
  if ((await spareManifest(out, site.precompress)) !== undefined) return false;
  const p = outPaths(out);
  await rm(p.spare, { recursive: true, force: true });
  await carryTree(p.out, p.spare);
  await spareHolds(out, site);
  return true;
}

/**
 * Makes the spare from out/ under the run lock when out/ is an object-store release without an
 * intact spare (pressroom watch at start). Returns whether it made one.
 */
export async function prepareSpare(out: string): Promise<boolean> {
  let lock: RunLock;
  try {
    lock = await acquireLock(out, { command: 'watch (spare tree)', handleSignals: false });
  } catch {
    return false;
  }
  try {
    await recover(out);
    const record = (await currentState(out))?.record;
    return record ? await keepSpare(out, { manifest: record.manifest, precompress: record.precompress }) : false;
  } finally {
    await lock.release();
  }
}

/**
 * Every object a kept release names: manifest index, parts and files, and state parts. A release
 * whose manifest cannot be read whole keeps its index and the parts it names.
 */
export async function keptObjects(out: string): Promise<Set<string>> {
  const keep = new Set<string>();
  for (const r of await listReleases(out)) {
    for (const sha of await statePartNames(releasePaths(out, r.id).state)) keep.add(sha);
    const record = await readRecord(out, r.id);
    if (!record) continue;
    keep.add(record.manifest);
    const text = await readReleaseManifest(out, record.manifest).catch(() => null);
    if (text === null) continue;
    const files = await readSiteFiles(text, partsInStore(out), record.manifest).catch(() => null);
    if (files) for (const f of files.values()) keep.add(f.sha256);
    else for (const p of partsNamed(text)) keep.add(p.sha256);
  }
  return keep;
}

/** The parts an index names, as far as it can be read. */
function partsNamed(text: string): ManifestPart[] {
  try {
    const parts = (JSON.parse(text) as { parts?: unknown }).parts;
    return Array.isArray(parts) ? parts.filter((p): p is ManifestPart => typeof p?.sha256 === 'string') : [];
  } catch {
    return [];
  }
}
