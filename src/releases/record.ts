// Recording a build as a release (./store.ts has the layout). Called by the
// pipeline right after the swap, from the published tree, so readers never
// wait for it; `current` moves once it is complete. A build killed in between
// leaves out/ without a release of its own, which the next build notices
// (src/pipeline/snapshot.ts unpublishedChange) and repairs.
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.ts';
import { serialiseState, type BuildState } from '../incremental/state.ts';
import { carryTree } from './link.ts';
import { commitRelease, newReleaseId, pruneReleases, releasePaths, setCurrentRelease, stateRootFor, RELEASE_REPORT, RELEASE_SITE, RELEASE_STATE } from './store.ts';

/** Hard-links a finished tree (the published out/) into a new release with its state; returns the id. */
export async function recordRelease(out: string, staging: string, state: BuildState): Promise<string> {
  const id = await newReleaseId(out);
  const tmp = `${releasePaths(out, id).dir}.tmp`;
  await carryTree(staging, join(tmp, RELEASE_SITE));
  await writeText(join(tmp, RELEASE_STATE), serialiseState(state));
  await commitRelease(out, id);
  return id;
}

/** After the swap: `current` names the release, old ones beyond `keep` go. */
export async function activateRelease(out: string, id: string, keep: number): Promise<string[]> {
  await setCurrentRelease(out, id);
  return pruneReleases(out, keep);
}

/** build-report.json in the release and, for the latest build, beside the releases. */
export async function writeBuildReport(out: string, id: string | undefined, report: unknown): Promise<void> {
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (id) await writeText(releasePaths(out, id).report, text);
  await writeText(join(stateRootFor(out), RELEASE_REPORT), text);
}

const writeText = (file: string, text: string): Promise<void> => writeFileAtomic(file, text);
